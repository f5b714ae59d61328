// The loader of the page's start-up scripts. The page renderer writes their tags with the address in
// `data-src` (late-scripts.mjs). so the browser does not fetch them while it lays out and paints the
// first screen. This replaces each with a real script, its other attributes kept, once the first frame
// is done (a task after that frame's animation callbacks), or after 3 s in a tab that paints nothing (a
// background tab), whichever comes first. Tags the stream brings later are loaded when the document has
// been read. Only the build's own scripts (/_next/) are loaded: a tag with another address is left as
// it is.
//
// The renderer writes this loader itself, right after the bootstrap script, so every document whose
// tags it rewrote carries it: Next's own error documents too, which render none of our layouts (a page
// that redirects while it is being regenerated is sent as one, and moves only once its scripts run).
//
// A tap on a button that only the app runs (type="button": the menu, a carousel's arrows, a tab) made
// before the app can take it would be lost: on a slow phone that is the first seconds after the paint.
// - Until React's root listens (the "app-listens" event, which the app's start-up sends:
//   scripts/lib/startup-slices.mjs), the loader notes each such button tapped, once, in order.
// - From then on React takes a tap, hydrating at once what it needs. When it cannot yet (the page's
//   data still being read, a part still to hydrate) the tap is lost: React stops it before the button,
//   or lets it reach a button it has not hydrated (one without React's props on it: React's own mark,
//   which tests/components/layout/late-scripts.test.tsx checks against the React we ship). The loader
//   notes such a tap too, until the page is hydrated or for 10 s.
// - A noted button is known by its place among the page's app-only buttons and its name, so that one
//   the app has drawn again meanwhile (a carousel it enhances) is found again.
// - Noted buttons are tapped again once the page says it is hydrated (`data-hydrated` on <html>, set
//   by the visitors' frame): not before, since a tap while React hydrates makes it render that part
//   again from scratch. Checked every 100 ms, 100 times at most from the moment the root listens; a
//   tap that is lost again is made again at the next check. The workspace and the content editor set
//   no such mark: there an early tap stays lost, as it was.
// Links and forms need no such help: the browser follows them itself.
export const LATE_SCRIPTS_LOADER = `(function(d){var started,listening,replaying,timer,tries=0,taps=[],h=d.documentElement;function hydrated(){return h.hasAttribute('data-hydrated')}function buttons(){return d.querySelectorAll('button[type=button]')}function key(b,all){return [].indexOf.call(all,b)+' '+(b.getAttribute('aria-label')||b.textContent)}function queue(b){var k=key(b,buttons());for(var i=0;i<taps.length;i++)if(taps[i].k===k)return;taps.push({b:b,k:k});schedule()}function watch(b){var seen=0,mark=function(){seen=Object.keys(b).some(function(k){return k.indexOf('__reactProps$')===0})};b.addEventListener('click',mark);return function(){b.removeEventListener('click',mark);return seen}}function note(e){if(replaying)return;if(hydrated()||listening&&Date.now()-listening>1e4)return d.removeEventListener('click',note,true);var b=e.target.closest&&e.target.closest('button[type=button]');if(!b)return;if(!listening)return queue(b);var reached=watch(b);setTimeout(function(){reached()||queue(b)},0)}function schedule(){if(!timer&&listening&&taps.length&&tries<100)timer=setTimeout(replay,100)}function replay(){timer=0;tries++;if(hydrated()){var left=[];replaying=1;for(var i=0;i<taps.length;i++){var t=taps[i],b=t.b,all=buttons();for(var j=0;!b.isConnected&&j<all.length;j++)if(key(all[j],all)===t.k)b=all[j];if(!b.isConnected||b.disabled)continue;t.b=b;var reached=watch(b);b.click();reached()||left.push(t)}replaying=0;taps=left}schedule()}function load(){var tags=d.querySelectorAll('script[data-src]');for(var i=0;i<tags.length;i++){var tag=tags[i],src=tag.getAttribute('data-src');if(src.indexOf('/_next/')!==0)continue;var s=d.createElement('script');for(var j=0;j<tag.attributes.length;j++){var a=tag.attributes[j];s.setAttribute(a.name==='data-src'?'src':a.name,a.value)}if(tag.nonce)s.nonce=tag.nonce;tag.parentNode.replaceChild(s,tag)}}function start(){if(started)return;started=1;load();if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',load)}d.addEventListener('click',note,true);d.addEventListener('app-listens',function(){listening=Date.now();schedule()});requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,3000)})(document)`;

// The loader of the page's start-up scripts. The page renderer writes their tags with the address in
// `data-src` (scripts/lib/late-scripts.mjs), so the browser does not fetch them while it lays out and
// paints the first screen. This replaces each with a real script, its other attributes kept, once the
// first frame is done (a task after that frame's animation callbacks), or after 3 s in a tab that
// paints nothing (a background tab), whichever comes first. Tags the stream brings later are loaded
// when the document has been read. Every root layout renders it last in its body; a page without it
// keeps working as it does without JavaScript. Only the build's own scripts (/_next/) are loaded: a
// tag with another address is left as it is.
//
// A tap on a button that only the app runs (type="button": the menu, a carousel's arrows, a tab) made
// before the app can take it would be lost: on a slow phone that is the first seconds after the paint.
// - Until React's root listens (the "app-listens" event, which the app's start-up sends:
//   scripts/lib/startup-slices.mjs), the loader notes each such button tapped, once, in order.
// - From then on React takes a tap, hydrating at once what it needs; when it cannot yet (the page's
//   data still being read) it stops the tap before the button. The loader notes a tap that did not
//   reach its button, until the page says it is hydrated (`data-hydrated` on <html>), or for 10 s.
// - Noted buttons are tapped again when the root listens, then every 100 ms while a tap is stopped
//   before its button, 100 times at most.
// Links and forms need no such help: the browser follows them itself.
export const LATE_SCRIPTS_LOADER = `(function(d){var started,listening,replaying,timer,tries=0,taps=[];function queue(b){if(taps.indexOf(b)<0)taps.push(b)}function reached(b,then){var seen=0,mark=function(){seen=1};b.addEventListener('click',mark);then(function(){b.removeEventListener('click',mark);return seen})}function note(e){if(replaying)return;if(d.documentElement.hasAttribute('data-hydrated')||listening&&Date.now()-listening>1e4)return d.removeEventListener('click',note,true);var b=e.target.closest&&e.target.closest('button[type=button]');if(!b)return;if(!listening)return queue(b);reached(b,function(done){setTimeout(function(){if(!done()){queue(b);schedule()}},0)})}function schedule(){if(!timer&&taps.length&&tries<100)timer=setTimeout(replay,100)}function replay(){timer=0;tries++;var left=[];replaying=1;for(var i=0;i<taps.length;i++){var b=taps[i];if(!b.isConnected||b.disabled)continue;reached(b,function(done){b.click();if(!done())left.push(b)})}replaying=0;taps=left;schedule()}function load(){var tags=d.querySelectorAll('script[data-src]');for(var i=0;i<tags.length;i++){var tag=tags[i],src=tag.getAttribute('data-src');if(src.indexOf('/_next/')!==0)continue;var s=d.createElement('script');for(var j=0;j<tag.attributes.length;j++){var a=tag.attributes[j];s.setAttribute(a.name==='data-src'?'src':a.name,a.value)}if(tag.nonce)s.nonce=tag.nonce;tag.parentNode.replaceChild(s,tag)}}function start(){if(started)return;started=1;load();if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',load)}d.addEventListener('click',note,true);d.addEventListener('app-listens',function(){listening=Date.now();replay()});requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,3000)})(document)`;

export function LateScripts() {
  return <script dangerouslySetInnerHTML={{ __html: LATE_SCRIPTS_LOADER }} />;
}

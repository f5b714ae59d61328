// The loader of the page's start-up scripts. The page renderer writes their tags with the address in
// `data-src` (scripts/lib/late-scripts.mjs), so the browser does not fetch them while it lays out and
// paints the first screen. This replaces each with a real script, its other attributes kept, once the
// first frame is done (a task after that frame's animation callbacks), or after 3 s in a tab that
// paints nothing (a background tab), whichever comes first. Tags the stream brings later are loaded
// when the document has been read. Every root layout renders it last in its body; a page without it
// keeps working as it does without JavaScript. Only the build's own scripts (/_next/) are loaded: a
// tag with another address is left as it is.
export const LATE_SCRIPTS_LOADER = `(function(d){var started;function load(){var tags=d.querySelectorAll('script[data-src]');for(var i=0;i<tags.length;i++){var tag=tags[i],src=tag.getAttribute('data-src');if(src.indexOf('/_next/')!==0)continue;var s=d.createElement('script');for(var j=0;j<tag.attributes.length;j++){var a=tag.attributes[j];s.setAttribute(a.name==='data-src'?'src':a.name,a.value)}if(tag.nonce)s.nonce=tag.nonce;tag.parentNode.replaceChild(s,tag)}}function start(){if(started)return;started=1;load();if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',load)}requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,3000)})(document)`;

export function LateScripts() {
  return <script dangerouslySetInnerHTML={{ __html: LATE_SCRIPTS_LOADER }} />;
}

import { chromium } from 'playwright-core';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox'] });
const p = await b.newPage({ viewport: { width: 1280, height: 720 } });
p.on('console', (m) => console.log('console:', m.text())); p.on('pageerror', (e) => console.log('pageerror', e.message));
await p.addInitScript(() => {
  const click = HTMLElement.prototype.click;
  HTMLElement.prototype.click = function () {
    console.log(performance.now()|0, 'replay', this.getAttribute('aria-label'), 'hydrated', document.documentElement.hasAttribute('data-hydrated'), 'props', Object.keys(this).join(','), 'doc', Object.keys(document).join(','), 'body', Object.keys(document.body).join(','), document.readyState);
    const r = click.call(this);
    console.log('after', Object.keys(this).join(','), this.isConnected, 'body', Object.keys(document.body).join(','));
    return r;
  };
  document.addEventListener('app-listens', () => console.log(performance.now()|0, 'app-listens'));
  new MutationObserver(() => console.log(performance.now()|0, 'html attrs', document.documentElement.getAttributeNames().join(','))).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  const st = window.setTimeout; let n = 0;
  window.setTimeout = function (f, t, ...a) { if (t === 100 && n++ < 5) console.log(performance.now()|0, 'timeout 100', String(f).slice(0, 40)); return st.call(this, f, t, ...a); };
});
await p.goto('http://127.0.0.1:3241/');
console.log('loaded');
const carousel = p.getByRole('region', { name: 'Latest insights' });
await carousel.getByRole('button', { name: 'Next insight' }).click();
console.log('clicked');
await p.locator('html[data-hydrated]').waitFor({ state: 'attached' });
await p.waitForTimeout(3000);
console.log('prev disabled', await carousel.getByRole('button', { name: 'Previous insight' }).isDisabled());
await b.close();

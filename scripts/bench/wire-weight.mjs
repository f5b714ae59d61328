#!/usr/bin/env node
// Everything a first visit downloads in its first N seconds, as counted on the wire by Chromium at a
// phone viewport: the page, its scripts, and what they fetch later on their own (the carousels'
// code, the particle animation, images). The site must be running.
// Usage: node scripts/bench/wire-weight.mjs [base URL] [path] [seconds]
import { chromium } from '@playwright/test';

import { chromiumPath } from './chromium.mjs';

const [base = 'http://127.0.0.1:3000', path = '/', seconds = '5'] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: chromiumPath({ fullFirst: true }),
  args: ['--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
});
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Network.enable');
await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });

const urls = new Map();
const bytesByType = new Map();
cdp.on('Network.responseReceived', ({ requestId, type, response }) => urls.set(requestId, { type, url: response.url }));
cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
  const type = urls.get(requestId)?.type ?? 'Other';
  bytesByType.set(type, (bytesByType.get(type) ?? 0) + encodedDataLength);
});

await page.goto(new URL(path, base).href);
await page.waitForTimeout(Number(seconds) * 1000);
await browser.close();

const kib = (n) => (n / 1024).toFixed(1);
const total = [...bytesByType.values()].reduce((sum, n) => sum + n, 0);
console.log(`${path}, first ${seconds} s, ${urls.size} responses, on the wire (KiB): ${kib(total)}`);
for (const [type, n] of [...bytesByType].sort((a, b) => b[1] - a[1])) console.log(`  ${type}: ${kib(n)}`);

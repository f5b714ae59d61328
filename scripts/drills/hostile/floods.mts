import { send, tally } from './client.mjs';
import { quick } from './settings.mjs';

// Header floods. Each kind fills what Node (16 KiB of headers) or nginx (8 KiB per line) accepts
// with thousands of tiny items; `width` of them go at once to one API route while a probe asks another
// route in a loop. The probe's slowest answer is what a visitor would have waited.
const floodKinds: Record<
  string,
  (nginx: boolean) => { headers: string[]; path?: string; body?: Buffer; type?: string }
> = {
  cookies: (nginx) => {
    const line = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => `c${(from + i).toString(36)}=1`).join('; ');
    // Through nginx: three 7.5 KiB Cookie lines, as a client may send; directly: one 13 KiB line.
    return {
      headers: nginx
        ? ['cookie', line(0, 1050), 'cookie', line(1050, 1050), 'cookie', line(2100, 1050)]
        : ['cookie', line(0, 1900)],
    };
  },
  'header lines': () => ({ headers: Array.from({ length: 1500 }, (_, i) => [`x-${i.toString(36)}`, '1']).flat() }),
  'query parameters': () => ({
    headers: [],
    path: `?${Array.from({ length: 3000 }, (_, i) => `${i.toString(36)}=`).join('&')}`,
  }),
  'form fields': () => ({
    headers: [],
    type: 'application/x-www-form-urlencoded',
    body: Buffer.from(Array.from({ length: 9000 }, () => 'a=').join('&')),
  }),
  'multipart parts': () => {
    const part = '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n';
    return { headers: [], type: 'multipart/form-data; boundary=b', body: Buffer.from(`${part.repeat(1200)}--b--\r\n`) };
  },
};
export const apiRoutes: [string, string][] = [
  ['GET', '/api/xsrf'],
  ['GET', '/api/health'],
  ['POST', '/api/forms/contactUs'],
  ['POST', '/api/newsletter/confirm'],
  ['POST', '/api/newsletter/unsubscribe'],
];
export const floodProbe: Record<string, Record<string, number>> = {};

export async function floods(via: 'direct' | 'nginx', to: number) {
  const t = tally(`header floods (${via})`);
  const slowest: Record<string, number> = {};
  for (const width of [8, 32]) {
    for (const [kind, make] of Object.entries(floodKinds)) {
      // Every API route for cookies, the kind the framework pays dearly for; the form endpoint for the rest.
      const targets = kind === 'cookies' || !quick ? apiRoutes : apiRoutes.slice(2, 3);
      for (const [method, path] of targets) {
        const flood = make(via === 'nginx');
        const probePath = path === '/api/xsrf' ? '/api/health' : '/api/xsrf';
        let done = false;
        let worst = 0;
        const probe = (async () => {
          while (!done) {
            const t0 = performance.now();
            await send(t, 'GET', probePath, {}, undefined, to);
            worst = Math.max(worst, performance.now() - t0);
            await new Promise((r) => setTimeout(r, 10));
          }
        })();
        const headers = [...flood.headers, ...(flood.type ? ['content-type', flood.type] : [])];
        const floodMethod = flood.body ? 'POST' : method;
        const answers = await Promise.all(
          Array.from({ length: width }, () =>
            send(t, floodMethod, `${path}${flood.path ?? ''}`, headers, flood.body, to),
          ),
        );
        done = true;
        await probe;
        const key = `${width} at once`;
        slowest[key] = Math.max(slowest[key] ?? 0, worst);
        if (worst > 300) t.notes.push(`${kind} ×${width} on ${path}: probe ${worst.toFixed(0)} ms`);
        // A flood must be answered, or cut, never taken: a form post without fields is never a success.
        if (answers.some((a) => /"status":"success"/.test(a.body))) t.bypasses += 1;
      }
    }
  }
  floodProbe[via] = Object.fromEntries(Object.entries(slowest).map(([k, v]) => [k, Math.round(v)]));
  t.notes.unshift(
    `probe slowest: ${Object.entries(floodProbe[via]!)
      .map(([k, v]) => `${v} ms with ${k}`)
      .join(', ')}`,
  );
}

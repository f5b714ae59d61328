import { routes } from '../../../tests/e2e/routes';
import { send, tally } from './client.mjs';
import { scale } from './settings.mjs';

// Pages a CDN can cache: no Set-Cookie on any page, over HTTP or HTTPS, with or without cookies.
export async function setCookie() {
  const t = tally('Set-Cookie on pages');
  for (let i = 0; i < Math.max(1, Math.floor(scale / 3)); i++) {
    for (const { path } of [...routes, { path: '/no-such-page' }]) {
      for (const headers of [{}, { 'x-forwarded-proto': 'https' }, { cookie: 'XSRF-TOKEN=x' }] as Record<
        string,
        string
      >[]) {
        for (const method of ['GET', 'HEAD']) {
          const answer = await send(t, method, path, headers);
          if (answer.headers['set-cookie']) {
            t.bypasses += 1;
            t.notes.push(`${method} ${path} set a cookie`);
          }
        }
      }
    }
  }
}

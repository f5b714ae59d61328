import { formHeaders, send, tally, urlencoded } from './client.mjs';
import { base, SIGN_IN_LIMIT } from './settings.mjs';

// The staff workspace (docs/staff.md): nothing in it answers without a session, whatever the method,
// cookie or link; a post from another site is refused; sign-in requests are limited per address.
export async function staffWorkspace() {
  const t = tally('staff workspace without a session');
  const pages = [
    '/staff',
    '/staff/audit',
    '/staff/subscribers',
    '/staff/forget/user/x',
    '/staff/forget/nope/..%2F..',
    '/staff/submissions/user/x',
    '/staff/items/user/x',
    '/staff/letters',
    '/staff/letters/new',
    '/staff/letters/x/send',
    '/staff/gifts',
  ];
  const posts = ['record', 'forget', 'sign-out', 'nope', 'letter-save', 'letter-send', 'letter-pause'].map(
    (a) => `/staff/api/${a}`,
  );
  const cookies = [
    '',
    'baobab-staff=x',
    `baobab-staff=${'A'.repeat(43)}`,
    `baobab-staff=${'A'.repeat(5000)}`,
    '__Host-baobab-staff=../../etc',
  ];
  for (const cookie of cookies) {
    const headers: Record<string, string> = cookie ? { cookie } : {};
    for (const path of [...pages, '/staff/api/export?item=user:x&format=xlsx', '/staff/api/gifts?format=csv']) {
      for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH']) {
        const answer = await send(t, method, path, headers);
        if (answer.status === 200) {
          t.bypasses += 1;
          t.notes.push(`${method} ${path} answered 200`);
        }
      }
    }
    for (const path of posts) {
      const answer = await send(
        t,
        'POST',
        path,
        formHeaders({ ...headers, origin: base }),
        urlencoded({ collection: 'user', id: 'x', action: 'handled', confirm: 'yes', pause: 'yes' }),
      );
      if (
        answer.status === 200 ||
        (answer.status === 303 && !/\/staff\/sign-in$/.test(String(answer.headers.location)))
      ) {
        t.bypasses += 1;
        t.notes.push(`POST ${path} answered ${answer.status} ${answer.headers.location ?? ''}`);
      }
    }
  }
  const links = tally('staff sign-in links');
  for (const token of [
    '',
    'x',
    'a.b.c',
    `${'A'.repeat(20)}.zzzz.${'B'.repeat(43)}`,
    'A'.repeat(2000),
    '\u0000.\r\n.x',
  ]) {
    const answer = await send(
      links,
      'POST',
      '/staff/api/sign-in',
      formHeaders({ origin: base }),
      urlencoded({ t: token }),
    );
    if (answer.headers['set-cookie'] || answer.headers.location !== '/staff/sign-in?invalid=1') {
      links.bypasses += 1;
      links.notes.push(
        `token ${JSON.stringify(token.slice(0, 20))} answered ${answer.status} ${answer.headers.location ?? ''}`,
      );
    }
  }
  for (const origin of ['https://evil.example', 'null']) {
    const answer = await send(
      links,
      'POST',
      '/staff/api/sign-in-request',
      formHeaders({ origin, 'sec-fetch-site': 'cross-site' }),
      urlencoded({ email: 'staff@example.org' }),
    );
    if (answer.status !== 403) {
      links.bypasses += 1;
      links.notes.push(`cross-site sign-in request answered ${answer.status}`);
    }
  }
  let sent = 0;
  for (let i = 0; i < 12; i++) {
    const answer = await send(
      links,
      'POST',
      '/staff/api/sign-in-request',
      formHeaders({ origin: base }),
      urlencoded({ email: 'staff@example.org' }),
    );
    if (answer.headers.location === '/staff/sign-in?sent=1') sent += 1;
  }
  if (sent > SIGN_IN_LIMIT) {
    links.bypasses += sent - SIGN_IN_LIMIT;
    links.notes.push(`${sent} of 12 sign-in requests for one address accepted (limit ${SIGN_IN_LIMIT})`);
  }
}

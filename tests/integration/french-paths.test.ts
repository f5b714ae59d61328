/** @jest-environment node */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { NextRequest } from 'next/server';

import { POST } from '@/app/api/forms/[operation]/route';
import * as actions from '@/lib/forms/actions';
import { idleState } from '@/lib/forms/state';
import { issueXsrfToken } from '@/lib/security/xsrf';
import { getStore } from '@/lib/storage';

// Both ways a French page posts a form reach the same French answer: the server action a page
// without JavaScript posts to, and the route its JavaScript calls. Only refusals here, which store
// nothing (tests/integration/french-forms.test.ts stores).
jest.mock('next/headers', () => ({
  headers: async () => new Headers({ host: 'baobabdata.org', origin: 'https://baobabdata.org' }),
  cookies: async () => ({ get: () => undefined }),
  draftMode: async () => ({ isEnabled: false }),
}));

// The server's own store, which a refusal never writes to, in a folder of this test's.
const dataDir = mkdtempSync(join(tmpdir(), 'baobab-french-paths-'));
process.env.DATA_DIR = dataDir;
afterAll(async () => {
  await getStore().close();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = { name: '', email: 'awa@exemple', message: 'Bonjour', lang: 'fr' };
const frenchRefusal = {
  status: 'error',
  message: 'Corrigez les champs signalés, puis renvoyez le formulaire.',
  errors: { name: 'Indiquez votre nom', email: 'Indiquez une adresse e-mail du type nom@exemple.com' },
  values: { name: '', email: 'awa@exemple', message: 'Bonjour' },
};

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}

it('answers a French post without JavaScript (the server action) in French', async () => {
  expect(await actions.contactUs(idleState, formData(post))).toEqual(frenchRefusal);
  // The same post from an English page, or with a language the site does not have, is answered in English.
  const english = await actions.contactUs(idleState, formData({ ...post, lang: 'xx' }));
  expect(english).toMatchObject({
    message: 'Please correct the fields marked below.',
    errors: { name: 'Enter your name' },
  });
});

it('answers a French post with JavaScript (the form route) in French', async () => {
  const token = issueXsrfToken();
  const request = new NextRequest('http://localhost:3000/api/forms/contactUs', {
    method: 'POST',
    body: formData(post),
    headers: { 'x-xsrf-token': token, cookie: `XSRF-TOKEN=${token}`, 'x-forwarded-for': '127.0.0.1' },
  });
  const response = await POST(request, { params: Promise.resolve({ operation: 'contactUs' }) });
  expect(await response.json()).toEqual(frenchRefusal);
});

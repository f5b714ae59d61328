/** @jest-environment node */
import { NextRequest } from 'next/server';

import { issueXsrfToken } from '@/lib/security/xsrf';
import { openFirestoreStore } from '@/lib/storage/firestore';
import type { Store } from '@/lib/storage/types';

import { startFirestoreEmulator } from '../helpers/firestore-emulator';
import { BEFORE_SEED_EVENT, sampleRegistration } from '../helpers/samples';

// The forms switched to Firestore by configuration alone, through the real route handler.
let TOKEN: string;
let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let reader: Store;
let POST: typeof import('@/app/api/forms/[operation]/route').POST;

beforeAll(async () => {
  emulator = await startFirestoreEmulator();
  process.env.STORE = 'firestore';
  process.env.FIRESTORE_PROJECT_ID = 'forms-e2e';
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  // Before the seed's offer, as the browser tests: its registration is open.
  process.env.SITE_TODAY = BEFORE_SEED_EVENT;
  ({ POST } = await import('@/app/api/forms/[operation]/route'));
  // After the settings above: issuing reads them.
  TOKEN = issueXsrfToken();
  reader = openFirestoreStore({ projectId: 'forms-e2e', emulatorHost: emulator.host });
});

afterAll(async () => {
  await reader.close();
  const { getStore } = await import('@/lib/storage');
  await getStore().close();
  await emulator.stop();
});

function post(operation: string, fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  const request = new NextRequest(`http://localhost:3000/api/forms/${operation}`, {
    method: 'POST',
    body,
    headers: { 'x-xsrf-token': TOKEN, cookie: `XSRF-TOKEN=${TOKEN}`, 'x-forwarded-for': '127.0.0.1' },
  });
  return POST(request, { params: Promise.resolve({ operation }) });
}

it('stores an offer registration as a Firestore document with the spec fields and the offer it is for', async () => {
  const fields = {
    email: 'fs@example.org',
    firstName: 'Fi',
    lastName: 'Re',
    gender: 'others',
    degree: 'master',
    occupation: 'Nurse',
    country: 'Rwanda',
  };
  const response = await post('registerOffer', fields);
  expect(await response.json()).toEqual({ status: 'success', message: 'Your Spot has been Reserved' });
  const [stored] = await reader.list('offer');
  // A post without the offer field (a page cached before it existed) is for the first offer.
  // The reservation also keeps what it owes (the offer's price, $120) under the server's reference.
  expect(stored!.data).toEqual({
    ...fields,
    offer: 'become-a-data-analyst',
    lang: 'en',
    date: expect.any(Number),
    booking: 'registered',
    payStatus: 'unpaid',
    payAmount: 12000,
    payCurrency: 'USD',
    payReference: expect.stringMatching(/^BD-[A-Z0-9]{12}$/),
  });
  // Its id is chosen before the write (its mails link to it): a random UUID, as the SQLite store gives.
  expect(stored!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});

it('refuses, on the real date, the past event and offer through the route with the form’s words, storing nothing', async () => {
  delete process.env.SITE_TODAY;
  try {
    expect(
      await (await post('registerEvent', { ...sampleRegistration, email: 'late@example.org' })).json(),
    ).toMatchObject({
      status: 'error',
      message: 'Registration for this event is closed: it has already taken place. Nothing was saved.',
    });
    const french = { email: 'tard@example.org', firstName: 'T', lastName: 'A', gender: 'male', degree: 'master' };
    expect(
      await (await post('registerOffer', { ...french, occupation: 'Nurse', country: 'Mali', lang: 'fr' })).json(),
    ).toMatchObject({
      status: 'error',
      message: 'Cette offre a pris fin\u00a0: on ne peut plus y réserver de place. Rien n’a été enregistré.',
    });
    expect(await reader.list('user')).toEqual([]);
    expect((await reader.list('offer')).filter((r) => r.data.email !== 'fs@example.org')).toEqual([]);
  } finally {
    process.env.SITE_TODAY = BEFORE_SEED_EVENT;
  }
});

it('keeps one newsletter subscriber per address in Firestore, without saying who is on the list', async () => {
  const first = await (await post('subscribe', { name: 'Ada', email: 'news@example.org' })).json();
  expect(first).toMatchObject({ status: 'success' });
  // A repeated address gets the very same answer as a new one.
  expect(await (await post('subscribe', { name: 'Ada', email: 'NEWS@example.org' })).json()).toEqual(first);
  expect(await reader.list('newsletter')).toHaveLength(1);
});

it('answers 404 for an unknown form and refuses a wrong token without storing', async () => {
  expect((await post('dropTables', {})).status).toBe(404);
  const body = new FormData();
  body.set('name', 'X');
  body.set('email', 'x@example.org');
  body.set('message', 'hi');
  const forged = new NextRequest('http://localhost:3000/api/forms/contactUs', {
    method: 'POST',
    body,
    headers: { 'x-xsrf-token': 'd'.repeat(64), cookie: `XSRF-TOKEN=${TOKEN}` },
  });
  expect(await (await POST(forged, { params: Promise.resolve({ operation: 'contactUs' }) })).json()).toMatchObject({
    status: 'error',
  });
  expect(await reader.list('contact')).toEqual([]);
});

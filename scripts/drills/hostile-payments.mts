// The hostile drill's payments class (docs/security.md, "Payment webhook"): forged, altered, replayed,
// forged-refund, wrong-amount, wrong-currency (of a webhook, and of a form post naming a currency the item is
// not sold in), unknown-reference, oversized and misaddressed calls to the payment
// webhook, and made-up or altered pay, return and receipt links, against a server pointed at the local
// Paystack stub. Goals: 0 records marked paid by any of them, 0 answers 5xx, the one payment made for
// real marked once with one receipt, and one provider call for a pay link opened 100 times. Gifts
// (lib/gifts): forged and altered events, the wrong currency, another gift's plan, another giver's
// manage link and a forged one, a stop posted from another site; each a 4xx, and the two gifts paid for
// real have one payment and one receipt each, and stay active.
//
// Wiring (scripts/drills/hostile/index.mts): start the stub before the main server and give that server
// its settings, then run the class like the others:
//   const payments = await startPaymentsDrill(base);
//   await withServer({ ...settings, ...payments.env }, async (dataDir) => {
//     …
//     await timed('payments', () => payments.attack(tally('payments'), dataDir, scale));
//   });
//   await payments.close();
import { join } from 'node:path';

import Database from 'better-sqlite3';

import { startPaystackStub } from '../../tests/helpers/paystack-stub';
import { xsrfHeaders } from '../lib/next-server.mjs';

// What a class reports (the drill's tally: scripts/drills/hostile/client.mts).
export interface Tally {
  requests: number;
  fiveHundreds: number;
  unanswered: number;
  bypasses: number;
  notes: string[];
  // How many times the provider was asked while one pay link was opened 100 times.
  providerCallsPer100Visits?: number;
}

const enrolment = (email: string) => ({
  name: 'Drill Payer',
  email,
  phone: '+234 801 234 5678',
  gender: 'female',
  country: 'Nigeria',
  course: 'Data Analysis with Python',
  lang: 'en',
});

export async function startPaymentsDrill(base: string) {
  const stub = await startPaystackStub({ webhookUrl: `${base}/api/payments/paystack`, webhookTiming: 'never' });

  async function attack(t: Tally, dataDir: string, scale = 2) {
    const send = async (
      method: string,
      path: string,
      headers: Record<string, string> = {},
      body?: string | ReadableStream<Uint8Array>,
    ) => {
      t.requests += 1;
      try {
        // A stream goes chunked, without a length.
        const response = await fetch(`${base}${path}`, {
          method,
          headers,
          body,
          redirect: 'manual',
          duplex: 'half',
        } as RequestInit);
        if (response.status >= 500) {
          t.fiveHundreds += 1;
          t.notes.push(`${method} ${path.slice(0, 60)}: ${response.status}`);
        }
        return { status: response.status, text: await response.text(), location: response.headers.get('location') };
      } catch {
        t.unanswered += 1;
        return { status: 0, text: '', location: null };
      }
    };
    // A webhook delivery: JSON, signed as given (the real signature unless told otherwise).
    const deliver = (body: string, signature: string | null, extra: Record<string, string> = {}) =>
      send(
        'POST',
        '/api/payments/paystack',
        {
          'content-type': 'application/json',
          ...(signature === null ? {} : { 'x-paystack-signature': signature }),
          ...extra,
        },
        body,
      );
    const forged = (name: string, answer: { status: number }) => {
      if (answer.status >= 200 && answer.status < 300) {
        t.bypasses += 1;
        t.notes.push(`webhook accepted: ${name}`);
      }
    };

    // Records that owe $105, each with its pay link, as the form answers them.
    const xsrf = await xsrfHeaders(base);
    // An enrolment as the form answers it: its pay link's token.
    const enrol = async (who: string) => {
      const answer = await send(
        'POST',
        '/api/forms/enrol',
        { 'content-type': 'application/x-www-form-urlencoded', ...xsrf },
        new URLSearchParams(enrolment(`${who}.${Date.now()}@example.org`)).toString(),
      );
      const href = (JSON.parse(answer.text) as { link?: { href: string } }).link?.href ?? '';
      return href.split('/pay/')[1] ?? '';
    };
    const owed: { reference: string; token: string }[] = [];
    for (let i = 0; i < scale + 1; i++) {
      const token = await enrol(`payer${i}`);
      const pay = await send('GET', `/pay/${token}`);
      // The provider's page: the stub knows the reference now.
      const started = [...stub.transactions.values()].find((tx) => pay.location?.endsWith(tx.accessCode));
      if (!started) throw new Error(`the pay link did not lead to the provider: ${pay.status} ${pay.location ?? ''}`);
      owed.push({ reference: started.reference, token });
    }
    // One of them is paid for real, and its genuine event delivered once: the replays below must not
    // change it again.
    const [real, ...others] = owed;
    await stub.pay(real!.reference);
    const genuine = JSON.stringify(stub.chargeSuccess(real!.reference));
    const first = await deliver(genuine, stub.sign(genuine));
    if (first.status !== 200) t.notes.push(`the genuine delivery got ${first.status}`);

    for (let round = 0; round < scale; round++) {
      for (const { reference } of others) {
        const event = stub.chargeSuccess(reference, { status: 'success', paidAt: new Date().toISOString() });
        const body = JSON.stringify(event);
        const tries: [string, string, string | null, Record<string, string>?][] = [
          ['unsigned', body, null],
          ['empty signature', body, ''],
          ['signed with another key', body, stub.sign(body, 'sk_test_attacker000000000000')],
          ['signature of another body', body, stub.sign(genuine)],
          ['altered after signing', body.replace('"card"', '"ussd"'), stub.sign(body)],
          ['hex garbage', body, 'ab'.repeat(64)],
          ['a SHA-256 length signature', body, 'ab'.repeat(32)],
          ['the signature twice', body, `${stub.sign(body)},${stub.sign(body)}`],
          [
            'from a browser on another site',
            body,
            null,
            { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          ],
        ];
        for (const [name, sent, signature, extra] of tries) forged(name, await deliver(sent, signature, extra));
        // Signed for real, but not this record's payment: another amount, another currency.
        for (const [name, changes] of [
          ['wrong amount', { amount: 100 }],
          ['wrong currency', { currency: 'NGN' }],
        ] as const) {
          const wrong = JSON.stringify(stub.chargeSuccess(reference, changes));
          // The provider itself has no such payment: only the signature is real.
          forged(name, await deliver(wrong, stub.sign(wrong)));
        }
      }
      // Replays of the genuine delivery, one after another and at once: acknowledged (the provider
      // would otherwise deliver them for days) as already recorded, and nothing recorded again (the
      // store is read at the end).
      const replays = [await deliver(genuine, stub.sign(genuine))];
      replays.push(...(await Promise.all([1, 2, 3].map(() => deliver(genuine, stub.sign(genuine))))));
      for (const replay of replays) {
        if (replay.status === 200 && /^Already recorded/.test(replay.text)) continue;
        t.bypasses += 1;
        t.notes.push(`a replay got ${replay.status}: ${replay.text.slice(0, 60)}`);
      }
      // Refunds of the real payment nobody made: unsigned, another key, another body's signature,
      // altered after signing. Each a 4xx; the store is read at the end (still paid).
      const refund = JSON.stringify(stub.refundProcessed(real!.reference));
      forged('refund unsigned', await deliver(refund, null));
      forged('refund, another key', await deliver(refund, stub.sign(refund, 'sk_test_attacker000000000000')));
      forged('refund, another body’s signature', await deliver(refund, stub.sign(genuine)));
      forged('refund altered after signing', await deliver(refund.replace('"stub"', '"stub2"'), stub.sign(refund)));
      // A reference nobody owes, signed for real.
      const unknown = JSON.stringify({
        event: 'charge.success',
        data: { ...JSON.parse(genuine).data, reference: 'BD-000000000000' },
      });
      forged('unknown reference', await deliver(unknown, stub.sign(unknown)));
      // Bodies the route must refuse before reading them whole, and other shapes.
      // Past the route's own 64 KiB and short of the proxy layer's 128 KiB: the route itself must refuse it.
      const big = 'x'.repeat(100_000);
      forged('oversized', await deliver(big, stub.sign(big)));
      forged(
        'oversized, no length',
        await send(
          'POST',
          '/api/payments/paystack',
          { 'content-type': 'application/json', 'x-paystack-signature': stub.sign(big) },
          new Blob([big]).stream(),
        ),
      );
      for (const body of ['', 'null', '[]', '{"event":1}', '{"event":"charge.success","data":null}', '\u0000\uffff']) {
        forged(`body ${JSON.stringify(body)}`, await deliver(body, stub.sign(body)));
      }
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) await send(method, '/api/payments/paystack');
      for (const path of [
        '/api/payments/flutterwave',
        '/api/payments/',
        '/api/payments/paystack/x',
        '/api/payments/%ff',
      ]) {
        forged(path, await send('POST', path, { 'content-type': 'application/json' }, genuine));
      }
    }

    // Links: made up, altered, expired-looking, overlong; the return page told it was paid.
    const { token, reference } = others[0]!;
    for (const path of [
      `/pay/${token}x`,
      `/pay/${token.replace(/~[^~]+$/, '~AAAA')}`,
      '/pay/garbage',
      `/pay/${'A'.repeat(4000)}`,
      `/pay/${token.replaceAll('~', '.')}`,
      '/pay/%ff',
      `/fr/pay/${token}`,
      `/payments/return?reference=${reference}&trxref=${reference}&status=success`,
      `/payments/return?reference=${reference}&problem=paid`,
      '/payments/return?reference=%3Cscript%3E',
      '/payments/return?reference=BD-000000000000',
      `/payments/receipt?t=${token}`,
      '/payments/receipt?t=a.b.c',
    ]) {
      const answer = await send('GET', path);
      if (/<h1[^>]*>Paid</.test(answer.text) || /Receipt for/.test(answer.text)) {
        t.bypasses += 1;
        t.notes.push(`${path.slice(0, 60)} says paid`);
      }
    }

    // One pay link opened 100 times, 50 one after another and 50 at once: the site asks the provider at
    // most once per reference and 30 s (lib/payments/answers.ts), so 1 call, or 2 if the window turned.
    const opened = await enrol('opener');
    const callsAbout = (reference: string) =>
      stub.requests.filter(
        (r) =>
          (r.url.pathname === '/transaction/initialize' && r.body.includes(reference)) ||
          r.url.pathname === `/transaction/verify/${reference}`,
      ).length;
    const startedAt = Date.now();
    const visits: Awaited<ReturnType<typeof send>>[] = [];
    for (let i = 0; i < 50; i++) visits.push(await send('GET', `/pay/${opened}`));
    visits.push(...(await Promise.all(Array.from({ length: 50 }, () => send('GET', `/pay/${opened}`)))));
    const checkout = [...stub.transactions.values()].find((tx) => visits[0]!.location?.endsWith(tx.accessCode));
    const calls = checkout ? callsAbout(checkout.reference) : 0;
    const windows = 1 + Math.floor((Date.now() - startedAt) / 30_000);
    if (!checkout || visits.some((v) => v.status !== 303 || v.location !== visits[0]!.location)) {
      t.notes.push(`a pay link opened 100 times did not always lead to the same provider page`);
    }
    if (calls > windows) t.bypasses += calls - windows;
    t.notes.unshift(`one pay link opened 100 times: ${calls} provider call${calls === 1 ? '' : 's'}`);
    t.providerCallsPer100Visits = calls;

    // A currency the course is not sold in (it is priced in dollars alone, so only dollars or none), named
    // by the post: the form's own refusal beside the field, nothing stored (read at the end).
    for (const currency of ['NGN', 'EUR', 'usd', '<b>', 'X'.repeat(100), 'GHS']) {
      const answer = await send(
        'POST',
        '/api/forms/enrol',
        { 'content-type': 'application/x-www-form-urlencoded', ...xsrf },
        new URLSearchParams({ ...enrolment(`currency.${Date.now()}@example.org`), currency }).toString(),
      );
      const state = (() => {
        try {
          return JSON.parse(answer.text) as { status?: string };
        } catch {
          return {};
        }
      })();
      if (state.status === 'success') {
        t.bypasses += 1;
        t.notes.push(`an enrolment in ${currency.slice(0, 12)} got ${answer.status} ${answer.text.slice(0, 60)}`);
      }
    }

    await attackGifts(t, send, deliver, forged, dataDir);

    // The store: only the real payment is marked, once, with one receipt.
    const db = new Database(join(dataDir, 'baobab.sqlite'), { readonly: true, fileMustExist: true });
    try {
      const paid = db
        .prepare(
          "SELECT json_extract(data, '$.payReference') AS reference FROM records WHERE json_extract(data, '$.payStatus') = 'paid'",
        )
        .all() as { reference: string }[];
      const wrongly = paid.filter((row) => row.reference !== real!.reference);
      t.bypasses += wrongly.length;
      if (wrongly.length) t.notes.push(`${wrongly.length} records marked paid by forged calls`);
      if (paid.length !== 1) t.notes.push(`the real payment is marked ${paid.length} times`);
      const inOtherCurrencies = db
        .prepare("SELECT COUNT(*) FROM records WHERE json_extract(data, '$.email') LIKE 'currency.%'")
        .pluck()
        .get() as number;
      if (inOtherCurrencies) {
        t.bypasses += inOtherCurrencies;
        t.notes.push(`${inOtherCurrencies} enrolments stored in a currency the course is not sold in`);
      }
      if (!paid.some((row) => row.reference === real!.reference)) {
        t.bypasses += 1;
        t.notes.push('the real payment is no longer paid (a forged refund?)');
      }
      const receipts = db
        .prepare("SELECT COUNT(*) FROM outbox WHERE json_extract(message, '$.subject') LIKE 'Your receipt:%'")
        .pluck()
        .get() as number;
      if (receipts !== 1) {
        t.bypasses += Math.max(0, receipts - 1);
        t.notes.push(`${receipts} receipts queued for one payment`);
      }
    } finally {
      db.close();
    }
  }

  type Send = (
    method: string,
    path: string,
    headers?: Record<string, string>,
    body?: string,
  ) => Promise<{ status: number; text: string; location: string | null }>;

  // Two monthly gifts of 20 GHS made and paid for real (their genuine events delivered once), then the
  // attacks on them.
  async function attackGifts(
    t: Tally,
    send: Send,
    deliver: (body: string, signature: string | null) => Promise<{ status: number }>,
    forged: (name: string, answer: { status: number }) => void,
    dataDir: string,
  ) {
    const ours = { 'content-type': 'application/x-www-form-urlencoded', origin: base, 'sec-fetch-site': 'same-origin' };
    const giveOnce = async (email: string) => {
      const fields = { lang: 'en', currency: 'GHS', amount: '20', frequency: 'monthly', email };
      const answer = await send('POST', '/api/gifts', ours, new URLSearchParams(fields).toString());
      // The answer links on to the provider's page.
      const checkout = /href="([^"]+\/checkout\/\w+)"/.exec(answer.text)?.[1] ?? '';
      const started = [...stub.transactions.values()].find((tx) => checkout.endsWith(tx.accessCode));
      if (!started?.plan)
        throw new Error(`the gift did not lead to the provider: ${answer.status} ${answer.text.slice(0, 200)}`);
      await stub.pay(started.reference);
      const sub = [...stub.subscriptions.values()].find((each) => each.planCode === started.plan)!;
      for (const event of [
        stub.chargeSuccess(started.reference),
        stub.subscriptionEvent('subscription.create', sub.code),
      ]) {
        const body = JSON.stringify(event);
        const answer = await deliver(body, stub.sign(body));
        if (answer.status !== 200) t.notes.push(`a genuine gift event got ${answer.status}`);
      }
      return { reference: started.reference, plan: started.plan, sub, email };
    };
    const a = await giveOnce(`giver-a.${Date.now()}@example.org`);
    const b = await giveOnce(`giver-b.${Date.now()}@example.org`);
    const charge = JSON.stringify(stub.chargeSuccess(a.reference));
    const signed = (event: unknown) => {
      const body = JSON.stringify(event);
      return deliver(body, stub.sign(body));
    };
    forged('gift: signed with another key', await deliver(charge, stub.sign(charge, 'sk_test_attacker000000000000')));
    forged(
      'gift: altered after signing',
      await deliver(charge.replace('"amount":2000', '"amount":20'), stub.sign(charge)),
    );
    forged('gift: wrong currency', await signed(stub.renewal(a.sub.code, { currency: 'NGN' })));
    forged('gift: wrong amount', await signed(stub.renewal(a.sub.code, { amount: 100 })));
    forged(
      'gift: another gift’s plan on its first charge',
      await signed(stub.chargeSuccess(a.reference, { plan: b.plan })),
    );
    forged('gift: a renewal on another gift’s plan', await signed(stub.renewal(a.sub.code, { plan: b.plan })));
    const otherPlan = stub.subscriptionEvent('subscription.disable', a.sub.code);
    (otherPlan.data.plan as { plan_code: string }).plan_code = b.plan;
    forged('gift: a subscription’s end on another gift’s plan', await signed(otherPlan));
    const nobody = stub.subscriptionEvent('subscription.disable', a.sub.code);
    (nobody.data.plan as { plan_code: string }).plan_code = 'PLN_nobody';
    forged('gift: the end of a plan nobody gave on', await signed(nobody));

    // The manage links: B's own (read from B's receipt in the outbox) used on A's gift, a forged one,
    // an altered one, and a stop posted from another site.
    const db = new Database(join(dataDir, 'baobab.sqlite'), { readonly: true, fileMustExist: true });
    const readGifts = () =>
      (db.prepare("SELECT data FROM records WHERE collection = '_gifts'").pluck().all() as string[]).map(
        (row) => JSON.parse(row) as Record<string, unknown>,
      );
    try {
      const receiptB = db
        .prepare("SELECT message FROM outbox WHERE json_extract(message, '$.to') = ? LIMIT 1")
        .pluck()
        .get(b.email) as string | undefined;
      const tokenB = /[?&]t=([\w.~-]+)/.exec(receiptB ?? '')?.[1] ?? '';
      if (!tokenB) t.notes.push('no manage link in the gift receipt');
      const giftA = String(readGifts().find((g) => g.kind === 'pledge' && g.email === a.email)?.giftId ?? '');
      const stop = (token: string, gift: string, headers: Record<string, string> = ours) =>
        send('POST', '/api/gifts/stop', headers, new URLSearchParams({ lang: 'en', t: token, gift }).toString());
      forged('gift: another giver’s manage link', await stop(tokenB, giftA));
      forged(
        'gift: a forged manage link',
        await stop(`${Buffer.from(a.email).toString('base64url')}.0.${'A'.repeat(43)}`, giftA),
      );
      forged(
        'gift: an altered manage link',
        await stop(
          tokenB.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
          giftA,
        ),
      );
      forged(
        'gift: a stop posted from another site',
        await stop(tokenB, giftA, { ...ours, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
      );
      forged('gift: no such action', await send('POST', '/api/gifts/delete', ours, 'a=b'));
      for (const path of [
        '/donate/manage?t=a.b.c',
        `/donate/manage?t=${tokenB}x`,
        '/donate/thanks?reference=BG-000000000000',
      ]) {
        const answer = await send('GET', path);
        if (answer.text.includes(a.email) || answer.text.includes(b.email)) {
          t.bypasses += 1;
          t.notes.push(`${path.slice(0, 60)} shows a giver`);
        }
      }
      // Each gift: one payment, one subscription, nothing stopped, one receipt.
      const gifts = readGifts();
      for (const kind of ['paid', 'subscribed'] as const) {
        const n = gifts.filter((g) => g.kind === kind).length;
        if (n !== 2) {
          t.bypasses += Math.abs(n - 2);
          t.notes.push(`${n} gift entries of kind ${kind} for two gifts`);
        }
      }
      const extra = gifts.filter((g) => g.kind === 'stopped' || g.kind === 'failed').length;
      t.bypasses += extra;
      if (extra) t.notes.push(`${extra} gift entries made by forged calls`);
      const receipts = db
        .prepare("SELECT COUNT(*) FROM outbox WHERE json_extract(message, '$.subject') LIKE 'Thank you for your gift%'")
        .pluck()
        .get() as number;
      if (receipts !== 2) {
        t.bypasses += Math.abs(receipts - 2);
        t.notes.push(`${receipts} gift receipts queued for two payments`);
      }
    } finally {
      db.close();
    }
  }

  return { env: stub.env(), attack, close: stub.close };
}

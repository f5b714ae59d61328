/** @jest-environment node */
import { ANSWER_WINDOW_MS, createProviderAnswers, FAILURE_MS, PAID_MS } from '@/lib/payments/answers';

// The provider's recent answers (lib/payments/answers.ts): one question per key and window, shared while
// it is out; a payment made kept longer; a failure only a few seconds; never more than `maxEntries`.
let clock = 0;
const now = () => clock;
beforeEach(() => {
  clock = Date.UTC(2026, 11, 2, 9);
});

// A question that counts how often it is asked and answers `value` (or fails) when released.
function question<T>(value: T | Error) {
  let asked = 0;
  const waiting: (() => void)[] = [];
  const ask = () => {
    asked += 1;
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => (value instanceof Error ? reject(value) : resolve(value)));
    });
  };
  return {
    ask,
    release: () => waiting.splice(0).forEach((go) => go()),
    get asked() {
      return asked;
    },
  };
}

const settled = () => new Promise((r) => setImmediate(r));

it('asks once for answers wanted at the same time, and once within the window after', async () => {
  const answers = createProviderAnswers({ now });
  const q = question('pending');
  const all = Array.from({ length: 100 }, () => answers.once('verify A', q.ask, () => 'answer'));
  q.release();
  expect(await Promise.all(all)).toEqual(Array(100).fill('pending'));
  expect(q.asked).toBe(1);
  clock += ANSWER_WINDOW_MS - 1;
  for (let i = 0; i < 100; i++) await answers.once('verify A', q.ask, () => 'answer');
  expect(q.asked).toBe(1);
  // After the window, one more; another key is its own question.
  clock += 1;
  const again = answers.once('verify A', q.ask, () => 'answer');
  const other = answers.once('verify B', q.ask, () => 'answer');
  q.release();
  await Promise.all([again, other]);
  expect(q.asked).toBe(3);
});

it('keeps a payment made for a day, and counts the window from when the answer came', async () => {
  const answers = createProviderAnswers({ now });
  const paid = question('success');
  const first = answers.once('verify P', paid.ask, () => 'paid');
  clock += 7_000; // the provider took 7 s
  paid.release();
  await first;
  clock += PAID_MS - 1;
  await answers.once('verify P', paid.ask, () => 'paid');
  expect(paid.asked).toBe(1);

  const slow = question('pending');
  const asked = answers.once('verify S', slow.ask, () => 'answer');
  clock += 7_000;
  slow.release();
  await asked;
  clock += ANSWER_WINDOW_MS - 1;
  await answers.once('verify S', slow.ask, () => 'answer');
  expect(slow.asked).toBe(1);
});

it('shares a failure with those who waited for it, and asks again a few seconds later', async () => {
  const answers = createProviderAnswers({ now });
  const down = question<string>(Object.assign(new Error('Paystack unreachable'), { name: 'ProviderUnavailable' }));
  const waiting = Array.from({ length: 10 }, () => answers.once('verify D', down.ask, () => 'answer'));
  down.release();
  for (const one of waiting) await expect(one).rejects.toThrow('Paystack unreachable');
  expect(down.asked).toBe(1);
  // Within the few seconds: the same failure, no new call.
  clock += FAILURE_MS - 1;
  await expect(answers.once('verify D', down.ask, () => 'answer')).rejects.toThrow('Paystack unreachable');
  expect(down.asked).toBe(1);
  clock += 1;
  const again = answers.once('verify D', down.ask, () => 'answer');
  down.release();
  await expect(again).rejects.toThrow();
  expect(down.asked).toBe(2);
  // An answer that says "failure" is kept as briefly as a thrown one.
  const soft = question('down');
  await Promise.all([answers.once('pay X', soft.ask, () => 'failure'), settled().then(soft.release)]);
  clock += FAILURE_MS;
  const next = answers.once('pay X', soft.ask, () => 'failure');
  soft.release();
  await next;
  expect(soft.asked).toBe(2);
});

it('keeps at most maxEntries answers, the oldest leaving first, and drops stale ones as new ones come', async () => {
  const answers = createProviderAnswers({ now, maxEntries: 50 });
  let asked = 0;
  const ask = async () => ++asked;
  for (let i = 0; i < 500; i++) await answers.once(`verify R${i}`, ask, () => 'answer');
  expect(answers.size).toBe(50);
  expect(asked).toBe(500);
  // The newest are still kept, the oldest were pushed out and are asked again.
  await answers.once('verify R499', ask, () => 'answer');
  expect(asked).toBe(500);
  await answers.once('verify R0', ask, () => 'answer');
  expect(asked).toBe(501);
  // Once the window has passed, new answers push the stale ones out a few at a time.
  clock += ANSWER_WINDOW_MS;
  for (let i = 0; i < 10; i++) await answers.once(`verify N${i}`, ask, () => 'answer');
  expect(answers.size).toBeLessThan(50);
});

it('does not hold later visits back behind a question that never ends', async () => {
  const answers = createProviderAnswers({ now, flightMs: 60_000 });
  const hung = question('pending');
  void answers.once('verify H', hung.ask, () => 'answer');
  clock += 59_999;
  void answers.once('verify H', hung.ask, () => 'answer');
  expect(hung.asked).toBe(1);
  clock += 1;
  void answers.once('verify H', hung.ask, () => 'answer');
  expect(hung.asked).toBe(2);
  hung.release();
});

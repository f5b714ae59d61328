import type { FormServices } from '@/lib/forms/services';
import { submitForm } from '@/lib/forms/submit';
import { doubleOptInNewsletter } from '@/lib/newsletter';
import { paymentSettings } from '@/lib/payments/record';
import { createRateLimiter } from '@/lib/security/rate-limit';
import { issueXsrfToken, type RequestMeta } from '@/lib/security/xsrf';
import { getStore } from '@/lib/storage';

import { BEFORE_SEED_EVENT, sampleEnrolment } from './samples';

// An enrolment in the $105 course, stored by the form in the process's store with the process's payment
// settings (a provider configured): its pay link's token and its reference. Each call is another person.
const TOKEN = issueXsrfToken();
const site = { siteUrl: 'http://localhost:3000', siteName: 'Baobab Data' };
let people = 0;

export async function paidEnrolment(): Promise<{ token: string; reference: string; id: string }> {
  const name = `Payer ${++people} ${process.pid}`;
  const meta: RequestMeta = {
    headers: new Headers({ host: 'localhost:3000', 'x-xsrf-token': TOKEN }),
    cookie: (cookie) => (cookie === 'XSRF-TOKEN' ? TOKEN : undefined),
    address: `198.51.100.${people % 250}`,
  };
  const services: FormServices = {
    store: getStore(),
    rateLimiter: createRateLimiter(1000),
    newsletter: doubleOptInNewsletter({ store: getStore, secret: () => 's'.repeat(40), mail: () => site }),
    recaptcha: null,
    mail: { staff: 'staff@baobabdata.org', ...site },
    payments: paymentSettings(),
    now: Date.now,
    today: () => BEFORE_SEED_EVENT,
    log: () => {},
  };
  const data = new FormData();
  // Each enrolment its own person: a second one with the same address is the same person, who gets no
  // second record and no second link.
  const email = `payer-${people}@example.org`;
  for (const [k, v] of Object.entries({ ...sampleEnrolment, name, email })) data.set(k, v);
  const state = await submitForm('enrol', data, meta, services);
  if (state.status !== 'success' || !state.link) throw new Error(`no pay link: ${JSON.stringify(state)}`);
  const record = (await getStore().list('enrolment')).find((r) => r.data.name === name)!;
  return { token: state.link.href.split('/pay/')[1]!, reference: String(record.data.payReference), id: record.id };
}

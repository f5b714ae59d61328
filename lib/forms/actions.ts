'use server';

import { cookies, headers } from 'next/headers';

import { requestAddress } from '@/lib/security/client-address';

import type { FormOperation } from './registry';
import type { FormState } from './state';
import { submitForm } from './submit';

// The forms' server actions, which a page posts to without JavaScript, rendering the state they
// return: one per operation of lib/forms/registry.ts, under its name (tests/unit/form-registry.test.ts
// checks that none is missing).
function actionFor(operation: FormOperation) {
  return async (_previous: FormState, formData: FormData): Promise<FormState> => {
    const [headerList, cookieJar] = await Promise.all([headers(), cookies()]);
    return submitForm(operation, formData, {
      headers: headerList,
      cookie: (name) => cookieJar.get(name)?.value,
      address: requestAddress(headerList),
    });
  };
}

export const enrol = actionFor('enrol');
export const contactUs = actionFor('contactUs');
export const subscribe = actionFor('subscribe');
export const registerEvent = actionFor('registerEvent');
export const registerOffer = actionFor('registerOffer');

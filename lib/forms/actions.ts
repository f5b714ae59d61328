'use server';

import { cookies, headers } from 'next/headers';

import { bodyMessages } from '@/lib/http/read-body';
import { requestAddress } from '@/lib/security/client-address';
import type { FormOperation } from '@/lib/storage';

import type { FormState } from './state';
import { submitForm } from './submit';

// The forms' server actions, which a page posts to without JavaScript, rendering the state they
// return: one per operation of lib/forms/registry.ts, under its name (tests/unit/form-registry.test.ts
// checks that none is missing). A client chooses what Next passes them (lib/forms/action-post.ts), so
// they check it: anything but a FormData where the form's data goes gets the form's own refusal.
function actionFor(operation: FormOperation) {
  return async (_previous: FormState, formData: FormData): Promise<FormState> => {
    if (!(formData instanceof FormData)) return { status: 'error', message: bodyMessages.unreadable };
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

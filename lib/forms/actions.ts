'use server';

import { cookies, headers } from 'next/headers';

import { runForm, type FormOperation } from './run';
import type { FormState } from './state';

// Server actions for plain form posts (no JavaScript): the page re-renders with the returned state.
async function run(operation: FormOperation, formData: FormData): Promise<FormState> {
  const [headerList, cookieJar] = await Promise.all([headers(), cookies()]);
  return runForm(operation, formData, { headers: headerList, cookie: (name) => cookieJar.get(name)?.value });
}

export async function enrol(_previous: FormState, formData: FormData) {
  return run('enrol', formData);
}

export async function contactUs(_previous: FormState, formData: FormData) {
  return run('contactUs', formData);
}

export async function subscribe(_previous: FormState, formData: FormData) {
  return run('subscribe', formData);
}

export async function registerEvent(_previous: FormState, formData: FormData) {
  return run('registerEvent', formData);
}

export async function registerOffer(_previous: FormState, formData: FormData) {
  return run('registerOffer', formData);
}

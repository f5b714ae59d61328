import type { Lang, Localised } from '@/lib/i18n';
import type { FormOperation } from '@/lib/storage';

import { en } from './en';
import { fr } from './fr';
import type { FormTexts, FormUi } from './types';

export type { CheckWords, FormTexts, FormUi, AnswerWords } from './types';

// Every text of the forms, in each language: the one place to look one up. For the server and for
// the pages (server components), which hand a form its own language's `ui` only. The browser never
// imports this module (it would carry both languages); it loads one language's file with the schemas.
export const formTexts: Localised<FormTexts> = { en, fr };

type Label = keyof FormUi['labels'];
type Extra = 'choose' | 'phoneHint' | 'genders' | 'degrees' | 'waitlistIntro' | 'joinWaitlist';
// The texts every form shows, besides its fields' labels.
export type CommonUi = Pick<
  FormUi,
  | 'sending'
  | 'tryAgain'
  | 'timedOut'
  | 'newTab'
  | 'savedOffline'
  | 'cancelWaiting'
  | 'waitingCancelled'
  | 'sent'
  | 'honeypot'
>;

// What one form shows: its labels, its button, the common texts and the extras it asks for.
export type FormUiFor<L extends Label, E extends Extra = never> = CommonUi &
  Pick<FormUi, E> & { labels: Pick<FormUi['labels'], L>; submit: string };

// One form's texts in the page's language, and only those: they travel in every page's HTML.
export function formUi<L extends Label, E extends Extra = never>(
  lang: Lang,
  operation: FormOperation,
  labels: readonly L[],
  extras: readonly E[] = [],
): FormUiFor<L, E> {
  const ui = formTexts[lang].ui;
  const pick = <K extends keyof T, T>(from: T, keys: readonly K[]) =>
    Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;
  return {
    ...pick(ui, [
      'sending',
      'tryAgain',
      'timedOut',
      'newTab',
      'savedOffline',
      'cancelWaiting',
      'waitingCancelled',
      'sent',
      'honeypot',
      ...extras,
    ]),
    labels: pick(ui.labels, labels),
    submit: ui.submit[operation],
  };
}

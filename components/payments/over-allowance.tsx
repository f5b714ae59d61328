import { headers } from 'next/headers';
import type { ReactElement } from 'react';

import type { Lang } from '@/lib/i18n';
import { takeRouteAllowance } from '@/lib/security/route-limits';
import { formTexts } from '@/messages/forms';

import { PaymentStep } from './payment-step';

// The pay pages' allowance (lib/security/route-limits.ts), taken once per visit of the return page, a
// gift's thank-you page or its manage page: past it, the page under `title` saying when to try again
// (a page cannot answer 429); within it, nothing.
export async function overPayAllowance(title: string, lang: Lang): Promise<ReactElement | null> {
  const allowed = await takeRouteAllowance('pay', await headers());
  if (allowed.ok) return null;
  return <PaymentStep title={title} paragraphs={[formTexts[lang].answers.rateLimited(allowed.retryAfterSeconds)]} />;
}

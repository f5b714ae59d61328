import { localePath } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { paymentContext, startPayment } from '@/lib/payments';
import { takeRouteAllowance, tooManyRequests } from '@/lib/security/route-limits';

// The pay link of a confirmation mail and of the form's answer (docs/product.md §14): sends the visitor
// to the provider's page for their record's payment, or to the return page saying what stopped it.
export const dynamic = 'force-dynamic';

const see = (location: string) =>
  new Response(null, {
    status: 303,
    headers: { location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });

export async function GET(request: Request, { params }: { params: Promise<{ lang: string; token: string }> }) {
  const { lang: segment, token } = await params;
  const lang = routeLang(segment);
  const allowed = await takeRouteAllowance('pay', request.headers);
  if (!allowed.ok) return tooManyRequests(lang, allowed.retryAfterSeconds);
  const outcome = await startPayment(paymentContext(), token, lang);
  if (outcome.to === 'provider') return see(outcome.url);
  const query = new URLSearchParams({
    ...(outcome.reference ? { reference: outcome.reference } : {}),
    ...(outcome.problem ? { problem: outcome.problem } : {}),
  });
  return see(`${localePath(lang, '/payments/return')}?${query}`);
}

import { credentialRefusal, openBadgeCredential, verification } from '@/lib/certificates';
import { config } from '@/lib/config';
import { defaultLang } from '@/lib/i18n';
import { takeRouteAllowance, tooManyRequests } from '@/lib/security/route-limits';

// A certificate as an Open Badges 3.0 credential, at /verify/<code>.json in every language
// (next.config.ts rewrites it here): 200 with the credential, 410 for one revoked or withdrawn, 404 for
// a code no certificate has. Open to anyone, limited per client as the verification page is.
export const dynamic = 'force-dynamic';

const json = (body: unknown, status: number) =>
  Response.json(body, {
    status,
    headers: { 'cache-control': 'no-store', 'access-control-allow-origin': '*', 'x-robots-tag': 'noindex' },
  });

export async function GET(request: Request, { params }: { params: Promise<{ code: string }> }) {
  const allowed = await takeRouteAllowance('verify', request.headers);
  if (!allowed.ok) return tooManyRequests(defaultLang, allowed.retryAfterSeconds);
  const found = await verification((await params).code);
  switch (found.state) {
    case 'valid':
      return json(openBadgeCredential(found.certificate, config().siteUrl), 200);
    case 'unknown':
      return json(credentialRefusal('unknown'), 404);
    case 'withdrawn':
      return json(credentialRefusal('withdrawn', found.at), 410);
    default:
      return json(credentialRefusal('revoked', found.at), 410);
  }
}

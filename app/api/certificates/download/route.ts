import { downloadedCertificate } from '@/lib/certificates';
import { defaultLang } from '@/lib/i18n';
import { takeRouteAllowance, tooManyRequests } from '@/lib/security/route-limits';

// A certificate's PDF again, by the signed link of its mail (lib/certificates/download.ts). Limited per
// client as the verification page is.
export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const allowed = await takeRouteAllowance('verify', request.headers);
  if (!allowed.ok) return tooManyRequests(defaultLang, allowed.retryAfterSeconds);
  const found = await downloadedCertificate(new URL(request.url).searchParams.get('t'), Date.now());
  if (!found) {
    return new Response('There is no such certificate, or it is no longer valid.\n', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
  return new Response(Buffer.from(found.pdf), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="certificate-${found.code}.pdf"`,
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex',
    },
  });
}

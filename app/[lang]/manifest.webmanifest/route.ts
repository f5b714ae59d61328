import { langs } from '@/lib/i18n';
import { routeLang } from '@/lib/i18n/route';
import { manifestPath, manifestResponse } from '@/lib/web-manifest';

// The manifest of each language served under its prefix (/<prefix>/manifest.webmanifest).
export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return langs.filter((lang) => manifestPath(lang).startsWith(`/${lang}/`)).map((lang) => ({ lang }));
}

export async function GET(_: Request, { params }: { params: Promise<{ lang: string }> }) {
  return manifestResponse(routeLang((await params).lang));
}

import { splitPath } from '@/lib/i18n';
import { manifestResponse } from '@/lib/web-manifest';

// The manifest of the language whose pages have no prefix (app/[lang]/manifest.webmanifest has the others).
export const dynamic = 'force-static';

export function GET() {
  return manifestResponse(splitPath('/manifest.webmanifest').lang);
}

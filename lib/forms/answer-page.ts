import { site } from '@/lib/content';
import { locales, splitPath, type Lang } from '@/lib/i18n';
import { escapeHtml } from '@/lib/mail/letter';
import { formTexts } from '@/messages/forms';

import type { FormState } from './state';

// The answer to a page's form post that Next could not route to its action (lib/forms/stale-action.ts):
// a small page in the form's language with what the form would have said (its success, or its refusal
// with the reason), and the way back to the page. A refusal is a 400, as the site answers a post it will
// not take; nothing of what the visitor typed is written back into it.
export function formAnswerPage(state: FormState, lang: Lang, pagePath: string): Response {
  const words = formTexts[lang].answers;
  const back = pagePath.startsWith('/') && splitPath(pagePath).lang === lang ? pagePath : '/';
  const lines =
    state.status === 'success'
      ? [state.message, state.detail ?? '']
      : state.status === 'error'
        ? [state.message, ...Object.values(state.errors ?? {}).map(String)]
        : [];
  const link =
    state.status === 'success' && state.link
      ? `<p><a href="${escapeHtml(state.link.href)}">${escapeHtml(state.link.label)}</a></p>`
      : '';
  const html = `<!doctype html><html lang="${locales[lang].htmlLang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(site.name)}</title></head>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;line-height:1.5">
<main><div role="status">${lines
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('')}</div>${link}
<p><a href="${escapeHtml(back)}">${escapeHtml(words.backToPage)}</a></p></main></body></html>`;
  return new Response(html, {
    status: state.status === 'success' ? 200 : 400,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
}

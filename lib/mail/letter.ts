import { site } from '@/lib/content';
import { defaultLang, locales, type Lang } from '@/lib/i18n';
import { visitorMails } from '@/messages/mails/visitor';

// Plain text and simple, accessible HTML from one description of a letter. Every value that came from
// a visitor is escaped in the HTML; the plain text needs no escaping.
export interface Letter {
  // The reader's language (English when absent): the HTML's lang and the footer's words.
  lang?: Lang;
  heading: string;
  paragraphs: string[];
  rows?: [label: string, value: string][];
  link?: { href: string; label: string };
  // A picture sent with the mail (an attachment with this Content-ID), after the rows: the check-in QR
  // code. The plain text has the rows' code instead.
  image?: { cid: string; alt: string; size: number };
  // A second, smaller way on, below the main link: giving a place back.
  footLink?: { href: string; label: string };
  quote?: string;
  // A newsletter's way out, at the foot of the letter.
  unsubscribe?: string;
}

const entities: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => entities[c]!);
}

export function renderLetter(letter: Letter): { text: string; html: string } {
  const lang = letter.lang ?? defaultLang;
  const { unsubscribe, colon } = visitorMails[lang];
  const text = [
    letter.heading,
    '',
    ...letter.paragraphs.flatMap((p) => [p, '']),
    ...(letter.quote
      ? [
          letter.quote
            .split('\n')
            .map((l) => `> ${l}`)
            .join('\n'),
          '',
        ]
      : []),
    ...(letter.rows ?? []).map(([label, value]) => `${label}${colon}${value}`),
    ...(letter.link ? ['', `${letter.link.label}${colon}${letter.link.href}`] : []),
    ...(letter.footLink ? ['', `${letter.footLink.label}${colon}${letter.footLink.href}`] : []),
    '',
    '-- ',
    site.name,
    ...(letter.unsubscribe ? [`${unsubscribe}${colon}${letter.unsubscribe}`] : []),
  ].join('\n');

  const rows = letter.rows?.length
    ? `<table role="presentation" style="border-collapse:collapse">${letter.rows
        .map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 12px 4px 0">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const html = `<!doctype html><html lang="${locales[lang].htmlLang}"><head><meta charset="utf-8"><title>${escapeHtml(letter.heading)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1c1917">
<h1 style="font-size:22px;color:${site.brandColour}">${escapeHtml(letter.heading)}</h1>
${letter.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${letter.quote ? `<blockquote style="margin:0 0 16px;padding-left:12px;border-left:4px solid ${site.brandColour};white-space:pre-wrap">${escapeHtml(letter.quote)}</blockquote>` : ''}
${rows}
${letter.image ? `<p><img src="cid:${escapeHtml(letter.image.cid)}" alt="${escapeHtml(letter.image.alt)}" width="${letter.image.size}" height="${letter.image.size}"></p>` : ''}
${letter.link ? `<p><a href="${escapeHtml(letter.link.href)}" style="color:${site.brandColour}">${escapeHtml(letter.link.label)}</a></p>` : ''}
${letter.footLink ? `<p style="font-size:14px"><a href="${escapeHtml(letter.footLink.href)}" style="color:#57534e">${escapeHtml(letter.footLink.label)}</a></p>` : ''}
<p style="color:#57534e">${escapeHtml(site.name)}</p>${letter.unsubscribe ? `\n<p style="color:#57534e;font-size:14px"><a href="${escapeHtml(letter.unsubscribe)}" style="color:#57534e">${escapeHtml(unsubscribe)}</a></p>` : ''}
</body></html>`;
  return { text, html };
}

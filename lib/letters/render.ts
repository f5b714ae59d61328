import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

import { site } from '@/lib/content';
import { locales, type Lang } from '@/lib/i18n';
import { escapeHtml } from '@/lib/mail/letter';
import { letterTexts } from '@/messages/letters';
import { visitorMails } from '@/messages/mails/visitor';

import { versionIn, type Letter } from './letter';

// A letter as a mail: its Markdown body to HTML (markdown-it, raw HTML off, then sanitised: headings,
// paragraphs, links, lists, images by https address), laid out with MJML so that it reads in Gmail,
// Outlook and phones' mail apps (docs/staff.md, "Letters": why MJML), and a plain-text part written
// from the same Markdown. No tracking pixel and no rewritten link: links go where staff wrote them.

const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const allowed: sanitizeHtml.IOptions = {
  allowedTags: ['h1', 'h2', 'h3', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'img', 'br', 'blockquote', 'hr', 'code'],
  allowedAttributes: { a: ['href'], img: ['src', 'alt'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
};

// On a web page the letter's subject is the page's heading, so the body's headings go one level down.
const onPage: sanitizeHtml.IOptions = {
  ...allowed,
  allowedTags: [...(allowed.allowedTags as string[]), 'h4'],
  transformTags: { h1: 'h2', h2: 'h3', h3: 'h4' },
};

// On the site's own page, a picture is shown only from the site itself (its address made relative):
// the pages' Content-Security-Policy loads no image from elsewhere, so a picture hosted elsewhere
// becomes a link to it, in its words. (A mail shows either kind.)
function pageImages(siteUrl: string): sanitizeHtml.IOptions['transformTags'] {
  const own = `${siteUrl.replace(/\/$/, '')}/`;
  return {
    img: (_tag, attribs): sanitizeHtml.Tag => {
      const src = attribs.src ?? '';
      if (src.startsWith(own)) return { tagName: 'img', attribs: { ...attribs, src: `/${src.slice(own.length)}` } };
      return { tagName: 'a', attribs: { href: src }, text: attribs.alt || src };
    },
  };
}

export function bodyHtml(body: string, { page = false, siteUrl = '' } = {}): string {
  const options = page ? { ...onPage, transformTags: { ...onPage.transformTags, ...pageImages(siteUrl) } } : allowed;
  return sanitizeHtml(markdown.render(body), options);
}

// Markdown is written to be read as it is; links and images become their words then their address.
export function bodyText(body: string): string {
  return body
    .replace(/!\[([^\]]*)\]\(([^)\s]+)\)/g, (_, alt: string, src: string) => `${alt ? `${alt} ` : ''}(${src})`)
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, href: string) => `${label} (${href})`)
    .trim();
}

// Where each reader's own links go: replaced per person when the mail is sent, so the layout is
// rendered once per letter and language, not once per reader.
export const UNSUBSCRIBE_SLOT = 'https://letter.invalid/unsubscribe';

export interface RenderedLetter {
  lang: Lang;
  subject: string;
  html: string;
  text: string;
}

export interface LetterFoot {
  // The archive page of this language, or none (a letter not yet sent has no page).
  web?: string;
  // Why the reader receives it (letterTexts' words).
  why: string;
  // The newsletter's unsubscribe link (UNSUBSCRIBE_SLOT until sent); none for a registrant message.
  unsubscribe?: string;
  // The organisation's postal address (the content editor's contact details).
  address: string;
}

// The version in `lang` (or the default language's when it has none), as an email in that language.
export async function renderLetterMail(letter: Pick<Letter, 'versions'>, lang: Lang, foot: LetterFoot) {
  const { lang: written, version } = versionIn(letter, lang);
  const words = letterTexts[written];
  const postal = words.postal(site.name, foot.address);
  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#57534e">${escapeHtml(label)}</a>`;
  const source = `<mjml lang="${locales[written].htmlLang}">
  <mj-head>
    <mj-title>${escapeHtml(version.subject)}</mj-title>
    <mj-attributes>
      <mj-all font-family="Arial, Helvetica, sans-serif" />
      <mj-text font-size="16px" line-height="1.5" color="#1c1917" />
    </mj-attributes>
    <mj-style>
      .letter img { max-width: 100%; height: auto; }
      .letter a { color: #9a3412; }
      .letter h1, .letter h2, .letter h3 { line-height: 1.25; }
    </mj-style>
  </mj-head>
  <mj-body width="600px" background-color="#fafaf9">
    <mj-section padding="12px 16px 0">
      <mj-column>
        <mj-text font-size="13px" color="#57534e" align="right">${foot.web ? link(foot.web, words.readOnWeb) : '&nbsp;'}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="16px">
      <mj-column>
        <mj-text font-size="20px" font-weight="bold" color="${site.brandColour}">${escapeHtml(site.name)}</mj-text>
        <mj-text css-class="letter">${bodyHtml(version.body)}</mj-text>
      </mj-column>
    </mj-section>
    <mj-section padding="8px 16px 24px">
      <mj-column>
        <mj-text font-size="13px" color="#57534e">
          <p>${escapeHtml(foot.why)}${foot.unsubscribe ? ` ${link(foot.unsubscribe, words.unsubscribe)}` : ''}</p>
          <p>${escapeHtml(postal)}</p>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  // Loaded with the first letter, not with the server (a second and a half of CPU at every start).
  const { default: mjml2html } = await import('mjml');
  const { html } = await mjml2html(source, { validationLevel: 'soft' });
  const { colon } = visitorMails[written];
  const text = [
    ...(foot.web ? [`${words.readOnWeb}${colon}${foot.web}`, ''] : []),
    bodyText(version.body),
    '',
    '-- ',
    site.name,
    foot.why,
    ...(foot.unsubscribe ? [`${words.unsubscribe}${colon}${foot.unsubscribe}`] : []),
    postal,
  ].join('\n');
  return { lang: written, subject: version.subject, html, text } satisfies RenderedLetter;
}

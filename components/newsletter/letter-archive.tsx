import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import { SiteLink } from '@/components/ui/site-link';
import { SITE_TIME_ZONE } from '@/lib/constants';
import { localePath, locales, type Lang } from '@/lib/i18n';
import { formatDay } from '@/lib/i18n/format';
import { archivedAt, versionIn, type Letter } from '@/lib/letters';
import { letterTexts } from '@/messages/letters';

const sentOn = (at: number | undefined, lang: Lang) =>
  letterTexts[lang].sentOn(formatDay(at ?? 0, lang, SITE_TIME_ZONE));

// The newsletter's archive: every letter sent, newest first, each in the page's language when written in it.
export function LetterList({ letters, lang }: { letters: Letter[]; lang: Lang }) {
  const words = letterTexts[lang];
  return (
    <>
      <PageHeader title={words.archiveTitle} />
      <div className={`container ${ui.section}`}>
        <div className={ui.prose}>
          {letters.length === 0 ? (
            <p>{words.archiveEmpty}</p>
          ) : (
            <ul>
              {letters.map((letter) => (
                <li key={letter.id}>
                  <SiteLink href={localePath(lang, `/newsletter/${letter.slug}`)}>
                    {versionIn(letter, lang).version.subject}
                  </SiteLink>{' '}
                  · {sentOn(archivedAt(letter), lang)}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </>
  );
}

// One letter as it was sent, in the language asked for (or the default one when it has none). Its body
// is the sanitised HTML of its Markdown (lib/letters/render.ts).
export function ArchivedLetter({
  subject,
  html,
  at,
  lang,
}: {
  subject: string;
  html: string;
  at?: number;
  lang: Lang;
}) {
  return (
    <>
      <PageHeader title={subject} />
      <div className={`container ${ui.section}`}>
        <article className={ui.prose} lang={locales[lang].htmlLang}>
          <p>{sentOn(at, lang)}</p>
          <div dangerouslySetInnerHTML={{ __html: html }} />
        </article>
      </div>
    </>
  );
}

import { NotFoundBody } from '@/components/layout/not-found-body';
import { renderingLang } from '@/lib/i18n/route';
import { pageTitle } from '@/lib/seo';
import { messages } from '@/messages';

// A page of a language that has no such entity (an event's address no published event has): the same
// 404 as app/global-not-found.tsx, inside the language's own layout, which gives <html lang> and names
// the language for this render (a request header would make every page of the segment dynamic). Its
// title and robots line are rendered here (React puts them in the head): a not-found file has no
// metadata of its own.
export default function NotFound() {
  const lang = renderingLang();
  return (
    <>
      <title>{pageTitle(messages(lang).notFound.title, lang)}</title>
      <meta name="robots" content="noindex" />
      <NotFoundBody lang={lang} />
    </>
  );
}

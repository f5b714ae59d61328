import { defaultLang, locales } from '@/lib/i18n';
import { staffText } from '@/messages/staff';

// Shown on a course's, event's or offer's page in the CMS's draft mode only (app/staff/preview): a
// visitor's page never has it. Its words are the workspace's, in the default language. It has no styles of its own, so the visitors' pages carry none for it.
// `path` is the page's own address, where leaving the preview returns.
export function PreviewNotice({ path }: { path: string }) {
  const text = staffText.preview;
  return (
    <aside className="container" aria-label={text.label} lang={locales[defaultLang].htmlLang}>
      <p>
        <strong>{text.text}</strong> <a href={`/staff/preview?leave=${encodeURIComponent(path)}`}>{text.leave}</a>
      </p>
    </aside>
  );
}

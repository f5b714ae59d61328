import { langs } from '@/lib/i18n';
import type { Letter } from '@/lib/letters';
import { itemNames, languageName } from '@/lib/staff/present';
import { fill } from '@/messages';
import { letterStaffText } from '@/messages/letters';

import styles from './staff.module.css';

// A letter's draft: its address on the web, who receives it, and a subject and Markdown body per language.
export async function LetterForm({ letter }: { letter: Letter | null }) {
  const words = letterStaffText;
  const audience = letter?.audience ?? 'subscribers';
  const items = await itemNames();
  // A draft's item past the filters' window is still offered.
  const chosen = audience.startsWith('item:') ? audience.slice('item:'.length) : null;
  const choices =
    chosen && !items.choices.some((choice) => choice.key === chosen)
      ? [...items.choices, { key: chosen, label: items.label(chosen) }]
      : items.choices;
  return (
    <form method="post" action="/staff/api/letter-save" className={styles.letterForm}>
      {letter && <input type="hidden" name="id" value={letter.id} />}
      <label>
        {words.slug}
        <input name="slug" required pattern="[a-z0-9]+(-[a-z0-9]+)*" maxLength={80} defaultValue={letter?.slug ?? ''} />
      </label>
      <label>
        {words.audience}
        <select name="audience" defaultValue={audience}>
          <option value="subscribers">{words.audiences.subscribers}</option>
          {choices.map((choice) => (
            <option key={choice.key} value={`item:${choice.key}`}>
              {fill(words.registrants, { item: choice.label })}
            </option>
          ))}
          <option value="givers">{words.audiences.givers}</option>
          <option value="test">{words.audiences.test}</option>
        </select>
      </label>
      <label>
        {words.testList}
        <textarea name="testList" rows={3} defaultValue={letter?.testList.join('\n') ?? ''} />
      </label>
      {langs.map((lang) => (
        <fieldset key={lang}>
          <legend>{languageName(lang)}</legend>
          <label>
            {fill(words.subject, { language: languageName(lang) })}
            <input name={`subject-${lang}`} maxLength={200} defaultValue={letter?.versions[lang]?.subject ?? ''} />
          </label>
          <label>
            {fill(words.body, { language: languageName(lang) })}
            <textarea name={`body-${lang}`} rows={14} defaultValue={letter?.versions[lang]?.body ?? ''} />
          </label>
        </fieldset>
      ))}
      <button className={styles.button} type="submit">
        {words.save}
      </button>
    </form>
  );
}

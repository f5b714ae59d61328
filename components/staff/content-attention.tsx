import { cmsProblems } from '@/lib/cms';
import { staffText } from '@/messages/staff';

import styles from './staff.module.css';

// The content items the site leaves out because it cannot read them (a text missing in the default
// language, a value a script wrote past the editor's checks), for those who can fix them: each with why
// and a link to it in the content editor. Nothing is shown while there are none.
export async function ContentAttention() {
  const problems = await cmsProblems();
  if (problems.length === 0) return null;
  const words = staffText.attention;
  return (
    <section className={styles.attention} aria-labelledby="content-attention">
      <h2 id="content-attention">
        {words.title} ({problems.length})
      </h2>
      <p>{words.intro}</p>
      <ul>
        {problems.map((problem) => (
          <li key={`${problem.collection}:${problem.id}`}>
            <strong>
              {problem.collection}: {problem.title}
            </strong>{' '}
            ({words.languages}: {problem.lang === 'all' ? words.everyLanguage : problem.lang}; {words.fields}:{' '}
            {problem.fields.join(', ')}) <a href={problem.editHref}>{words.fix}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

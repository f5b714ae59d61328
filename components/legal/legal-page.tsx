import { PageHeader } from '@/components/ui/page-header';
import ui from '@/components/ui/section.module.css';
import type { Lang } from '@/lib/i18n';
import { fill, messages } from '@/messages';

interface LegalPageProps {
  lang: Lang;
  title: string;
  updated: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export function LegalPage({ lang, title, updated, sections }: LegalPageProps) {
  return (
    <>
      <PageHeader title={title} lead={fill(messages(lang).legal.updated, { date: updated })} />
      <div className={`container ${ui.section}`}>
        <div className={ui.prose}>
          {sections.map((section) => (
            <section key={section.heading}>
              <h2>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </section>
          ))}
        </div>
      </div>
    </>
  );
}

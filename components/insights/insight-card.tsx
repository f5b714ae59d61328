import { ExternalLink } from '@/components/ui/external-link';
import { Picture } from '@/components/ui/picture';
import ui from '@/components/ui/section.module.css';
import type { Insight } from '@/lib/content/types';
import type { Lang } from '@/lib/i18n';

export function InsightCard({
  insight,
  showDescription,
  lang,
}: {
  insight: Insight;
  showDescription: boolean;
  lang: Lang;
}) {
  return (
    <article className={ui.card}>
      <Picture
        src={insight.img}
        alt=""
        width={640}
        height={400}
        className={ui.cardImage}
        sizes="(min-width: 72rem) 22rem, (min-width: 40rem) 45vw, 92vw"
      />
      <div className={ui.cardBody}>
        <h3>
          <ExternalLink href={insight.link} lang={lang}>
            {insight.title}
          </ExternalLink>
        </h3>
        {showDescription ? <p>{insight.description}</p> : null}
      </div>
    </article>
  );
}

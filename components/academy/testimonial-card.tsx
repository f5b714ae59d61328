import { Picture } from '@/components/ui/picture';
import type { Testimonial } from '@/lib/content/types';
import type { Lang } from '@/lib/i18n';
import { fill, messages } from '@/messages';

import styles from './testimonial-card.module.css';

export function TestimonialCard({ testimonial, lang }: { testimonial: Testimonial; lang: Lang }) {
  return (
    <figure className={styles.card}>
      <blockquote className={styles.quote}>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className={styles.caption}>
        <Picture
          src={testimonial.flag}
          alt={fill(messages(lang).academy.flag, { country: testimonial.country })}
          width={36}
          height={24}
          className={styles.flag}
        />
        <span>
          <strong>{testimonial.name}</strong>
          <br />
          {testimonial.title}
        </span>
      </figcaption>
    </figure>
  );
}

import { Picture } from '@/components/ui/picture';
import type { Testimonial } from '@/lib/content/types';

import styles from './testimonial-card.module.css';

export function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <figure className={styles.card}>
      <blockquote className={styles.quote}>
        <p>{testimonial.quote}</p>
      </blockquote>
      <figcaption className={styles.caption}>
        <Picture
          src={testimonial.flag}
          alt={`Flag of ${testimonial.country}`}
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

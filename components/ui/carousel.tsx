'use client';

import useEmblaCarousel from 'embla-carousel-react';
import { Children, useCallback, useEffect, useState, type KeyboardEvent, type ReactNode } from 'react';
import styles from './carousel.module.css';

interface CarouselProps {
  // The carousel's accessible name, e.g. "Our projects".
  label: string;
  // What one slide is, for the button names: "Previous project", "Next project".
  itemName: string;
  children: ReactNode;
}

// A swipeable, keyboard-usable carousel that never moves by itself. Without JavaScript it is a plain
// horizontally scrolling row with snap points.
export function Carousel({ label, itemName, children }: CarouselProps) {
  const slides = Children.toArray(children);
  const [reducedMotion] = useState(
    () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches,
  );
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', duration: reducedMotion ? 5 : 25 });
  const [edges, setEdges] = useState({ prev: false, next: slides.length > 1 });

  useEffect(() => {
    if (!api) return;
    api.rootNode().dataset.enhanced = 'true';
    const update = () => setEdges({ prev: api.canScrollPrev(), next: api.canScrollNext() });
    api.on('init', update).on('select', update).on('reInit', update);
    queueMicrotask(update);
    return () => {
      api.off('init', update).off('select', update).off('reInit', update);
    };
  }, [api]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      if (event.key === 'ArrowLeft') {
        event.preventDefault();
        api?.scrollPrev();
      } else if (event.key === 'ArrowRight') {
        event.preventDefault();
        api?.scrollNext();
      }
    },
    [api],
  );

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.track}>
          {slides.map((slide, index) => (
            <div
              key={index}
              className={styles.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <div className={styles.controls} data-carousel-controls>
        <button
          type="button"
          className={styles.control}
          onClick={() => api?.scrollPrev()}
          disabled={!edges.prev}
          aria-label={`Previous ${itemName}`}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className={styles.control}
          onClick={() => api?.scrollNext()}
          disabled={!edges.next}
          aria-label={`Next ${itemName}`}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
      <noscript>
        <style>{'[data-carousel-controls]{display:none!important}'}</style>
      </noscript>
    </section>
  );
}

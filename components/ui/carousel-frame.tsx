import type { KeyboardEvent, ReactNode, Ref } from 'react';

import styles from './carousel.module.css';

export type CarouselMove = 'prev' | 'next';

export interface CarouselFrameProps {
  label: string;
  itemName: string;
  slides: ReactNode[];
  viewportRef?: Ref<HTMLDivElement>;
  canPrev: boolean;
  canNext: boolean;
  onMove: (move: CarouselMove) => void;
}

// The carousel's markup, the same before and after embla takes over, so the switch is invisible.
export function CarouselFrame({ label, itemName, slides, viewportRef, canPrev, canNext, onMove }: CarouselFrameProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      onMove(event.key === 'ArrowLeft' ? 'prev' : 'next');
    }
  };
  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label={label} onKeyDown={onKeyDown}>
      {/* Focusable so keyboard users can scroll it and use the arrow keys even where no slide has a link. */}
      <div className={styles.viewport} ref={viewportRef} tabIndex={0}>
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
          onClick={() => onMove('prev')}
          disabled={!canPrev}
          aria-label={`Previous ${itemName}`}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className={styles.control}
          onClick={() => onMove('next')}
          disabled={!canNext}
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

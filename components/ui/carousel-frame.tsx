import type { KeyboardEvent, ReactNode, Ref } from 'react';

import styles from './carousel.module.css';

// The carousel's words in the page's language: the buttons' names, what screen readers call the widget
// and each slide, and where a slide stands ('{index} of {count}': '2 of 5').
export interface CarouselText {
  previous: string;
  next: string;
  role: string;
  slide: string;
  position: string;
}

// Where a slide stands, as the page's language says it. Its own fill: this runs in the browser, which
// must not load every language's messages for it.
function position(text: CarouselText, index: number, count: number): string {
  return text.position.replace('{index}', String(index + 1)).replace('{count}', String(count));
}

export type CarouselMove = 'prev' | 'next';

export interface CarouselFrameProps {
  label: string;
  text: CarouselText;
  slides: ReactNode[];
  viewportRef?: Ref<HTMLDivElement>;
  canPrev: boolean;
  canNext: boolean;
  onMove: (move: CarouselMove) => void;
}

// The carousel's markup, the same before and after embla takes over, so the switch is invisible.
export function CarouselFrame({ label, text, slides, viewportRef, canPrev, canNext, onMove }: CarouselFrameProps) {
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault();
      onMove(event.key === 'ArrowLeft' ? 'prev' : 'next');
    }
  };
  return (
    <section className={styles.carousel} aria-roledescription={text.role} aria-label={label} onKeyDown={onKeyDown}>
      {/* Focusable so keyboard users can scroll it and use the arrow keys even where no slide has a link. */}
      <div className={styles.viewport} ref={viewportRef} tabIndex={0}>
        <div className={styles.track}>
          {slides.map((slide, index) => (
            <div
              key={index}
              className={styles.slide}
              role="group"
              aria-roledescription={text.slide}
              aria-label={position(text, index, slides.length)}
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
          aria-label={text.previous}
        >
          <span aria-hidden="true">‹</span>
        </button>
        <button
          type="button"
          className={styles.control}
          onClick={() => onMove('next')}
          disabled={!canNext}
          aria-label={text.next}
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

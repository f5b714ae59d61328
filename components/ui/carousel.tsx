'use client';

import type { EmblaCarouselType } from 'embla-carousel';
import { Children, useEffect, useRef, useState, type ReactNode } from 'react';

import { CarouselFrame, type CarouselMove, type CarouselText } from './carousel-frame';

interface CarouselProps {
  // The carousel's accessible name, e.g. "Featured projects".
  label: string;
  // The buttons' names ("Previous project", "Next project") and the other words, in the page's language.
  text: CarouselText;
  children: ReactNode;
}

// A swipeable, keyboard-usable carousel that never moves by itself. Until its embla code is there, and
// without JavaScript, it is a row that scrolls natively with snap points. That code is fetched when the
// carousel comes near the screen or a button is pressed, so it costs a first visit nothing.
//
// Embla is set up on the markup React already drew, never on a copy: swapping the markup for embla's
// own once threw the slides away (their pictures flashed and the buttons jumped while the row laid
// itself out again), took a keyboard user's focus with it, and lost a press that came between the swap
// and embla's set-up. A press made before embla is there is kept and made as soon as it is.
export function Carousel({ label, text, children }: CarouselProps) {
  const slides = Children.toArray(children);
  const viewport = useRef<HTMLDivElement>(null);
  const embla = useRef<EmblaCarouselType | null>(null);
  const pending = useRef<CarouselMove | null>(null);
  const [wanted, setWanted] = useState(false);
  const [edges, setEdges] = useState({ prev: false, next: slides.length > 1 });

  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setWanted(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const node = viewport.current;
    if (!wanted || !node) return;
    let cancelled = false;
    import('./carousel-embla').then(
      ({ driveRow }) => {
        if (cancelled) return;
        const move = pending.current;
        pending.current = null;
        embla.current = driveRow(node, move, setEdges);
      },
      // Offline (a page the service worker kept) or on a network that dropped the request: the row
      // stays the native one, which a finger or the keyboard still scrolls, and the buttons are off.
      () => {
        if (!cancelled) setEdges({ prev: false, next: false });
      },
    );
    return () => {
      cancelled = true;
      embla.current?.destroy();
      embla.current = null;
    };
  }, [wanted]);

  const onMove = (move: CarouselMove) => {
    const api = embla.current;
    if (!api) {
      pending.current = move;
      setWanted(true);
    } else if (move === 'prev') api.scrollPrev();
    else api.scrollNext();
  };

  return (
    <CarouselFrame
      label={label}
      text={text}
      slides={slides}
      viewportRef={viewport}
      canPrev={edges.prev}
      canNext={edges.next}
      onMove={onMove}
    />
  );
}

'use client';

import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';

import { CarouselFrame, type CarouselMove, type CarouselText } from './carousel-frame';

interface Props {
  label: string;
  text: CarouselText;
  slides: ReactNode[];
  // The slide the native row was showing when embla was asked for.
  startIndex: number;
  // A press of a button that arrived before embla was loaded.
  firstMove: CarouselMove | null;
}

// The carousel driven by embla: swipe, snap and animated moves; it never moves by itself.
export default function EmblaCarousel({ label, text, slides, startIndex, firstMove }: Props) {
  const [reducedMotion] = useState(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const [emblaRef, api] = useEmblaCarousel({ align: 'start', duration: reducedMotion ? 5 : 25, startIndex });
  const [edges, setEdges] = useState({ prev: startIndex > 0, next: startIndex < slides.length - 1 });
  // Embla moves the track itself: the native row's own scroll goes back to 0 as it takes over (the
  // start index keeps the slide the visitor was on).
  const viewportRef = useCallback(
    (node: HTMLDivElement | null) => {
      if (node) node.scrollLeft = 0;
      emblaRef(node);
    },
    [emblaRef],
  );

  // A press between this component's mount and embla's set-up (loaded on intent, it can be pressed then).
  const [earlyMove, setEarlyMove] = useState<CarouselMove | null>(null);
  const move = earlyMove ?? firstMove;

  useEffect(() => {
    if (!api) return;
    api.rootNode().dataset.enhanced = 'true';
    const update = () => setEdges({ prev: api.canScrollPrev(), next: api.canScrollNext() });
    api.on('select', update).on('reInit', update);
    queueMicrotask(() => {
      if (move === 'next') api.scrollNext();
      if (move === 'prev') api.scrollPrev();
      update();
    });
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api, move]);

  return (
    <CarouselFrame
      label={label}
      text={text}
      slides={slides}
      viewportRef={viewportRef}
      canPrev={edges.prev}
      canNext={edges.next}
      onMove={(next) => {
        if (!api) setEarlyMove(next);
        else if (next === 'prev') api.scrollPrev();
        else api.scrollNext();
      }}
    />
  );
}

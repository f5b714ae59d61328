'use client';

import useEmblaCarousel from 'embla-carousel-react';
import { useEffect, useState, type ReactNode } from 'react';

import { CarouselFrame, type CarouselMove, type CarouselText } from './carousel-frame';

interface Props {
  label: string;
  text: CarouselText;
  slides: ReactNode[];
  // A press of a button that arrived before embla was loaded.
  firstMove: CarouselMove | null;
}

// The carousel driven by embla: swipe, snap and animated moves; it never moves by itself.
export default function EmblaCarousel({ label, text, slides, firstMove }: Props) {
  const [reducedMotion] = useState(() => window.matchMedia('(prefers-reduced-motion: reduce)').matches);
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', duration: reducedMotion ? 5 : 25 });
  const [edges, setEdges] = useState({ prev: false, next: slides.length > 1 });

  useEffect(() => {
    if (!api) return;
    api.rootNode().dataset.enhanced = 'true';
    const update = () => setEdges({ prev: api.canScrollPrev(), next: api.canScrollNext() });
    api.on('select', update).on('reInit', update);
    queueMicrotask(() => {
      if (firstMove === 'next') api.scrollNext();
      if (firstMove === 'prev') api.scrollPrev();
      update();
    });
    return () => {
      api.off('select', update).off('reInit', update);
    };
  }, [api, firstMove]);

  return (
    <CarouselFrame
      label={label}
      text={text}
      slides={slides}
      viewportRef={viewportRef}
      canPrev={edges.prev}
      canNext={edges.next}
      onMove={(move) => (move === 'prev' ? api?.scrollPrev() : api?.scrollNext())}
    />
  );
}

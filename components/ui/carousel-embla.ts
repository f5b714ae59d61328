import createEmbla, { type EmblaCarouselType } from 'embla-carousel';

import type { CarouselMove } from './carousel-frame';

// The slide a natively scrolled row shows first, for embla to start from when it takes over.
function slideAt(viewport: HTMLElement): number {
  const slides = [...viewport.querySelectorAll<HTMLElement>('[role="group"]')];
  const first = slides[0]?.offsetLeft ?? 0;
  const index = slides.findIndex((slide) => slide.offsetLeft - first >= viewport.scrollLeft - 1);
  return Math.max(0, index);
}

// Embla set up on the row the page already drew (fetched with embla, so a first visit pays for none of
// it): it starts from the slide a finger left the row on, makes the move pressed meanwhile, and reports
// whether the row can move either way. `destroy` gives the row back to native scrolling.
export function driveRow(
  viewport: HTMLElement,
  firstMove: CarouselMove | null,
  onEdges: (edges: { prev: boolean; next: boolean }) => void,
): EmblaCarouselType {
  const startIndex = slideAt(viewport);
  viewport.scrollLeft = 0;
  viewport.dataset.enhanced = 'true';
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  const api = createEmbla(viewport, { align: 'start', startIndex, duration: reducedMotion ? 5 : 25 });
  const update = () => onEdges({ prev: api.canScrollPrev(), next: api.canScrollNext() });
  api
    .on('select', update)
    .on('reInit', update)
    .on('destroy', () => delete viewport.dataset.enhanced);
  if (firstMove === 'prev') api.scrollPrev();
  if (firstMove === 'next') api.scrollNext();
  update();
  return api;
}

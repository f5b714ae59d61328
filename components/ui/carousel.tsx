'use client';

import { Children, lazy, Suspense, useState, type ReactNode, type UIEvent } from 'react';

import { CarouselFrame, type CarouselMove, type CarouselText } from './carousel-frame';

// Offline (a page the service worker kept) or on a network that drops the request, the row stays the
// native one instead of failing the page.
const EmblaCarousel = lazy(() => import('./carousel-embla').catch(() => ({ default: NativeRow })));

function NativeRow({ label, text, slides }: { label: string; text: CarouselText; slides: ReactNode[] }) {
  return <CarouselFrame label={label} text={text} slides={slides} canPrev={false} canNext={false} onMove={() => {}} />;
}

interface CarouselProps {
  // The carousel's accessible name, e.g. "Featured projects".
  label: string;
  // The buttons' names ("Previous project", "Next project") and the other words, in the page's language.
  text: CarouselText;
  children: ReactNode;
}

// The slide the native row shows first, for embla to start from when it takes over.
function slideAt(viewport: HTMLElement): number {
  const slides = [...viewport.querySelectorAll<HTMLElement>('[role="group"]')];
  const left = viewport.scrollLeft;
  const index = slides.findIndex((slide) => slide.offsetLeft - slides[0]!.offsetLeft >= left - 1);
  return Math.max(0, index);
}

// A swipeable, keyboard-usable carousel that never moves by itself. Until the visitor shows intent
// (a button pressed, a mouse over it, keyboard focus in it), and without JavaScript, it is a row that
// scrolls natively with snap points: a finger swipes it as it would embla. Embla's code (fetched then)
// brings animated moves and mouse dragging; setting it up was a task of about 200 ms on a phone,
// which a first visit no longer pays while the page is still loading.
export function Carousel({ label, text, children }: CarouselProps) {
  const slides = Children.toArray(children);
  const [enhanced, setEnhanced] = useState<{ start: number; firstMove: CarouselMove | null } | null>(null);
  const [edges, setEdges] = useState({ prev: false, next: slides.length > 1 });

  // A move pressed while embla is still on its way is made once it is there.
  const enhance = (viewport: HTMLElement | null, firstMove: CarouselMove | null) =>
    setEnhanced((current) =>
      current
        ? { ...current, firstMove: firstMove ?? current.firstMove }
        : { start: viewport ? slideAt(viewport) : 0, firstMove },
    );
  const viewportOf = (element: Element) => element.closest('section')?.querySelector<HTMLElement>('[tabindex="0"]');

  const frame = (
    <CarouselFrame
      label={label}
      text={text}
      slides={slides}
      canPrev={edges.prev}
      canNext={edges.next}
      onScroll={(event: UIEvent<HTMLDivElement>) => {
        const { scrollLeft, scrollWidth, clientWidth } = event.currentTarget;
        const prev = scrollLeft > 1;
        const next = scrollLeft + clientWidth < scrollWidth - 1;
        if (prev !== edges.prev || next !== edges.next) setEdges({ prev, next });
      }}
      onIntent={(element) => enhance(viewportOf(element) ?? null, null)}
      onMove={(move, element) => enhance(viewportOf(element) ?? null, move)}
    />
  );

  return enhanced ? (
    <Suspense fallback={frame}>
      <EmblaCarousel
        label={label}
        text={text}
        slides={slides}
        startIndex={enhanced.start}
        firstMove={enhanced.firstMove}
      />
    </Suspense>
  ) : (
    frame
  );
}

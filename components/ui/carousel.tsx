'use client';

import { Children, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';

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

// A swipeable, keyboard-usable carousel that never moves by itself. Its embla code is fetched only
// when the carousel comes near the screen (or a button is pressed), so it costs a first visit nothing;
// until then, and without JavaScript, it is a row that scrolls natively with snap points.
export function Carousel({ label, text, children }: CarouselProps) {
  const slides = Children.toArray(children);
  const [enhanced, setEnhanced] = useState(false);
  const [firstMove, setFirstMove] = useState<CarouselMove | null>(null);
  const placeholder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = placeholder.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setEnhanced(true);
          observer.disconnect();
        }
      },
      { rootMargin: '300px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const frame = (
    <CarouselFrame
      label={label}
      text={text}
      slides={slides}
      canPrev={false}
      canNext={slides.length > 1}
      onMove={(move) => {
        setFirstMove(move);
        setEnhanced(true);
      }}
    />
  );

  return (
    <div ref={placeholder}>
      {enhanced ? (
        <Suspense fallback={frame}>
          <EmblaCarousel label={label} text={text} slides={slides} firstMove={firstMove} />
        </Suspense>
      ) : (
        frame
      )}
    </div>
  );
}

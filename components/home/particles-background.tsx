'use client';

import { useEffect, useState, type ComponentType } from 'react';

import styles from './hero.module.css';

type Canvas = ComponentType<{ still: boolean; className?: string }>;

// Chromium's Save-Data setting (Data Saver, Lite mode), the visitor's own word about a metered link.
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

// The particle animation is decoration: its code is fetched only once the page is idle, so it never
// delays the first paint or the forms, and not at all for a visitor who asked to save data (a busy
// processor saved). Under prefers-reduced-motion the particles stay still.
export function ParticlesBackground() {
  const [canvas, setCanvas] = useState<{ Component: Canvas; still: boolean } | null>(null);

  useEffect(() => {
    if (savesData()) return;
    let cancelled = false;
    const load = () =>
      import('./particles-canvas').then((module) => {
        if (cancelled) return;
        const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
        setCanvas({ Component: module.default, still });
      });
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(load, { timeout: 3000 })
      : window.setTimeout(load, 1500);
    return () => {
      cancelled = true;
      if (window.cancelIdleCallback) window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, []);

  if (!canvas) return null;
  const { Component, still } = canvas;
  return <Component still={still} className={styles.particles} />;
}

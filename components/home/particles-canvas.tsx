'use client';

import { useEffect, useRef } from 'react';

// The hero's particles, drawn by hand: a few dots that drift, bounce off the edges and are joined by a
// line when near. The particle engine this replaces drew the same picture from about 45 KiB of script
// (gzip) whose start-up was the longest task of Home on a phone; this is under 2 KiB.
const COLOURS = ['#c2410c', '#ea580c', '#a8a29e'];
const LINK_COLOUR = '253, 186, 116'; // #fdba74
const LINK_DISTANCE = 130; // CSS pixels
const LINK_OPACITY = 0.55;
const DOT_OPACITY = 0.7;
const SPEED = 36; // CSS pixels a second (0.6 a frame at 60 frames a second)
const FRAME_MS = 1000 / 30;
// The canvas's pixels at most per CSS pixel. Every frame the whole canvas is handed to the compositor,
// at a cost that follows its pixel count: at a phone's 1.75 to 3 device pixels per CSS pixel that is 3
// to 9 times the pixels, for faint dots and lines that need no more sharpness (a Lighthouse trace of
// Home drew frames of 10-27 ms at 1.75).
const MAX_PIXEL_RATIO = 1;
// 42 dots on a 1920×1080 area, as many for the area there is: about 4 on a phone's hero, 16 on a laptop's.
const density = (width: number, height: number) => Math.max(1, Math.round((42 * width * height) / (1920 * 1080)));

interface Dot {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
  colour: string;
}

function newDot(width: number, height: number): Dot {
  const angle = Math.random() * 2 * Math.PI;
  const r = 1.5 + Math.random() * 2;
  return {
    x: r + Math.random() * Math.max(0, width - 2 * r),
    y: r + Math.random() * Math.max(0, height - 2 * r),
    vx: Math.cos(angle) * SPEED,
    vy: Math.sin(angle) * SPEED,
    r,
    colour: COLOURS[Math.floor(Math.random() * COLOURS.length)]!,
  };
}

export default function ParticlesCanvas({ still, className }: { still: boolean; className?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    let dots: Dot[] = [];
    let width = 0;
    let height = 0;
    let frame = 0;
    let last = 0;
    let onScreen = true;
    let focused = true;

    const draw = () => {
      context.clearRect(0, 0, width, height);
      context.lineWidth = 1;
      for (let i = 0; i < dots.length; i++) {
        for (let j = i + 1; j < dots.length; j++) {
          const distance = Math.hypot(dots[i]!.x - dots[j]!.x, dots[i]!.y - dots[j]!.y);
          if (distance > LINK_DISTANCE) continue;
          context.strokeStyle = `rgba(${LINK_COLOUR}, ${(1 - distance / LINK_DISTANCE) * LINK_OPACITY})`;
          context.beginPath();
          context.moveTo(dots[i]!.x, dots[i]!.y);
          context.lineTo(dots[j]!.x, dots[j]!.y);
          context.stroke();
        }
      }
      context.globalAlpha = DOT_OPACITY;
      for (const dot of dots) {
        context.fillStyle = dot.colour;
        context.beginPath();
        context.arc(dot.x, dot.y, dot.r, 0, 2 * Math.PI);
        context.fill();
      }
      context.globalAlpha = 1;
    };

    const step = (seconds: number) => {
      for (const dot of dots) {
        dot.x += dot.vx * seconds;
        dot.y += dot.vy * seconds;
        if ((dot.x < dot.r && dot.vx < 0) || (dot.x > width - dot.r && dot.vx > 0)) dot.vx = -dot.vx;
        if ((dot.y < dot.r && dot.vy < 0) || (dot.y > height - dot.r && dot.vy > 0)) dot.vy = -dot.vy;
      }
    };

    const tick = (now: number) => {
      frame = requestAnimationFrame(tick);
      if (now - last < FRAME_MS) return;
      // A long pause (a hidden tab) moves the dots by one frame, not by the whole pause.
      step(Math.min(now - last, 100) / 1000);
      last = now;
      draw();
    };

    const run = () => {
      cancelAnimationFrame(frame);
      frame = 0;
      if (!still && onScreen && focused && document.visibilityState === 'visible') {
        last = performance.now();
        frame = requestAnimationFrame(tick);
      }
    };

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      width = canvas.clientWidth;
      height = canvas.clientHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      const count = density(width, height);
      dots = dots.slice(0, count);
      while (dots.length < count) dots.push(newDot(width, height));
      for (const dot of dots) {
        dot.x = Math.min(Math.max(dot.x, dot.r), Math.max(dot.r, width - dot.r));
        dot.y = Math.min(Math.max(dot.y, dot.r), Math.max(dot.r, height - dot.r));
      }
      draw();
    };

    const sized = new ResizeObserver(resize);
    sized.observe(canvas);
    const seen = new IntersectionObserver((entries) => {
      onScreen = entries.some((entry) => entry.isIntersecting);
      run();
    });
    seen.observe(canvas);
    const onFocus = () => {
      focused = true;
      run();
    };
    const onBlur = () => {
      focused = false;
      run();
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    document.addEventListener('visibilitychange', run);
    return () => {
      cancelAnimationFrame(frame);
      sized.disconnect();
      seen.disconnect();
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
      document.removeEventListener('visibilitychange', run);
    };
  }, [still]);

  return (
    <div id="home-particles" className={className}>
      <canvas ref={canvasRef} style={{ display: 'block', width: '100%', height: '100%' }} />
    </div>
  );
}

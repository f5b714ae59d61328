'use client';

import { loadBasic } from '@tsparticles/basic';
import type { Engine, ISourceOptions } from '@tsparticles/engine';
import { loadParticlesLinksInteraction } from '@tsparticles/interaction-particles-links';
import { loadInteractivityPlugin } from '@tsparticles/plugin-interactivity';
import { Particles, ParticlesProvider } from '@tsparticles/react';
import { useMemo } from 'react';

// Module-level so the provider sees the same init on every render (it insists on that). Only what the
// options below use: circles that move, bounce and fade (basic) and the lines between them (links).
// The slim bundle registered two dozen more plugins, and registering them was a long task on a phone.
// Each step runs in its own task, so none of them blocks a tap for long.
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
async function registerPlugins(engine: Engine) {
  await loadBasic(engine);
  await nextTask();
  await loadInteractivityPlugin(engine);
  await nextTask();
  await loadParticlesLinksInteraction(engine);
  await nextTask();
}

export default function ParticlesCanvas({ still, className }: { still: boolean; className?: string }) {
  const options = useMemo<ISourceOptions>(
    () => ({
      fullScreen: { enable: false },
      background: { color: { value: 'transparent' } },
      fpsLimit: 30,
      pauseOnBlur: true,
      pauseOnOutsideViewport: true,
      detectRetina: true,
      particles: {
        number: { value: 42, density: { enable: true } },
        color: { value: ['#c2410c', '#ea580c', '#a8a29e'] },
        links: { enable: true, color: '#fdba74', distance: 130, opacity: 0.55, width: 1 },
        move: { enable: !still, speed: 0.6, outModes: { default: 'bounce' } },
        opacity: { value: 0.7 },
        size: { value: { min: 1.5, max: 3.5 } },
      },
    }),
    [still],
  );

  return (
    <ParticlesProvider init={registerPlugins}>
      <Particles id="home-particles" className={className} options={options} />
    </ParticlesProvider>
  );
}

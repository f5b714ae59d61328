'use client';

import type { Engine, ISourceOptions } from '@tsparticles/engine';
import { Particles, ParticlesProvider } from '@tsparticles/react';
import { loadSlim } from '@tsparticles/slim';
import { useMemo } from 'react';

// Module-level so the provider sees the same init on every render (it insists on that).
async function registerPlugins(engine: Engine) {
  await loadSlim(engine);
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

import type { Page } from '@playwright/test';

// Holds every script the page asks for, as a phone on a slow network would, until the returned
// function is called: the window between the first paint and the page running, made as long as a
// test needs.
export async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/_next/static/chunks/**', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

// The settings the browser may see: build-time values that Next writes into the pages' scripts. Each
// is read by its literal name (Next replaces exactly `process.env.NEXT_PUBLIC_…`) and checked here, once;
// the server's settings (lib/config.ts) take them from here too. A bad value fails the build. Nothing
// secret belongs in this file.
export interface PublicConfig {
  // reCAPTCHA v3 site key; the bot check is off without it.
  recaptchaSiteKey?: string;
  // An analytics script, loaded only for visitors who did not refuse cookies.
  analyticsSrc?: string;
}

export class PublicConfigError extends Error {}

const present = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

function isWebUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function readPublicConfig(env: Record<string, string | undefined>): PublicConfig {
  const analyticsSrc = present(env.NEXT_PUBLIC_ANALYTICS_SRC);
  if (analyticsSrc !== undefined && !isWebUrl(analyticsSrc)) {
    throw new PublicConfigError('NEXT_PUBLIC_ANALYTICS_SRC: it must be a full http(s) URL such as https://…');
  }
  return { recaptchaSiteKey: present(env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY), analyticsSrc };
}

export const publicConfig: PublicConfig = readPublicConfig({
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY,
  NEXT_PUBLIC_ANALYTICS_SRC: process.env.NEXT_PUBLIC_ANALYTICS_SRC,
});

// Which of Next's runtimes this code runs in ('nodejs' or 'edge'); Next sets it in each bundle.
export const nextRuntime = process.env.NEXT_RUNTIME;

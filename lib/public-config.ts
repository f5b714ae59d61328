// The settings the browser may see: build-time values that Next writes into the pages' scripts. Each
// is read by its literal name (Next replaces exactly `process.env.NEXT_PUBLIC_…`), here and nowhere
// else; the server's settings (lib/config.ts) check them and fail the build on a bad value. Nothing
// secret belongs in this file.
export interface PublicConfig {
  // reCAPTCHA v3 site key; the bot check is off without it.
  recaptchaSiteKey?: string;
  // An analytics script, loaded only for visitors who did not refuse cookies.
  analyticsSrc?: string;
}

const present = (value: string | undefined) => value?.trim() || undefined;

export function readPublicConfig(env: Record<string, string | undefined>): PublicConfig {
  return {
    recaptchaSiteKey: present(env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY),
    analyticsSrc: present(env.NEXT_PUBLIC_ANALYTICS_SRC),
  };
}

export const publicConfig = readPublicConfig({
  NEXT_PUBLIC_RECAPTCHA_SITE_KEY: process.env.NEXT_PUBLIC_RECAPTCHA_SITE_KEY,
  NEXT_PUBLIC_ANALYTICS_SRC: process.env.NEXT_PUBLIC_ANALYTICS_SRC,
});

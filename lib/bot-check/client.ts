import { publicConfig } from '@/lib/public-config';

import { BOT_CHECK_ACTION } from './index';

// The browser side of reCAPTCHA v3: Google's script is fetched only when a site key is configured and
// the visitor starts filling a form. Any failure yields no token; the server then flags the record.
const siteKey = publicConfig.recaptchaSiteKey ?? '';

interface Grecaptcha {
  ready(callback: () => void): void;
  execute(key: string, options: { action: string }): Promise<string>;
}

let loading: Promise<Grecaptcha> | null = null;

export function warmBotCheck(): void {
  if (!siteKey || loading) return;
  loading = new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/api.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) g.ready(() => resolve(g));
      else reject(new Error('grecaptcha missing'));
    };
    script.onerror = () => reject(new Error('reCAPTCHA script failed to load'));
    document.head.append(script);
  });
  loading.catch(() => {
    loading = null;
  });
}

export async function getBotToken(timeoutMs = 5000): Promise<string | null> {
  if (!siteKey) return null;
  warmBotCheck();
  const attempt = loading!.then((g) => g.execute(siteKey, { action: BOT_CHECK_ACTION }));
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), timeoutMs));
  return Promise.race([attempt, timeout]).catch(() => null);
}

import type { NewMessage, Store } from '@/lib/storage';
import { isDuplicateError } from '@/lib/storage/types';

// docs/product.md §7–8: a provider answers in Mailchimp's shape, { result, msg }. A network or HTTP failure
// is thrown as NewsletterUnavailable so the form can say 'Try again'.
export interface ProviderAnswer {
  result?: string;
  msg?: string;
}

export interface NewsletterProvider {
  readonly kind: 'local' | 'mailchimp';
  subscribe(name: string, email: string, now: number): Promise<ProviderAnswer>;
}

export class NewsletterUnavailable extends Error {}

// The embedded default: subscribers kept in the 'newsletter' collection, one per address, each
// welcomed by email (the welcome committed with the subscriber).
export function localNewsletter(
  store: () => Store,
  welcome: (name: string, email: string) => NewMessage[] = () => [],
): NewsletterProvider {
  return {
    kind: 'local',
    async subscribe(name, email, now) {
      try {
        await store().add(
          'newsletter',
          { name, email, date: now },
          { uniqueKey: email.toLowerCase(), messages: welcome(name, email) },
        );
      } catch (error) {
        if (isDuplicateError(error)) {
          return { result: 'error', msg: `${email} is already subscribed to our list.` };
        }
        throw error;
      }
      return { result: 'success', msg: 'Almost finished… welcome to the community!' };
    },
  };
}

// Mailchimp's subscribe endpoint (the post-json form URL with u and id). Called from the server,
// so no JSONP callback is needed; a JSONP-wrapped answer is still understood.
export function mailchimpNewsletter(subscribeUrl: string, timeoutMs = 5000): NewsletterProvider {
  return {
    kind: 'mailchimp',
    async subscribe(name, email) {
      const url = new URL(subscribeUrl);
      url.searchParams.set('FULLNAME', name);
      url.searchParams.set('EMAIL', email);
      url.searchParams.set('subscribe', 'Subscribe');
      // Mailchimp's own honeypot field, left empty as a person's browser would.
      url.searchParams.set(`b_${url.searchParams.get('u') ?? ''}_${url.searchParams.get('id') ?? ''}`, '');
      let body: string;
      try {
        const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (!response.ok) throw new NewsletterUnavailable(`Mailchimp answered HTTP ${response.status}`);
        body = await response.text();
      } catch (error) {
        if (error instanceof NewsletterUnavailable) throw error;
        throw new NewsletterUnavailable(`Mailchimp unreachable: ${(error as Error).message}`);
      }
      const json = body.trim().replace(/^[\w$.]+\(([\s\S]*)\);?$/, '$1');
      try {
        const answer = JSON.parse(json) as ProviderAnswer;
        return {
          result: typeof answer.result === 'string' ? answer.result : undefined,
          msg: typeof answer.msg === 'string' ? answer.msg : undefined,
        };
      } catch {
        throw new NewsletterUnavailable(`Mailchimp answered something that is not JSON: ${body.slice(0, 80)}`);
      }
    },
  };
}

// docs/product.md §8: the provider's message up to, not including, the first '<'.
export function providerMessage(msg: string | undefined): string {
  return (msg ?? '').split('<')[0]!.trim();
}

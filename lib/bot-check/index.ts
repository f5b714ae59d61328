// reCAPTCHA v3 (docs/product.md §7): the page asks for a token with the action 'importantAction' before each
// submit; the server asks siteverify whether it is genuine. An outage of siteverify lets the visitor
// through, flagged, rather than losing a sign-up.
export const BOT_CHECK_ACTION = 'importantAction';

export type BotCheckOutcome =
  | { verdict: 'passed'; score: number }
  | { verdict: 'failed'; reason: string }
  | { verdict: 'unavailable'; reason: string }
  | { verdict: 'no-token' }
  | { verdict: 'off' };

export interface RecaptchaSettings {
  secret: string;
  verifyUrl: string;
  minScore: number;
  // Hostnames the token may come from; empty means the request's own host.
  hostnames: string[];
}

interface SiteverifyAnswer {
  success?: boolean;
  score?: number;
  action?: string;
  hostname?: string;
  'error-codes'?: string[];
}

export async function verifyBotToken(
  settings: RecaptchaSettings | null,
  token: string | null,
  requestHost: string,
  timeoutMs = 4000,
): Promise<BotCheckOutcome> {
  if (!settings) return { verdict: 'off' };
  if (!token) return { verdict: 'no-token' };

  let answer: SiteverifyAnswer;
  try {
    const response = await fetch(settings.verifyUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: settings.secret, response: token }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return { verdict: 'unavailable', reason: `siteverify answered HTTP ${response.status}` };
    answer = (await response.json()) as SiteverifyAnswer;
  } catch (error) {
    return { verdict: 'unavailable', reason: `siteverify unreachable: ${(error as Error).message}` };
  }

  if (!answer.success)
    return { verdict: 'failed', reason: `rejected: ${(answer['error-codes'] ?? []).join(', ') || 'no reason'}` };
  if (answer.action !== BOT_CHECK_ACTION) return { verdict: 'failed', reason: `wrong action ${answer.action}` };
  const allowed = settings.hostnames.length ? settings.hostnames : [requestHost.split(':')[0]];
  if (!answer.hostname || !allowed.includes(answer.hostname))
    return { verdict: 'failed', reason: `wrong hostname ${answer.hostname}` };
  const score = answer.score ?? 0;
  if (score < settings.minScore) return { verdict: 'failed', reason: `score ${score} below ${settings.minScore}` };
  return { verdict: 'passed', score };
}

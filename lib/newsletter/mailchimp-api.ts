// Mailchimp's Marketing API (version 3.0), the few calls the site makes: the audience's counts, and a
// newsletter as a regular campaign (create it, set its content, send it). Basic authentication with any
// user name and the API key as password; an error is a problem document (application/problem+json:
// title, status, detail), thrown as MailchimpError with Mailchimp's own words. Every call gives up after
// `timeoutMs`, so a slow Mailchimp never holds a page or the sender for long.

export class MailchimpError extends Error {
  constructor(
    message: string,
    // The HTTP status Mailchimp answered with; none when it did not answer.
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface MailchimpSettings {
  key: string;
  baseUrl: string;
  listId: string;
  timeoutMs?: number;
}

export interface ListCounts {
  name: string;
  members: number;
  unsubscribed: number;
  cleaned: number;
}

// Mailchimp's campaign statuses: 'save' is a draft; 'sending' and 'sent' are past the point of no return.
export interface Campaign {
  id: string;
  status: string;
  title: string;
  recipients: number;
}

export interface SegmentCondition {
  condition_type: 'Language';
  field: 'language';
  op: 'is' | 'not';
  value: string;
}

export interface NewCampaign {
  title: string;
  subject: string;
  fromName: string;
  replyTo: string;
  // Who in the audience receives it; the whole audience when absent.
  conditions?: SegmentCondition[];
}

export interface MailchimpApi {
  listCounts(): Promise<ListCounts>;
  // The campaign of this exact title created since `since` (ms), or null.
  findCampaign(title: string, since: number): Promise<Campaign | null>;
  getCampaign(id: string): Promise<Campaign>;
  createCampaign(campaign: NewCampaign): Promise<Campaign>;
  setContent(id: string, html: string, text: string): Promise<void>;
  send(id: string): Promise<void>;
}

const DEFAULT_TIMEOUT_MS = 10_000;

function campaignOf(data: unknown): Campaign {
  const c = (data ?? {}) as {
    id?: unknown;
    status?: unknown;
    settings?: { title?: unknown };
    recipients?: { recipient_count?: unknown };
  };
  if (typeof c.id !== 'string' || c.id === '') throw new MailchimpError('Mailchimp answered without a campaign id');
  return {
    id: c.id,
    status: typeof c.status === 'string' ? c.status : '',
    title: typeof c.settings?.title === 'string' ? c.settings.title : '',
    recipients: Number(c.recipients?.recipient_count ?? 0) || 0,
  };
}

// A problem document's words, or the status alone when the body is not one.
function problemText(status: number, body: string): string {
  try {
    const problem = JSON.parse(body) as { title?: unknown; detail?: unknown };
    const title = typeof problem.title === 'string' ? problem.title : '';
    const detail = typeof problem.detail === 'string' ? problem.detail : '';
    const words = [title, detail].filter(Boolean).join(': ');
    if (words) return `Mailchimp answered ${status}: ${words.slice(0, 300)}`;
  } catch {}
  return `Mailchimp answered ${status}`;
}

export function mailchimpApi(settings: MailchimpSettings): MailchimpApi {
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const authorization = `Basic ${Buffer.from(`site:${settings.key}`).toString('base64')}`;
  const list = encodeURIComponent(settings.listId);

  async function call(method: string, path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${settings.baseUrl}${path}`, {
        method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      throw new MailchimpError(
        name === 'TimeoutError' || name === 'AbortError'
          ? `Mailchimp did not answer within ${timeoutMs / 1000} s`
          : `Mailchimp could not be reached: ${(error as Error).message}`,
      );
    }
    if (!response.ok) throw new MailchimpError(problemText(response.status, text), response.status);
    if (response.status === 204 || text === '') return null;
    try {
      return JSON.parse(text);
    } catch {
      throw new MailchimpError(`Mailchimp answered something that is not JSON (HTTP ${response.status})`);
    }
  }

  return {
    async listCounts() {
      const data = (await call(
        'GET',
        `/lists/${list}?fields=name,stats.member_count,stats.unsubscribe_count,stats.cleaned_count`,
      )) as { name?: unknown; stats?: Record<string, unknown> } | null;
      const stats = data?.stats ?? {};
      const count = (key: string) => (Number.isFinite(Number(stats[key])) ? Number(stats[key]) : 0);
      return {
        name: typeof data?.name === 'string' ? data.name : '',
        members: count('member_count'),
        unsubscribed: count('unsubscribe_count'),
        cleaned: count('cleaned_count'),
      };
    },
    async findCampaign(title, since) {
      const query = new URLSearchParams({
        list_id: settings.listId,
        since_create_time: new Date(since).toISOString(),
        count: '1000',
        fields: 'campaigns.id,campaigns.status,campaigns.settings.title,campaigns.recipients.recipient_count',
      });
      const data = (await call('GET', `/campaigns?${query}`)) as { campaigns?: unknown[] } | null;
      const found = (data?.campaigns ?? []).map(campaignOf).filter((c) => c.title === title);
      // Of two (a create whose answer was lost, then made again), the one already sent, else the first.
      return found.find((c) => c.status !== 'save') ?? found[0] ?? null;
    },
    async getCampaign(id) {
      return campaignOf(await call('GET', `/campaigns/${encodeURIComponent(id)}`));
    },
    async createCampaign(campaign) {
      return campaignOf(
        await call('POST', '/campaigns', {
          type: 'regular',
          recipients: {
            list_id: settings.listId,
            ...(campaign.conditions?.length ? { segment_opts: { match: 'all', conditions: campaign.conditions } } : {}),
          },
          settings: {
            subject_line: campaign.subject,
            title: campaign.title,
            from_name: campaign.fromName,
            reply_to: campaign.replyTo,
          },
        }),
      );
    },
    async setContent(id, html, text) {
      await call('PUT', `/campaigns/${encodeURIComponent(id)}/content`, { html, plain_text: text });
    },
    async send(id) {
      await call('POST', `/campaigns/${encodeURIComponent(id)}/actions/send`);
    },
  };
}

import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';

import { json, startHttpStub } from './http-stub';

// A local stand-in for Mailchimp in its documented shapes: the embedded form's post-json subscribe
// endpoint (GET /subscribe/post-json, answering { result, msg }), and the few Marketing API 3.0 calls
// the site makes (https://mailchimp.com/developer/marketing/api/): GET /3.0/lists/{id} with its stats,
// POST /3.0/campaigns, GET /3.0/campaigns (list_id, since_create_time), GET /3.0/campaigns/{id},
// PUT /3.0/campaigns/{id}/content, POST /3.0/campaigns/{id}/actions/send (204). API calls need basic
// authentication with the key as password; errors are problem documents (application/problem+json:
// type, title, status, detail, instance). It also posts webhook events to the site as Mailchimp does
// (form-encoded data[…] fields). No test needs the internet.
export const STUB_API_KEY = '0123456789abcdef0123456789abcdef-us21';
export const STUB_LIST_ID = 'a1b2c3d4e5';

export interface StubMember {
  email: string;
  status: 'subscribed' | 'unsubscribed' | 'cleaned' | 'pending';
  language: string;
}

export interface StubCampaign {
  id: string;
  status: 'save' | 'sending' | 'sent';
  createTime: string;
  listId: string;
  conditions: { condition_type: string; field: string; op: string; value: string }[];
  settings: { subject_line: string; title: string; from_name: string; reply_to: string };
  html?: string;
  plainText?: string;
  // Who Mailchimp mailed it to.
  sentTo: string[];
}

// A call to fail: its method and path pattern, with a status (a problem document) or 'slow' (an answer
// later than any client waits), for the next `times` calls that match.
export interface StubFailure {
  method: string;
  path: RegExp;
  status: number | 'slow';
  times?: number;
  title?: string;
  detail?: string;
}

export interface MailchimpStubOptions {
  apiKey?: string;
  listId?: string;
  listName?: string;
  // How long a 'slow' answer waits.
  slowMs?: number;
}

export async function startMailchimpStub(options: MailchimpStubOptions = {}) {
  const apiKey = options.apiKey ?? STUB_API_KEY;
  const listId = options.listId ?? STUB_LIST_ID;
  const members = new Map<string, StubMember>();
  const campaigns = new Map<string, StubCampaign>();
  const failures: StubFailure[] = [];
  const slowMs = options.slowMs ?? 15_000;
  const pending = new Set<NodeJS.Timeout>();

  const problem = (response: ServerResponse, status: number, title: string, detail: string) => {
    response.writeHead(status, { 'content-type': 'application/problem+json; charset=utf-8' });
    response.end(
      JSON.stringify({
        type: 'https://mailchimp.com/developer/marketing/docs/errors/',
        title,
        status,
        detail,
        instance: randomBytes(16).toString('hex'),
      }),
    );
  };

  const matches = (member: StubMember, conditions: StubCampaign['conditions']) =>
    conditions.every((c) => {
      if (c.condition_type !== 'Language' || c.field !== 'language') return false;
      return c.op === 'is' ? member.language === c.value : member.language !== c.value;
    });
  const audienceOf = (conditions: StubCampaign['conditions']) =>
    [...members.values()].filter((m) => m.status === 'subscribed' && matches(m, conditions));

  const campaignJson = (c: StubCampaign) => ({
    id: c.id,
    web_id: 1,
    type: 'regular',
    create_time: c.createTime,
    status: c.status,
    emails_sent: c.sentTo.length,
    content_type: 'html',
    recipients: {
      list_id: c.listId,
      list_name: options.listName ?? 'Baobab Data newsletter',
      segment_opts: c.conditions.length ? { match: 'all', conditions: c.conditions } : {},
      recipient_count: c.status === 'save' ? audienceOf(c.conditions).length : c.sentTo.length,
    },
    settings: c.settings,
  });

  const stub = await startHttpStub((request, response, raw) => {
    const path = request.url.pathname;

    // The embedded form's endpoint: 200 with { result, msg } for good and bad addresses alike.
    if (path === '/subscribe/post-json') {
      const email = (request.url.searchParams.get('EMAIL') ?? '').toLowerCase();
      if (!email.includes('@'))
        return json(response, 200, { result: 'error', msg: 'An email address must contain a single @.' });
      const language = request.url.searchParams.get('MC_LANGUAGE') ?? '';
      members.set(email, { email, status: 'pending', language });
      return json(response, 200, {
        result: 'success',
        msg: 'Almost finished... We need to confirm your email address.',
      });
    }

    if (!path.startsWith('/3.0/'))
      return problem(response, 404, 'Resource Not Found', 'The requested resource could not be found.');
    const expected = `Basic ${Buffer.from(`anystring:${apiKey}`).toString('base64')}`;
    const [, password] = Buffer.from((raw.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString()
      .split(':');
    if (!raw.headers.authorization?.startsWith('Basic ') || password !== apiKey || !expected) {
      return problem(
        response,
        401,
        'API Key Invalid',
        'Your API key may be invalid, or you’ve attempted to access the wrong datacenter.',
      );
    }
    const failure = failures.find((f) => f.method === request.method && f.path.test(path));
    if (failure) {
      if (failure.times !== undefined && --failure.times <= 0) failures.splice(failures.indexOf(failure), 1);
      if (failure.status === 'slow') {
        const timer = setTimeout(() => {
          pending.delete(timer);
          handle();
        }, slowMs);
        pending.add(timer);
        return;
      }
      return problem(
        response,
        failure.status,
        failure.title ?? 'Internal Server Error',
        failure.detail ?? 'An unexpected error occurred.',
      );
    }
    handle();

    function handle() {
      const api = path.slice('/3.0'.length);
      let body: Record<string, unknown> = {};
      if (request.body) {
        try {
          body = JSON.parse(request.body) as Record<string, unknown>;
        } catch {
          return problem(response, 400, 'JSON Parse Exception', 'We encountered an unspecified JSON parsing error.');
        }
      }

      const list = /^\/lists\/([^/]+)$/.exec(api);
      if (request.method === 'GET' && list) {
        if (list[1] !== listId)
          return problem(response, 404, 'Resource Not Found', 'The requested resource could not be found.');
        const all = [...members.values()];
        const count = (status: StubMember['status']) => all.filter((m) => m.status === status).length;
        return json(response, 200, {
          id: listId,
          name: options.listName ?? 'Baobab Data newsletter',
          stats: {
            member_count: count('subscribed'),
            unsubscribe_count: count('unsubscribed'),
            cleaned_count: count('cleaned'),
          },
        });
      }

      if (api === '/campaigns' && request.method === 'POST') {
        const recipients = (body.recipients ?? {}) as { list_id?: unknown; segment_opts?: { conditions?: unknown } };
        const settings = (body.settings ?? {}) as Record<string, unknown>;
        if (body.type !== 'regular')
          return problem(response, 400, 'Invalid Resource', 'The resource submitted could not be validated.');
        if (recipients.list_id !== listId) return problem(response, 400, 'Invalid Resource', 'Invalid List ID.');
        for (const field of ['subject_line', 'title', 'from_name', 'reply_to']) {
          if (typeof settings[field] !== 'string' || settings[field] === '') {
            return problem(
              response,
              400,
              'Invalid Resource',
              `The resource submitted could not be validated. settings.${field} is required.`,
            );
          }
        }
        const conditions = Array.isArray(recipients.segment_opts?.conditions)
          ? (recipients.segment_opts.conditions as StubCampaign['conditions'])
          : [];
        const campaign: StubCampaign = {
          id: randomBytes(5).toString('hex'),
          status: 'save',
          createTime: new Date().toISOString(),
          listId,
          conditions,
          settings: settings as StubCampaign['settings'],
          sentTo: [],
        };
        campaigns.set(campaign.id, campaign);
        return json(response, 200, campaignJson(campaign));
      }

      if (api === '/campaigns' && request.method === 'GET') {
        const since = request.url.searchParams.get('since_create_time');
        const byList = request.url.searchParams.get('list_id');
        const found = [...campaigns.values()].filter(
          (c) => (!byList || c.listId === byList) && (!since || c.createTime >= since),
        );
        return json(response, 200, { campaigns: found.map(campaignJson), total_items: found.length });
      }

      const one = /^\/campaigns\/([^/]+)(\/content|\/actions\/send)?$/.exec(api);
      const campaign = one ? campaigns.get(one[1]!) : undefined;
      if (one && !campaign)
        return problem(response, 404, 'Resource Not Found', 'The requested resource could not be found.');
      if (campaign && !one![2] && request.method === 'GET') return json(response, 200, campaignJson(campaign));
      if (campaign && one![2] === '/content' && request.method === 'PUT') {
        if (campaign.status !== 'save')
          return problem(response, 400, 'Bad Request', 'This campaign cannot be updated once sent.');
        if (typeof body.html !== 'string') return problem(response, 400, 'Invalid Resource', 'html is required.');
        campaign.html = body.html;
        campaign.plainText = typeof body.plain_text === 'string' ? body.plain_text : undefined;
        return json(response, 200, { plain_text: campaign.plainText, html: campaign.html });
      }
      if (campaign && one![2] === '/actions/send' && request.method === 'POST') {
        if (campaign.status !== 'save')
          return problem(response, 400, 'Bad Request', 'Your campaign has already been sent.');
        if (!campaign.html) return problem(response, 400, 'Bad Request', 'Your Campaign is not ready to send.');
        const audience = audienceOf(campaign.conditions);
        if (audience.length === 0)
          return problem(
            response,
            400,
            'Bad Request',
            'Your Campaign is not ready to send. The segment has no subscribers.',
          );
        campaign.status = 'sent';
        campaign.sentTo = audience.map((m) => m.email);
        response.writeHead(204);
        return response.end();
      }
      return problem(response, 404, 'Resource Not Found', 'The requested resource could not be found.');
    }
  });

  // Posts an event to the site's webhook as Mailchimp does: form-encoded, data[…] fields, unsigned.
  async function deliver(webhookUrl: string, type: string, data: Record<string, string>, init: RequestInit = {}) {
    const fields = new URLSearchParams({ type, fired_at: new Date().toISOString().replace('T', ' ').slice(0, 19) });
    for (const [key, value] of Object.entries(data)) fields.set(`data[${key}]`, value);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'MailChimp' },
      body: fields.toString(),
      ...init,
    });
    return { status: response.status, body: await response.text() };
  }

  return {
    url: stub.url,
    apiUrl: `${stub.url}/3.0`,
    apiKey,
    listId,
    requests: stub.requests,
    members,
    campaigns,
    failures,
    deliver,
    // Members as Mailchimp would hold them after confirming.
    addMember(email: string, language = '', status: StubMember['status'] = 'subscribed') {
      members.set(email, { email, status, language });
    },
    // The Marketing API calls made, as "METHOD /path".
    calls: () =>
      stub.requests.filter((r) => r.url.pathname.startsWith('/3.0/')).map((r) => `${r.method} ${r.url.pathname}`),
    close: () => {
      for (const timer of pending) clearTimeout(timer);
      return stub.close();
    },
  };
}

export type MailchimpStub = Awaited<ReturnType<typeof startMailchimpStub>>;

import { site } from '@/lib/content';
import { defaultLang, type Lang } from '@/lib/i18n';
import type { MailchimpApi, SegmentCondition } from '@/lib/newsletter/mailchimp-api';
import type { JobData, JobStore, LetterStore, StaffSession, StaffStore } from '@/lib/storage';
import { auditEntry } from '@/lib/team';

import { letterOf, storedOf, versionIn, writtenLangs, type CampaignState, type Letter } from './letter';
import { renderLetterMail, UNSUBSCRIBE_SLOT } from './render';
import { footOf } from './send';

// A newsletter sent as Mailchimp campaigns (docs/staff.md, "Letters"), when Mailchimp is the newsletter's
// provider: one regular campaign per language the letter is written in, each to the audience's members
// of that language (the default language's to everyone else, as the outbox path gives readers of a
// missing translation the default version). Mailchimp then mails each member itself, with its own
// unsubscribe link (*|UNSUB|*) in our foot.
//
// Once only, from any number of instances, through a crash: starting is the claimed job of
// lib/letters/send.ts. Then every instance's periodic task offers to run the letter; a run is a job
// claimed once (`letter:<id>:campaign:<n>`), and the next run can only be claimed when the last one
// ended (its `end` job) or its lease ran out (its instance died: every call to Mailchimp has a time
// limit, so a live run ends well within the lease). A run takes each language where the last left it:
// the campaign id is kept on the letter as soon as Mailchimp gives it; a campaign created by a run that
// died before keeping its id is found again by its title, which names the letter and the language; a
// campaign is only sent while Mailchimp says it is a draft ('save'), so one that a lost answer left
// sending is recorded, not sent again. Any failure of Mailchimp (an error, a refusal, no answer) ends
// the run with the letter 'failed' and Mailchimp's words on it; staff try again from its page.

type Store = JobStore & LetterStore & Pick<StaffStore, 'addAudit'>;

export interface CampaignSettings {
  siteUrl: string;
  fromName: string;
  replyTo: string;
}

interface RunJob extends JobData {
  n: number;
  done: boolean;
}

// Longer than any run can take: a call gives up after 10 s, and a run makes at most four per language.
export const CAMPAIGN_LEASE_MS = 5 * 60_000;
const runName = (id: string) => `letter-campaign:${id}`;

// Mailchimp's own merge tag for each member's unsubscribe link, which it requires in every campaign.
export const MAILCHIMP_UNSUBSCRIBE = '*|UNSUB|*';

// The campaign's title in Mailchimp's list of campaigns: the letter's address and id, and the language.
export function campaignTitle(letter: Pick<Letter, 'id' | 'slug'>, lang: Lang): string {
  return `${letter.slug} (${lang}) ${letter.id}`;
}

// Who receives the version in `lang`: members of that language; for the default language, every member
// whose language has no version of its own (no language set included).
export function campaignConditions(lang: Lang, written: Lang[]): SegmentCondition[] {
  const language = (op: 'is' | 'not', value: Lang): SegmentCondition => ({
    condition_type: 'Language',
    field: 'language',
    op,
    value,
  });
  if (lang !== defaultLang) return [language('is', lang)];
  return written.filter((other) => other !== defaultLang).map((other) => language('not', other));
}

// The campaign's content in `lang`: the letter's mail with Mailchimp's unsubscribe tag in the foot.
export async function campaignContent(letter: Letter, lang: Lang, siteUrl: string) {
  const mail = await renderLetterMail(letter, lang, await footOf(letter, lang, siteUrl));
  return {
    subject: mail.subject,
    html: mail.html.replaceAll(UNSUBSCRIBE_SLOT, MAILCHIMP_UNSUBSCRIBE),
    text: mail.text.replaceAll(UNSUBSCRIBE_SLOT, MAILCHIMP_UNSUBSCRIBE),
  };
}

// The confirmation page's button: claimed once, as an outbox send's start is (the same job, so a letter
// never starts both ways). The count is the audience's subscribed members, as Mailchimp gives it now;
// when Mailchimp cannot be reached nothing starts and staff are told.
export async function startCampaigns(
  store: Store,
  api: MailchimpApi,
  letter: Letter,
  session: StaffSession,
  now: number,
): Promise<'started' | 'already' | 'empty' | 'unreachable'> {
  if (letter.status !== 'draft') return 'already';
  let members: number;
  try {
    members = (await api.listCounts()).members;
  } catch {
    return 'unreachable';
  }
  if (members === 0) return 'empty';
  const subject = versionIn(letter, defaultLang).version.subject;
  const audit = auditEntry(
    'letter-send',
    session.email,
    `“${subject}” as Mailchimp campaigns to ${members} members (${letter.audience})`,
    now,
  );
  const claimed = await store.claimJob(
    `letter:${letter.id}:start`,
    { name: 'letter-start', at: now, letter: letter.id, by: session.email, recipients: members, via: 'mailchimp' },
    [],
    audit,
  );
  // Claimed by an earlier post whose process stopped before marking the letter: marking it now sends
  // nothing twice (the runs are claimed once each).
  const current = letterOf(await store.getLetter(letter.id)) ?? letter;
  if (current.status !== 'draft') return 'already';
  await store.saveLetter(
    storedOf({
      ...current,
      status: 'sending',
      delivery: 'mailchimp',
      startedAt: now,
      startedBy: session.email,
      recipients: members,
    }),
  );
  return claimed ? 'started' : 'already';
}

export type RunOutcome = 'busy' | 'sent' | 'failed' | 'idle';

// One pass of the periodic task: a run of every newsletter being sent as campaigns.
export async function advanceCampaigns(
  store: Store,
  api: MailchimpApi,
  settings: CampaignSettings,
  now: number,
): Promise<number> {
  let ran = 0;
  for (const stored of await store.listLetters()) {
    const letter = letterOf(stored);
    if (letter?.status !== 'sending' || letter.delivery !== 'mailchimp') continue;
    if ((await runCampaigns(store, api, letter, settings, now)) !== 'busy') ran += 1;
  }
  return ran;
}

export async function runCampaigns(
  store: Store,
  api: MailchimpApi,
  letter: Letter,
  settings: CampaignSettings,
  now: number,
): Promise<RunOutcome> {
  if (letter.status !== 'sending' || letter.delivery !== 'mailchimp') return 'idle';
  const last = (await store.lastJob(runName(letter.id))) as RunJob | null;
  if (last && !last.done && now < last.at + CAMPAIGN_LEASE_MS) return 'busy';
  const n = (last?.n ?? 0) + 1;
  const at = Math.max(now, (last?.at ?? 0) + 1);
  if (!(await store.claimJob(`letter:${letter.id}:campaign:${n}`, { name: runName(letter.id), at, n, done: false }))) {
    return 'busy';
  }
  let outcome: RunOutcome;
  try {
    await sendEach(store, api, letter.id, settings, now);
    outcome = 'sent';
  } catch (error) {
    const message = (error as Error).message.slice(0, 500);
    const current = letterOf(await store.getLetter(letter.id));
    if (current?.status === 'sending') {
      await store.saveLetter(storedOf({ ...current, status: 'failed', failure: { at: now, message } }));
    }
    outcome = 'failed';
  }
  // The run is over: the next may start at once (after a retry).
  await store.claimJob(`letter:${letter.id}:campaign:${n}:end`, {
    name: runName(letter.id),
    at: at + 1,
    n,
    done: true,
  });
  return outcome;
}

// Each language in turn, from where the last run left it; the letter is 'sent' when every campaign is.
async function sendEach(store: Store, api: MailchimpApi, id: string, settings: CampaignSettings, now: number) {
  const first = letterOf(await store.getLetter(id));
  if (!first || first.status !== 'sending') return;
  const written = writtenLangs(first);
  const keep = async (lang: Lang, state: CampaignState) => {
    const current = letterOf(await store.getLetter(id));
    if (!current) throw new Error('the letter is gone');
    const campaigns = { ...current.campaigns, [lang]: { ...current.campaigns?.[lang], ...state } };
    await store.saveLetter(storedOf({ ...current, campaigns }));
  };
  for (const lang of written) {
    const state = letterOf(await store.getLetter(id))?.campaigns?.[lang] ?? {};
    if (state.sent || state.empty) continue;
    const letter = first;
    const content = await campaignContent(letter, lang, settings.siteUrl);
    const title = campaignTitle(letter, lang);
    let campaign = state.id
      ? await api.getCampaign(state.id)
      : await api.findCampaign(title, (letter.startedAt ?? now) - 3_600_000);
    campaign ??= await api.createCampaign({
      title,
      subject: content.subject,
      fromName: settings.fromName,
      replyTo: settings.replyTo,
      conditions: campaignConditions(lang, written),
    });
    if (state.id !== campaign.id) await keep(lang, { id: campaign.id });
    if (campaign.status === 'save') {
      await api.setContent(campaign.id, content.html, content.text);
      try {
        await api.send(campaign.id);
      } catch (error) {
        // Nobody of that language in the audience: Mailchimp refuses to send to an empty segment.
        const checked = await api.getCampaign(campaign.id);
        if (checked.status === 'save' && checked.recipients === 0) {
          await keep(lang, { empty: true, recipients: 0 });
          continue;
        }
        if (checked.status === 'save') throw error;
        campaign = checked;
      }
    }
    await keep(lang, { sent: true, recipients: campaign.recipients });
    const subject = versionIn(letter, lang).version.subject;
    await store.addAudit(
      auditEntry(
        'letter-campaign',
        letter.startedBy ?? '',
        `“${subject}” (${lang}): Mailchimp campaign ${campaign.id}, ${campaign.recipients} members`,
        now,
      ),
    );
  }
  const done = letterOf(await store.getLetter(id));
  if (done?.status === 'sending') {
    await store.saveLetter(storedOf({ ...withoutFailure(done), status: 'sent', sentAt: now }));
  }
}

// Staff try a failed letter again: it goes back to 'sending', and the next run takes up where the last
// failed. Once per failure, however many times the button is pressed.
export async function retryCampaigns(store: Store, letter: Letter, who: string, now: number): Promise<boolean> {
  if (letter.status !== 'failed' || letter.delivery !== 'mailchimp') return false;
  const audit = auditEntry('letter-retry', who, letter.slug, now);
  const key = `letter:${letter.id}:retry:${letter.failure?.at ?? 0}`;
  if (!(await store.claimJob(key, { name: `letter-retry:${letter.id}`, at: now }, [], audit))) return false;
  const current = letterOf(await store.getLetter(letter.id));
  if (current?.status !== 'failed') return false;
  await store.saveLetter(storedOf({ ...withoutFailure(current), status: 'sending', updatedBy: who }));
  return true;
}

// A letter without its last failure (a store keeps no undefined field).
function withoutFailure(letter: Letter): Letter {
  const copy = { ...letter };
  delete copy.failure;
  return copy;
}

// Whose site sends it: the organisation's name, and the address of MAIL_FROM for replies.
export function campaignSender(mailFrom: string, siteUrl: string): CampaignSettings {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return { siteUrl, fromName: site.name, replyTo: address };
}

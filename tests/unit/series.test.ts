import { SERIES_MAX_DATES } from '@/lib/constants';
import { content } from '@/lib/content';
import { expandSeries, nextDate, occurrences, seriesDays, seriesOf, seriesProblems } from '@/lib/content/series';
import type { SiteEvent } from '@/lib/content/types';
import { seriesTexts } from '@/messages/series';

// A series' dates (lib/content/series.ts): the rules an editor may save give the dates the site reads,
// each an event of its own; the rules an editor may not save are refused in words, in each language.
const base: SiteEvent = { ...content('en').events[0]!, slug: 'meetup', startDate: '2026-12-10', endDate: '2026-12-10' };

describe('the dates of a series', () => {
  it('repeats weekly, every two weeks and monthly up to a last date or a number of dates', () => {
    expect(seriesDays('2026-12-10', { repeat: 'weekly', repeatCount: 3 })).toEqual([
      '2026-12-10',
      '2026-12-17',
      '2026-12-24',
    ]);
    expect(seriesDays('2026-12-10', { repeat: 'fortnightly', repeatUntil: '2027-01-07' })).toEqual([
      '2026-12-10',
      '2026-12-24',
      '2027-01-07',
    ]);
    // The 31st in a shorter month falls on its last day, and the next month is counted from the first.
    expect(seriesDays('2027-01-31', { repeat: 'monthly', repeatCount: 4 })).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
    ]);
    expect(
      seriesDays('2026-12-10', { repeat: 'dates', repeatDates: '2027-02-11, 2027-01-14\n2027-01-14 nope' }),
    ).toEqual(['2026-12-10', '2027-01-14', '2027-02-11']);
    // Without an end, the site never repeats; never more than the cap either.
    expect(seriesDays('2026-12-10', { repeat: 'weekly' })).toEqual(['2026-12-10']);
    expect(seriesDays('2026-12-10', { repeat: 'weekly', repeatUntil: '2040-01-01' })).toHaveLength(SERIES_MAX_DATES);
  });

  it('makes each date an event of its own, the first keeping the address, with the length of the first', () => {
    const dates = occurrences({ ...base, endDate: '2026-12-11', repeat: 'monthly', repeatCount: 3 }, 'fr');
    expect(dates.map((d) => [d.slug, d.startDate, d.endDate, d.series])).toEqual([
      ['meetup', '2026-12-10', '2026-12-11', 'meetup'],
      ['meetup--2027-01-10', '2027-01-10', '2027-01-11', 'meetup'],
      ['meetup--2027-02-10', '2027-02-10', '2027-02-11', 'meetup'],
    ]);
    expect(dates[1]!.dates).toBe('10–11 janvier 2027');
    // An event that does not repeat is itself, without a series.
    expect(occurrences(base, 'en')).toEqual([base]);
    // A slug taken twice is kept once, and the dates come in order.
    const other = { ...base, slug: 'meetup--2027-01-10', startDate: '2027-03-01', endDate: '2027-03-01' };
    const all = expandSeries([{ ...base, repeat: 'monthly', repeatCount: 3 }, other], 'en');
    expect(all.map((e) => e.slug)).toEqual(['meetup', 'meetup--2027-01-10', 'meetup--2027-02-10']);
    expect(seriesOf(all[1]!, all, '2027-01-11').map((e) => e.slug)).toEqual(['meetup--2027-02-10']);
  });

  it('gives the next date for "Duplicate": a week later, or by the repeat', () => {
    expect(nextDate('2026-12-10', {})).toBe('2026-12-17');
    expect(nextDate('2026-12-10', { repeat: 'fortnightly' })).toBe('2026-12-24');
    expect(nextDate('2027-01-31', { repeat: 'monthly' })).toBe('2027-02-28');
  });
});

describe('what an editor may not save', () => {
  const today = '2026-12-02';
  const check = (rule: Parameters<typeof seriesProblems>[0], lang: 'en' | 'fr' = 'en') =>
    seriesProblems({ slug: 'meetup', startDate: '2026-12-10', ...rule }, today, lang);

  it('accepts a repeat with an end, a list of dates to come, and an event that does not repeat', () => {
    expect(check({})).toEqual({});
    expect(check({ repeat: 'weekly', repeatCount: 8 })).toEqual({});
    expect(check({ repeat: 'monthly', repeatUntil: '2027-06-30' })).toEqual({});
    expect(check({ repeat: 'dates', repeatDates: '2027-01-14 2027-02-11' })).toEqual({});
  });

  it('refuses each bad rule on its field, in the language being edited', () => {
    const [en, fr] = [seriesTexts.en, seriesTexts.fr];
    expect(check({ repeat: 'weekly' })).toEqual({ repeatUntil: en.noEnd });
    expect(check({ repeat: 'weekly' }, 'fr')).toEqual({ repeatUntil: fr.noEnd });
    expect(check({ repeat: 'monthly', repeatUntil: '2026-12-01' })).toEqual({ repeatUntil: en.endBeforeStart });
    expect(check({ repeat: 'monthly', repeatCount: 1 })).toEqual({ repeatCount: en.countTooSmall });
    expect(check({ repeat: 'weekly', repeatCount: 500 })).toEqual({ repeatCount: en.tooMany(SERIES_MAX_DATES) });
    expect(check({ repeat: 'weekly', repeatUntil: '2030-01-01' }, 'fr')).toEqual({
      repeatUntil: fr.tooMany(SERIES_MAX_DATES),
    });
    expect(check({ repeat: 'dates', repeatDates: '' })).toEqual({ repeatDates: en.noDates });
    expect(check({ repeat: 'dates', repeatDates: '2027-02-30' })).toEqual({ repeatDates: en.notADate('2027-02-30') });
    expect(check({ repeat: 'dates', repeatDates: '2026-11-01' }, 'fr')).toEqual({
      repeatDates: fr.pastDate('2026-11-01'),
    });
    expect(check({ repeat: 'dates', repeatDates: '2026-12-05' })).toEqual({
      repeatDates: en.notAfterFirst('2026-12-05'),
    });
    expect(seriesProblems({ slug: 'talk--2027-01-14' }, today, 'en')).toEqual({ slug: en.slugLikeDate });
    // A date saved before stays accepted once past: an old series can still be edited.
    const old = { slug: 'meetup', startDate: '2026-10-01', repeat: 'dates' as const, repeatDates: '2026-11-01' };
    expect(seriesProblems(old, today, 'en', ['2026-11-01'])).toEqual({});
    expect(seriesProblems(old, today, 'en')).toEqual({ repeatDates: en.pastDate('2026-11-01') });
  });
});

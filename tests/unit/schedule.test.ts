import { buildSiteToday, ConfigError, readConfig, siteCapacity } from '@/lib/config';
import { events, offers } from '@/lib/content';
import { availability, dayIn, eventBooking, offerBooking, siteToday, splitByDate } from '@/lib/content/schedule';

const booking = { seat: 'event:x', lastDay: '2023-03-19' };

afterEach(() => {
  delete process.env.SITE_TODAY;
  delete process.env.SITE_CAPACITY;
});

describe('availability', () => {
  it('is open up to and including the last day, closed the day after', () => {
    expect(availability(booking, '2023-03-01')).toBe('open');
    expect(availability(booking, '2023-03-19')).toBe('open');
    expect(availability(booking, '2023-03-20')).toBe('closed');
    expect(availability(booking, '2024-01-01')).toBe('closed');
  });

  it('is full once every place is taken, and closed still wins after the date', () => {
    const limited = { ...booking, capacity: 2 };
    expect(availability(limited, '2023-03-01', 1)).toBe('open');
    expect(availability(limited, '2023-03-01', 2)).toBe('full');
    expect(availability(limited, '2023-03-20', 2)).toBe('closed');
    // Without a capacity there is always room.
    expect(availability(booking, '2023-03-01', 10_000)).toBe('open');
  });
});

describe("the site's today", () => {
  it('is the date in Lagos: 23:30 UTC on 31 December is already 1 January there', () => {
    expect(dayIn(Date.UTC(2025, 11, 31, 23, 30))).toBe('2026-01-01');
    expect(dayIn(Date.UTC(2025, 11, 31, 22, 30))).toBe('2025-12-31');
  });

  it('is SITE_TODAY when set, whatever the clock says', () => {
    process.env.SITE_TODAY = '2023-03-01';
    expect(siteToday(Date.UTC(2026, 10, 24))).toBe('2023-03-01');
    delete process.env.SITE_TODAY;
    expect(siteToday(Date.UTC(2026, 10, 24, 12))).toBe('2026-11-24');
  });

  it('refuses a SITE_TODAY that is not a calendar date, naming the setting', () => {
    for (const bad of ['2023-02-30', '01/03/2023', 'tomorrow']) {
      expect(() => buildSiteToday({ SITE_TODAY: bad })).toThrow(ConfigError);
      expect(() => readConfig({ SITE_TODAY: bad })).toThrow(/SITE_TODAY must be a date such as 2023-03-01/);
    }
    expect(readConfig({ SITE_TODAY: '2023-03-01' }).siteToday).toBe('2023-03-01');
    expect(readConfig({}).siteToday).toBeUndefined();
  });
});

describe('the places of an event or offer', () => {
  const event = events[0]!;
  const offer = offers[0]!;

  it("are data/'s: the seed's event and offer have no limit", () => {
    expect(eventBooking(event)).toEqual({ seat: `event:${event.slug}`, lastDay: event.endDate, capacity: undefined });
    expect(offerBooking(offer).capacity).toBeUndefined();
  });

  it("are SITE_CAPACITY's when it is set, for every event and offer, over data/'s own", () => {
    process.env.SITE_CAPACITY = '2';
    expect(eventBooking(event)).toEqual({ seat: `event:${event.slug}`, lastDay: event.endDate, capacity: 2 });
    expect(offerBooking({ ...offer, capacity: 40 }).capacity).toBe(2);
    delete process.env.SITE_CAPACITY;
    expect(offerBooking({ ...offer, capacity: 40 }).capacity).toBe(40);
  });

  it('refuses a SITE_CAPACITY that is not a whole number of places, naming the setting', () => {
    // 0x10 and 1e2 are numbers to JavaScript, not to whoever reads the setting; a huge one would have
    // every registration look through that many seat numbers.
    for (const bad of ['0', '-3', '2.5', 'many', '0x10', '1e2', '10001', '99999999999']) {
      expect(() => siteCapacity({ SITE_CAPACITY: bad })).toThrow(ConfigError);
      expect(() => readConfig({ SITE_CAPACITY: bad })).toThrow(
        /SITE_CAPACITY must be a whole number of places from 1 to 10000/,
      );
    }
    expect(siteCapacity({ SITE_CAPACITY: ' 120 ' })).toBe(120);
    expect(siteCapacity({ SITE_CAPACITY: '10000' })).toBe(10_000);
    expect(siteCapacity({ SITE_CAPACITY: '' })).toBeUndefined();
    expect(siteCapacity({})).toBeUndefined();
  });
});

describe('a list of events', () => {
  const items = [
    { name: 'old', first: '2022-05-01', last: '2022-05-02' },
    { name: 'later', first: '2023-06-01', last: '2023-06-01' },
    { name: 'older', first: '2021-05-01', last: '2021-05-01' },
    { name: 'soon', first: '2023-03-18', last: '2023-03-19' },
    { name: 'under way', first: '2023-02-27', last: '2023-03-02' },
  ];
  it('puts what is to come or under way first, soonest first, then the past, latest first', () => {
    const { upcoming, past } = splitByDate(items, (i) => i, '2023-03-01');
    expect(upcoming.map((i) => i.name)).toEqual(['under way', 'soon', 'later']);
    expect(past.map((i) => i.name)).toEqual(['old', 'older']);
  });
});

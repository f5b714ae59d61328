import { content } from '@/lib/content';
import { courseCost, eventPrices, offerDueText, ticketOptions } from '@/lib/content/facts';
import { eventBooking, eventBookings, externalRegistration } from '@/lib/content/schedule';
import { eventDue } from '@/lib/payments';

import { paidEvents, PROFESSIONAL, STUDENT } from '../helpers/paid-event';

// What a paid event's page and an offer's page say before anyone registers (docs/product.md §14), and the
// places of each ticket kind.
const [summit, workshop] = paidEvents('en');

describe('a paid event', () => {
  it('lists each kind with its price, a full one with its waiting list, and when the price is due', () => {
    expect(eventPrices(summit!, 'en', { [STUDENT]: 'full', [PROFESSIONAL]: 'open' })).toEqual({
      tickets: [
        { id: STUDENT, label: 'Student: $20, full (waiting list)' },
        { id: PROFESSIONAL, label: 'Professional: $50' },
      ],
      due: expect.stringContaining('On the waiting list you owe nothing'),
    });
    const [student] = eventPrices(paidEvents('fr')[0]!, 'fr').tickets;
    expect(student!.label).toBe('Étudiant\u00a0: 20\u00a0$US');
    expect(eventPrices(workshop!, 'en')).toMatchObject({ price: 'Price: $15.', tickets: [] });
    expect(eventPrices({ price: 12.5 }, 'en').price).toBe('Price: $12.50.');
  });

  it('says nothing of a price for a free event, or a kind at 0', () => {
    expect(eventPrices(content('en').events[0]!, 'en')).toEqual({ tickets: [] });
    expect(eventPrices({ tickets: [{ id: 'a', name: 'Guest', price: 0, capacity: 3 }] }, 'en')).toEqual({
      tickets: [{ id: 'a', label: 'Guest: free' }],
    });
    expect(eventDue({ tickets: [{ id: 'a', name: 'Guest', price: 0, capacity: 3 }] }, 'a')).toBeNull();
    expect(eventDue(content('en').events[0]!)).toBeNull();
  });

  it('owes its kind’s price, never another kind’s or one for a kind it does not sell', () => {
    expect(eventDue(summit!, STUDENT)).toEqual({ dollars: 20, deposit: false });
    expect(eventDue(summit!, PROFESSIONAL)).toEqual({ dollars: 50, deposit: false });
    expect(eventDue(summit!, 'forged')).toBeNull();
    expect(eventDue(summit!)).toBeNull();
    expect(eventDue(workshop!)).toEqual({ dollars: 15, deposit: false });
  });

  it('gives each kind its own seat and places, and takes no external registration', () => {
    expect(eventBookings(summit!).map((b) => [b.seat, b.capacity])).toEqual([
      [`event:${summit!.slug}:${STUDENT}`, 3],
      [`event:${summit!.slug}:${PROFESSIONAL}`, 2],
    ]);
    expect(eventBooking(summit!, 'forged')).toBeNull();
    expect(eventBooking(workshop!, STUDENT)).toBeNull();
    expect(externalRegistration({ ...summit!, registrationLink: 'https://example.org/x' })).toBeUndefined();
  });
});

describe('an offer', () => {
  it('says its deposit and the rest, and when each is due, before anyone reserves', () => {
    const offer = { ...content('en').offers[0]!, nowPrice: 150, wasPrice: 200, discountPercent: 25, deposit: 50 };
    expect(offerDueText(offer, 'en')).toEqual([
      'To hold your spot: a $50 deposit, paid online once your spot is reserved. The rest, $100, is paid to our team before the cohort starts (May 2023).',
      'On the waiting list you owe nothing until a spot is yours.',
    ]);
    const { deposit: _none, ...whole } = offer;
    expect(offerDueText(whole, 'en')[0]).toBe('The whole price, $150, is paid online once your spot is reserved.');
    expect(offerDueText({ ...content('fr').offers[0]!, deposit: 50, nowPrice: 120 }, 'fr')[0]).toContain(
      'un acompte de 50\u00a0$US',
    );
  });
});

// Sold in several currencies (docs/product.md §14): what the pages write in each, by Intl in their language.
describe('an item priced in several currencies', () => {
  const kinds = [
    { id: 'stu', name: 'Student', price: 20, capacity: 5, prices: [{ currency: 'NGN' as const, amount: 30_000 }] },
    { id: 'pro', name: 'Professional', price: 50, capacity: 5, prices: [{ currency: 'NGN' as const, amount: 75_000 }] },
  ];

  it('lists each ticket kind in the chosen currency, and the select gives every currency', () => {
    expect(eventPrices({ tickets: kinds }, 'en', {}, 'NGN').tickets.map((kind) => kind.label)).toEqual([
      'Student: ₦30,000',
      'Professional: ₦75,000',
    ]);
    expect(ticketOptions({ tickets: kinds }, 'en', { stu: 'full' }, ['USD', 'NGN']).map((k) => k.label)).toEqual([
      'Student: $20 / ₦30,000, full (waiting list)',
      'Professional: $50 / ₦75,000',
    ]);
    // One currency: the select as before.
    expect(
      ticketOptions({ tickets: kinds.map(({ prices: _p, ...kind }) => kind) }, 'en', {}, []).map((k) => k.label),
    ).toEqual(['Student: $20', 'Professional: $50']);
  });

  it('writes a course’s fee and an offer’s deposit and rest in the chosen currency', () => {
    const course = { cost: '$105', prices: [{ currency: 'XOF' as const, amount: 60_000 }] };
    expect(courseCost(course, 'fr', 'XOF')).toMatch(/^60\s000\sF\sCFA$/);
    expect(courseCost(course, 'fr', 'USD')).toBe('105\u00a0$US');
    // The French reader starts in CFA francs where the item has them.
    expect(courseCost(course, 'fr')).toMatch(/F\sCFA$/);
    expect(courseCost(course, 'en')).toBe('$105');
    const offer = {
      ...content('en').offers[0]!,
      deposit: 40,
      prices: [{ currency: 'NGN' as const, amount: 250_000 }],
    };
    const [due] = offerDueText(offer, 'en', 'NGN');
    expect(due).toContain('₦66,667');
    expect(due).toContain('₦133,333');
  });
});

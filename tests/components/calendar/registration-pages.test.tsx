/** @jest-environment node */
import { renderToStaticMarkup } from 'react-dom/server';

import EventPage from '@/app/[lang]/events/[slug]/page';
import EventsPage from '@/app/[lang]/events/page';
import OfferPage from '@/app/[lang]/offers/[slug]/page';

// The event and offer pages as the server renders them: on the real date (no SITE_TODAY) the seed's
// March 2023 hackathon and offer are over; with SITE_TODAY before them, their forms are back.
type Params = { lang: string; slug: string };
const props = (params: Params) => ({ params: Promise.resolve(params), searchParams: Promise.resolve({}) }) as never;
const html = async (page: (p: never) => Promise<React.ReactElement>, params: Params) =>
  renderToStaticMarkup(await page(props(params)));
const text = (markup: string) => markup.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const structured = (markup: string, type: string) =>
  [...markup.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)]
    .map((m) => JSON.parse(m[1]!))
    .find((data) => data['@type'] === type);

const event = 'baobab-data-hackathon-2023';
const offer = 'become-a-data-analyst';

afterEach(() => {
  delete process.env.SITE_TODAY;
});

describe('on the real date', () => {
  it.each([
    ['en', 'This event took place on 18-19 March 2023.', 'Hear about the next events first'],
    ['fr', 'Cet événement a eu lieu du 18 au 19 mars 2023.', 'Recevez en premier l’annonce des prochains événements'],
  ])('the %s event page says it took place, offers the newsletter and shows no form', async (lang, past, next) => {
    const markup = await html(EventPage, { lang, slug: event });
    expect(text(markup)).toContain(past);
    expect(text(markup)).toContain(next);
    expect(markup).toContain(`href="${lang === 'fr' ? '/fr' : '/'}#join"`);
    expect(markup).not.toContain('<form');
    expect(structured(markup, 'Event').offers.availability).toBe('https://schema.org/Discontinued');
  });

  it.each([
    ['en', 'This offer ended on 25 March 2023.'],
    ['fr', 'Cette offre a pris fin le 25 mars 2023.'],
  ])('the %s offer page says it ended and shows no form', async (lang, past) => {
    const markup = await html(OfferPage, { lang, slug: offer });
    expect(text(markup)).toContain(past);
    expect(markup).not.toContain('<form');
    expect(structured(markup, 'Offer').availability).toBe('https://schema.org/Discontinued');
  });

  it('lists the hackathon under the past events, and nothing as coming up', async () => {
    const markup = text(await html(EventsPage as never, { lang: 'en', slug: '' }));
    expect(markup).toContain('No event is planned right now.');
    expect(markup).toMatch(/Past events .*Baobab Data Hackathon 2023 18-19 March 2023 .*Took place/);
  });
});

describe('with SITE_TODAY before the event', () => {
  it.each(['en', 'fr'])('the %s event and offer pages show their forms', async (lang) => {
    process.env.SITE_TODAY = '2023-03-01';
    const eventMarkup = await html(EventPage, { lang, slug: event });
    expect(eventMarkup).toContain('<form');
    expect(eventMarkup).not.toContain('took place');
    expect(structured(eventMarkup, 'Event').offers.availability).toBe('https://schema.org/InStock');
    expect(await html(OfferPage, { lang, slug: offer })).toContain('<form');
  });

  it('shows the event under way on its last day, and past the day after', async () => {
    process.env.SITE_TODAY = '2023-03-19';
    expect(await html(EventPage, { lang: 'en', slug: event })).toContain('<form');
    process.env.SITE_TODAY = '2023-03-20';
    expect(await html(EventPage, { lang: 'en', slug: event })).not.toContain('<form');
  });
});

/** @jest-environment node */
import { contactInfo } from '@/lib/content';
import { bodyHtml, bodyText, renderLetterMail, UNSUBSCRIBE_SLOT } from '@/lib/letters/render';

const letter = {
  versions: {
    en: {
      subject: 'News',
      body: '# Hello\n\n<script>alert(1)</script>\n\n[site](https://baobabdata.org) [bad](javascript:alert(1))\n\n![logo](https://baobabdata.org/logo.svg) ![x](http://plain.example/x.png)',
    },
  },
};

describe('a letter’s Markdown', () => {
  it('keeps headings, links and https images, and drops raw HTML, script links and plain-http images', () => {
    const html = bodyHtml(letter.versions.en.body);
    expect(html).toContain('<h1>Hello</h1>');
    expect(html).toContain('<a href="https://baobabdata.org">site</a>');
    expect(html).toContain('<img src="https://baobabdata.org/logo.svg" alt="logo" />');
    expect(html).not.toMatch(/<script|href="javascript:|src="http:/);
    expect(bodyHtml('# Hello', { page: true })).toBe('<h2>Hello</h2>\n');
  });

  it('shows on the site only its own pictures, and links to those hosted elsewhere (the pages load no other)', () => {
    const body =
      '![team](https://baobabdata.org/v/0123456789ab/media/team-1600.webp) ![chart](https://cdn.example/chart.png)';
    const html = bodyHtml(body, { page: true, siteUrl: 'https://baobabdata.org' });
    expect(html).toContain('<img src="/v/0123456789ab/media/team-1600.webp" alt="team" />');
    expect(html).toContain('<a href="https://cdn.example/chart.png">chart</a>');
    expect(html).not.toContain('<img src="https://cdn.example');
    // The mail keeps both pictures.
    expect(bodyHtml(body)).toContain('<img src="https://cdn.example/chart.png" alt="chart" />');
  });

  it('reads as plain text with each link’s address after its words', () => {
    expect(bodyText('See [the site](https://baobabdata.org).')).toBe('See the site (https://baobabdata.org).');
  });

  it('becomes an MJML mail in the default language when French is missing, with a text part and the foot', async () => {
    const mail = await renderLetterMail(letter, 'fr', {
      why: 'Why',
      unsubscribe: UNSUBSCRIBE_SLOT,
      address: contactInfo.address,
    });
    expect(mail.lang).toBe('en');
    expect(mail.html).toMatch(/<html[^>]*lang="en"/);
    expect(mail.html).toContain(UNSUBSCRIBE_SLOT);
    expect(mail.html).not.toMatch(/<img[^>]+(width|height)="1"/);
    expect(mail.text).toContain('Unsubscribe: https://letter.invalid/unsubscribe');
    expect(mail.text).toContain('14 Broad Street');
  });
});

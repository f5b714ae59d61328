import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { CookieBanner } from '@/components/layout/cookie-choice';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, consentMarkerScript, readConsent } from '@/lib/consent';
import { messages } from '@/messages';

function clearConsent() {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/`;
}

describe('CookieBanner', () => {
  beforeEach(clearConsent);

  it.each([
    ['Got it!', 'accepted'],
    ['Refuse cookies', 'refused'],
  ])('hides after "%s" and remembers the choice', async (button, choice) => {
    const user = userEvent.setup();
    const { unmount } = render(<CookieBanner text={messages('en').cookie} privacyHref="/privacy" />);
    expect(screen.getByRole('region', { name: 'Cookie choice' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: button }));
    expect(screen.queryByRole('region', { name: 'Cookie choice' })).not.toBeInTheDocument();
    expect(readConsent(document.cookie)).toBe(choice);
    unmount();

    // A later page view (a new mount) does not show it again.
    render(<CookieBanner text={messages('en').cookie} privacyHref="/privacy" />);
    expect(screen.queryByRole('region', { name: 'Cookie choice' })).not.toBeInTheDocument();
  });

  it('keeps the choice for a year', async () => {
    const set = jest.spyOn(document, 'cookie', 'set');
    render(<CookieBanner text={messages('en').cookie} privacyHref="/privacy" />);
    await act(async () => screen.getByRole('button', { name: 'Got it!' }).click());
    expect(set).toHaveBeenCalledWith(expect.stringContaining(`Max-Age=${CONSENT_MAX_AGE_SECONDS}`));
    expect(CONSENT_MAX_AGE_SECONDS).toBe(31_536_000);
    set.mockRestore();
  });
});

describe('readConsent', () => {
  it('reads only a valid choice from a cookie header', () => {
    expect(readConsent('a=1; cookie_consent=refused; b=2')).toBe('refused');
    expect(readConsent('cookie_consent=accepted')).toBe('accepted');
    expect(readConsent('cookie_consent=maybe')).toBeNull();
    expect(readConsent('xcookie_consent=accepted')).toBeNull();
  });
});

describe('consentMarkerScript (inline in <head>)', () => {
  it.each([
    ['a=1; cookie_consent=refused', 'refused'],
    ['cookie_consent=accepted', 'accepted'],
    ['xcookie_consent=accepted', 'none'],
    ['', 'none'],
  ])('marks <html> from %j as %s', (cookie, expected) => {
    const fake = { cookie, documentElement: { dataset: {} as Record<string, string> } };
    new Function('document', consentMarkerScript())(fake);
    expect(fake.documentElement.dataset.consent).toBe(expected);
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ContactForm } from '@/components/forms/contact-form';
import { OfferForm } from '@/components/forms/offer-form';
import { siteFetch } from '@/lib/http/client';
import { formTexts } from '@/messages/forms';

// The server actions run only on the server; the JavaScript path posts through siteFetch.
jest.mock('@/lib/forms/actions', () => ({ contactUs: jest.fn(), registerOffer: jest.fn() }));
jest.mock('@/lib/bot-check/client', () => ({ getBotToken: async () => null, warmBotCheck: () => {} }));
jest.mock('@/lib/http/client', () => ({ siteFetch: jest.fn() }));
const fetchMock = siteFetch as jest.MockedFunction<typeof siteFetch>;

const langField = (form: HTMLElement) => form.querySelector<HTMLInputElement>('input[name="lang"]')!.value;

describe('a form on a French page', () => {
  it('is labelled in French, shows the options in French and keeps the stored values, and posts lang=fr', () => {
    render(<OfferForm offer="become-a-data-analyst" lang="fr" />);
    expect(screen.getByLabelText('Prénom')).toBeInTheDocument();
    expect(screen.getByLabelText('Nom de famille')).toBeInTheDocument();
    const degree = screen.getByLabelText('Diplôme le plus élevé');
    expect(within(degree).getByRole('option', { name: 'Licence' })).toHaveValue('bachelor');
    expect(within(screen.getByLabelText('Genre')).getByRole('option', { name: 'Femme' })).toHaveValue('female');
    const button = screen.getByRole('button', { name: 'Réserver ma place' });
    expect(langField(button.closest('form')!)).toBe('fr');
    expect(screen.queryByText(/Save My Spot|First name|Highest degree/)).not.toBeInTheDocument();
  });

  it('checks the fields as the visitor types, in French', async () => {
    const user = userEvent.setup();
    render(<ContactForm lang="fr" />);
    const email = screen.getByLabelText('E-mail');
    await user.type(email, 'ada@');
    await user.tab();
    expect(await screen.findByText('Indiquez une adresse e-mail du type nom@exemple.com')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
  });

  it('says in French when the server cannot be reached or does not answer in 20 s, and shows its French answer', async () => {
    const user = userEvent.setup();
    render(<ContactForm lang="fr" />);
    await user.type(screen.getByLabelText('Nom'), 'Awa');
    await user.type(screen.getByLabelText('E-mail'), 'awa@example.org');
    await user.type(screen.getByLabelText('Message'), 'Bonjour');
    const button = screen.getByRole('button', { name: 'Envoyer le message' });
    await waitFor(() => expect(button).toBeEnabled());

    fetchMock.mockRejectedValueOnce(new TypeError('network down'));
    await user.click(button);
    expect(await screen.findByText('Réessayez')).toBeInTheDocument();
    expect(fetchMock.mock.calls[0]![1]!.body instanceof FormData && fetchMock.mock.calls[0]![1]!.body.get('lang')).toBe(
      'fr',
    );

    // Nothing comes back: after 20 seconds the form gives up, in French.
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    await act(async () => button.click());
    expect(button).toHaveTextContent('Envoi en cours…');
    await act(async () => jest.advanceTimersByTime(20_000));
    jest.useRealTimers();
    // The queries compare text with its spaces collapsed, the no-break one before ':' included.
    expect(await screen.findByText(formTexts.fr.ui.timedOut.replace(/\s/g, ' '))).toBeInTheDocument();

    const answer = {
      status: 'success',
      message: 'Votre message a bien été envoyé',
      detail: 'Nous vous répondrons très bientôt.',
    };
    fetchMock.mockResolvedValueOnce({
      headers: { get: () => 'application/json' },
      json: async () => answer,
    } as unknown as Response);
    await user.click(button);
    expect(await screen.findByText('Votre message a bien été envoyé')).toBeInTheDocument();
  });
});

it('keeps the English texts on an English page', () => {
  render(<OfferForm offer="become-a-data-analyst" lang="en" />);
  expect(screen.getByLabelText('First name')).toBeInTheDocument();
  expect(
    within(screen.getByLabelText('Highest degree')).getByRole('option', { name: "Bachelor's degree" }),
  ).toHaveValue('bachelor');
  expect(langField(screen.getByRole('button', { name: 'Save My Spot' }).closest('form')!)).toBe('en');
});

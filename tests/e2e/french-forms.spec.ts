import { expect, test, type Locator, type Page } from '@playwright/test';

import { storedRecords, stubExternalPages, uniqueEmail, waitForHydration } from './store';

// Each form on its French page (/fr/…), with and without JavaScript: French labels, French refusals
// from the browser's checks and from the server's, the French answer, and a record that keeps 'fr'.
interface FrenchForm {
  name: string;
  path: string;
  button: string;
  collection: string;
  success: string;
  // Fills every field with a valid value.
  fill(form: Locator, email: string): Promise<void>;
  // A text field that spaces alone leave empty: the browser lets it through, the server refuses it.
  blank: { label: string; error: string };
}

const text = (form: Locator, label: string) => form.getByLabel(label, { exact: true });

const frenchForms: FrenchForm[] = [
  {
    name: 'contact',
    path: '/fr/contact',
    button: 'Envoyer le message',
    collection: 'contact',
    success: 'Votre message a bien été envoyé',
    fill: async (form, email) => {
      await text(form, 'Nom').fill('Awa Diop');
      await text(form, 'E-mail').fill(email);
      await text(form, 'Message').fill('Bonjour depuis Dakar.');
    },
    blank: { label: 'Nom', error: 'Indiquez votre nom' },
  },
  {
    name: 'enrolment',
    // The free course opens no payment page.
    path: '/fr/academy/introduction-to-data-ethics-privacy',
    button: 'S’inscrire',
    collection: 'enrolment',
    success: 'Inscription enregistrée',
    fill: async (form, email) => {
      await text(form, 'Nom complet').fill('Awa Diop');
      await text(form, 'E-mail').fill(email);
      await text(form, 'Téléphone').fill('+221 77 123 45 67');
      await text(form, 'Genre').selectOption('female');
      await text(form, 'Pays').fill('Sénégal');
    },
    blank: { label: 'Pays', error: 'Indiquez votre pays' },
  },
  {
    name: 'event registration',
    path: '/fr/events/baobab-data-hackathon-2023',
    button: 'S’inscrire',
    collection: 'user',
    success: 'Poursuivez votre inscription',
    fill: async (form, email) => {
      await text(form, 'Prénom').fill('Awa');
      await text(form, 'Nom de famille').fill('Diop');
      await text(form, 'E-mail').fill(email);
    },
    blank: { label: 'Prénom', error: 'Indiquez votre prénom' },
  },
  {
    name: 'offer reservation',
    path: '/fr/offers/become-a-data-analyst',
    button: 'Réserver ma place',
    collection: 'offer',
    success: 'Votre place est réservée',
    fill: async (form, email) => {
      await text(form, 'E-mail').fill(email);
      await text(form, 'Prénom').fill('Awa');
      await text(form, 'Nom de famille').fill('Diop');
      await text(form, 'Genre').selectOption({ label: 'Femme' });
      await text(form, 'Diplôme le plus élevé').selectOption({ label: 'Licence' });
      await text(form, 'Profession').fill('Comptable');
      await text(form, 'Pays').fill('Sénégal');
    },
    blank: { label: 'Profession', error: 'Indiquez votre profession' },
  },
  {
    name: 'newsletter',
    path: '/fr',
    button: 'S’inscrire',
    collection: 'newsletter',
    success: 'Bienvenue dans la communauté Baobab Data\u00a0!',
    fill: async (form, email) => {
      await text(form, 'Nom').fill('Awa Diop');
      await text(form, 'E-mail').fill(email);
    },
    blank: { label: 'Nom', error: 'Indiquez votre nom' },
  },
];

const formOf = (page: Page, button: string) =>
  page.locator('form').filter({ has: page.getByRole('button', { name: button }) });

test.describe('French forms with JavaScript', () => {
  test.beforeEach(async ({ context }) => stubExternalPages(context));

  for (const f of frenchForms) {
    test(`${f.name}: French checks as the visitor types, the French answer, a record in 'fr'`, async ({ page }) => {
      await page.goto(f.path);
      await waitForHydration(page, f.button);
      const form = formOf(page, f.button);
      const email = uniqueEmail(`fr-${f.collection}`);
      await f.fill(form, 'awa@');
      await text(form, 'E-mail').blur();
      await expect(form.getByText('Indiquez une adresse e-mail du type nom@exemple.com')).toBeVisible();
      await expect(page.getByRole('button', { name: f.button })).toBeDisabled();

      await text(form, 'E-mail').fill(email);
      await expect(page.getByRole('button', { name: f.button })).toBeEnabled();
      await page.getByRole('button', { name: f.button }).click();
      await expect(page.getByText(f.success)).toBeVisible();
      await expect.poll(() => storedRecords(f.collection, email)).toEqual([expect.objectContaining({ lang: 'fr' })]);
    });
  }
});

test.describe('French forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ context }) => stubExternalPages(context));

  for (const f of frenchForms) {
    test(`${f.name}: the server's French refusal beside its field, then the French answer, a record in 'fr'`, async ({
      page,
    }) => {
      await page.goto(f.path);
      const form = formOf(page, f.button);
      const email = uniqueEmail(`fr-nojs-${f.collection}`);
      await f.fill(form, email);
      await text(form, f.blank.label).fill('   ');
      await page.getByRole('button', { name: f.button }).click();
      await expect(page.getByText('Corrigez les champs signalés, puis renvoyez le formulaire.')).toBeVisible();
      await expect(formOf(page, f.button).getByText(f.blank.error)).toBeVisible();
      await expect(text(formOf(page, f.button), f.blank.label)).toHaveAttribute('aria-invalid', 'true');
      // What was typed comes back.
      await expect(text(formOf(page, f.button), 'E-mail')).toHaveValue(email);
      expect(storedRecords(f.collection, email)).toEqual([]);

      await f.fill(formOf(page, f.button), email);
      await page.getByRole('button', { name: f.button }).click();
      await expect(page.getByText(f.success)).toBeVisible();
      expect(storedRecords(f.collection, email)).toEqual([expect.objectContaining({ lang: 'fr' })]);
    });
  }
});

import type { Localised } from '@/lib/i18n';

// The words of prices in several currencies (docs/product.md §14): the content editor's field for an
// item's prices besides its dollar one, in the language the editor works in, and what a visitor reads
// beside a priced item: the choice of currency and the form's refusal of one the item is not sold in.
export interface PriceTexts {
  // The content editor.
  field: string;
  row: string;
  currency: string;
  amount: string;
  offerHelp: string;
  courseHelp: string;
  eventHelp: string;
  ticketHelp: string;
  // The visitor's page and form.
  payIn: string;
  notOffered: string;
}

const NB = '\u00a0';

export const priceTexts: Localised<PriceTexts> = {
  en: {
    field: 'Prices in other currencies',
    row: 'Price',
    currency: 'Currency',
    amount: 'Amount',
    offerHelp:
      'The price before the discount in each currency you sell in besides US dollars (for example 250000 NGN). The discount and the deposit above apply in each. Visitors choose their currency on the page and are charged in it, exactly; an offer priced in dollars alone is charged at the site’s fixed rate.',
    courseHelp:
      'The fee in each currency you sell in besides US dollars. Visitors choose their currency on the page and are charged in it, exactly; a course priced in dollars alone is charged at the site’s fixed rate.',
    eventHelp:
      'The price of a place in each currency you sell in besides US dollars (with one price above; ticket kinds have their own). Visitors choose their currency on the page and are charged in it, exactly.',
    ticketHelp: 'This kind’s price in other currencies, besides US dollars.',
    payIn: 'Prices in',
    notOffered: 'This item is not sold in that currency: choose one of the currencies on the page.',
  },
  fr: {
    field: 'Prix dans d’autres devises',
    row: 'Prix',
    currency: 'Devise',
    amount: 'Montant',
    offerHelp: `Le prix avant la remise dans chaque devise où vous vendez, en plus du dollar américain (par exemple 250000 NGN). La remise et l’acompte ci-dessus s’appliquent dans chacune. Le visiteur choisit sa devise sur la page et paie exactement ce montant${NB}; une offre qui n’a qu’un prix en dollars est facturée au taux fixe du site.`,
    courseHelp: `Les frais dans chaque devise où vous vendez, en plus du dollar américain. Le visiteur choisit sa devise sur la page et paie exactement ce montant${NB}; un cours qui n’a qu’un prix en dollars est facturé au taux fixe du site.`,
    eventHelp: `Le prix d’une place dans chaque devise où vous vendez, en plus du dollar américain (avec un seul prix ci-dessus${NB}; chaque type de billet a les siens). Le visiteur choisit sa devise sur la page et paie exactement ce montant.`,
    ticketHelp: 'Le prix de ce billet dans d’autres devises, en plus du dollar américain.',
    payIn: 'Prix en',
    notOffered: `Ce tarif n’existe pas dans cette devise${NB}: choisissez l’une des devises proposées sur la page.`,
  },
};

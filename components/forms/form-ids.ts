// The ids of the forms of a priced item, which the page's choice of currency names in its `form`
// attribute (components/ui/currencies.tsx) so that the post carries the chosen currency.
export const PRICED_FORM_IDS = { enrol: 'enrol-form', event: 'event-form', offer: 'offer-form' } as const;

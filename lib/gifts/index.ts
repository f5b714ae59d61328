// Gifts to the organisation, once or every month (docs/product.md §15): the /donate form's post, the
// webhook's gift events, receipts, the thank-you page, the giver's signed link, and what the workspace
// reads. Outside this folder, code imports only this door.
export { giftAction } from './actions';
export { giftContext, type GiftContext } from './context';
export { give, readGift, type GiftInput } from './give';
export { giftsOf, type Gift, type GiftState } from './ledger';
export { giftReference, manageUrl, readManageToken } from './links';
export { giverGifts, providerManageLink, stopMyGift, type StopOutcome } from './manage';
export {
  defaultCurrency,
  formatGift,
  GIFT_CURRENCIES,
  giftBounds,
  isGiftCurrency,
  SUGGESTED,
  type GiftCurrency,
} from './money';
export { giftThanks, type Thanks } from './thanks';
export { giftEvents } from './webhook';

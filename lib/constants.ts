// Business constants of docs/product.md §9 that are behaviour rather than content.
export const EVENT_REDIRECT_DELAY_MS = 2000;

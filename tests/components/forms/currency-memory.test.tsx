import { render } from '@testing-library/react';

import { useCurrencyMemory } from '@/components/forms/currency-memory';
import { idleState } from '@/lib/forms/state';

// The page's currency radios, as components/ui/currencies.tsx writes them: XOF the item's default.
function Page({ answered }: { answered?: string }) {
  useCurrencyMemory('offer-form', answered ? { status: 'success', message: '', currency: answered } : idleState);
  return null;
}
const radios = () => {
  document.body.innerHTML =
    '<input type="radio" name="currency" form="offer-form" value="XOF" checked>' +
    '<input type="radio" name="currency" form="offer-form" value="NGN">';
  return [...document.querySelectorAll<HTMLInputElement>('input')] as [HTMLInputElement, HTMLInputElement];
};

beforeEach(() => localStorage.clear());

test('the next priced page starts in the currency saved on an earlier one', () => {
  localStorage.setItem('currency', 'NGN');
  const [xof, ngn] = radios();
  render(<Page />);
  expect(ngn.checked).toBe(true);
  expect(xof.checked).toBe(false);
});

test('a choice made on the page is saved', () => {
  const [, ngn] = radios();
  render(<Page />);
  ngn.click();
  expect(localStorage.getItem('currency')).toBe('NGN');
});

test('a choice made before the page ran is kept and saved, not replaced by the one saved earlier', () => {
  localStorage.setItem('currency', 'XOF');
  const [xof, ngn] = radios();
  ngn.checked = true; // the visitor's tap while the page's scripts were still coming
  render(<Page />);
  expect(ngn.checked).toBe(true);
  expect(xof.checked).toBe(false);
  expect(localStorage.getItem('currency')).toBe('NGN');
});

test('the currency of the form’s answer is remembered and shown, whatever was saved before', () => {
  // The visitor chose naira and sent the form before the page ran: the browser posted it, and the answer's
  // page, its radios at their default, is the first of the visit to run.
  localStorage.setItem('currency', 'XOF');
  const [xof, ngn] = radios();
  render(<Page answered="NGN" />);
  expect(localStorage.getItem('currency')).toBe('NGN');
  expect(ngn.checked).toBe(true);
  expect(xof.checked).toBe(false);
});

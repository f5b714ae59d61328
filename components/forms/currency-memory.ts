import { useEffect } from 'react';

const KEY = 'currency';

// The currency a visitor chose beside a priced item (docs/product.md §14), kept on the device so that
// the next priced page starts in it when that item is sold in it. The choice is the page's radio buttons
// named `currency` tied to the form `form` (components/ui/currencies.tsx); without them this does nothing.
// A browser that keeps nothing (private mode, storage off) simply starts each page at its default.
//
// `answered`: the currency of the form's answer. A visitor who chose before the page ran and sent the
// form then (the browser posts it) has it remembered once the answer's page runs.
export function useCurrencyMemory(form: string, answered?: string) {
  useEffect(() => {
    if (!answered) return;
    try {
      localStorage.setItem(KEY, answered);
    } catch {}
    const choices = document.querySelectorAll<HTMLInputElement>(`input[name="currency"][form="${form}"]`);
    for (const choice of choices) if (choice.value === answered) choice.checked = true;
  }, [form, answered]);
  useEffect(() => {
    const choices = [...document.querySelectorAll<HTMLInputElement>(`input[name="currency"][form="${form}"]`)];
    if (choices.length === 0) return;
    try {
      // A choice made before the page ran (the radios work without it) is the visitor's latest: kept,
      // not overwritten by the one saved on an earlier page.
      const early = choices.find((choice) => choice.checked && !choice.defaultChecked);
      if (early) localStorage.setItem(KEY, early.value);
      else {
        const saved = localStorage.getItem(KEY);
        const match = choices.find((choice) => choice.value === saved);
        if (match) match.checked = true;
      }
    } catch {}
    const remember = (event: Event) => {
      try {
        localStorage.setItem(KEY, (event.target as HTMLInputElement).value);
      } catch {}
    };
    choices.forEach((choice) => choice.addEventListener('change', remember));
    return () => choices.forEach((choice) => choice.removeEventListener('change', remember));
  }, [form]);
}

import { useEffect } from 'react';

import type { FormState } from '@/lib/forms/state';

const KEY = 'currency';

// The currency a visitor chose beside a priced item (docs/product.md §14), kept on the device so that
// the next priced page starts in it when that item is sold in it. The choice is the page's radio buttons
// named `currency` tied to the form `form` (components/ui/currencies.tsx); without them this does nothing.
// A browser that keeps nothing (private mode, storage off) simply starts each page at its default.
//
// `state`: the form's answer. A priced item's names its currency, so that a visitor who chose before the
// page ran and sent the form then (the browser posts it) has the choice remembered once the answer's
// page runs.
export function useCurrencyMemory(form: string, state: FormState) {
  const answered = state.status === 'success' ? state.currency : undefined;
  useEffect(() => {
    const choices = [...document.querySelectorAll<HTMLInputElement>(`input[name="currency"][form="${form}"]`)];
    try {
      // The visitor's latest choice, saved over the one an earlier page saved: the answer's currency, else
      // one made before the page ran (the radios work without it). Without either, the saved one is shown.
      const latest = answered ?? choices.find((choice) => choice.checked && !choice.defaultChecked)?.value;
      if (latest) localStorage.setItem(KEY, latest);
      const shown = latest ?? localStorage.getItem(KEY);
      for (const choice of choices) if (choice.value === shown) choice.checked = true;
    } catch {}
    const remember = (event: Event) => {
      try {
        localStorage.setItem(KEY, (event.target as HTMLInputElement).value);
      } catch {}
    };
    choices.forEach((choice) => choice.addEventListener('change', remember));
    return () => choices.forEach((choice) => choice.removeEventListener('change', remember));
  }, [form, answered]);
}

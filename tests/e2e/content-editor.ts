import type { Page } from '@playwright/test';

// Opens a document (or a new one) in the content editor and returns once its form runs in the browser.
//
// The editor's fields are in the server's HTML, so a test could type into them or tick them before React
// has taken the page over. The field would then show the change while the form never heard of it: a new
// document saved without that value, or, on an existing one, "Publish changes" (enabled only once the
// form is modified) disabled for good. React keeps what the field shows when it takes over, and sends no
// change for it (its value tracker starts from the field as it finds it).
//
// React marks each element it has taken over with its own properties; the edit form is the one whose
// fields a test touches, and it is taken over together with them.
export async function openInEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    () => {
      const form = document.querySelector('form.collection-edit__form');
      return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps$'));
    },
    undefined,
    { timeout: 60_000 },
  );
}

// Browsers block a tab opened after an await or a timer (docs/product.md §10): open a blank one inside the
// click, then point it at the page once the answer is in, or close it if there is nothing to show.
export function openBlankTab(): Window | null {
  return window.open('', '_blank');
}

export function sendTabTo(tab: Window | null, href: string | undefined): void {
  if (!tab) return;
  if (!href) {
    tab.close();
    return;
  }
  tab.opener = null;
  tab.location.href = href;
}

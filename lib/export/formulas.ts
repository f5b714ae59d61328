// Kept apart from the columns (which read the form registry): the export worker needs only this.
// A spreadsheet would run a cell that starts with one of these as a formula. A program told to split
// on ';' (French-locale spreadsheets) or on ',' where we did not mean it starts a new cell after any
// ';', ',' or line break inside a value, quotes or spaces before it included: a formula character there
// is neutralised too, with the same apostrophe.
const FORMULA_AFTER_SPLIT = /(^|[,;\n\r])([\s"]*)(?=[=+\-@\t\r])/g;

export function neutraliseFormulas(text: string): string {
  return text.replace(FORMULA_AFTER_SPLIT, "$1$2'");
}

// A signed token with its last two characters changed, always to others: a fixed replacement ("AA")
// is the token itself about once in a thousand tokens, and then the "altered" link is accepted.
export function altered(token: string): string {
  const tail = token.endsWith('AA') ? 'BB' : 'AA';
  return `${token.slice(0, -2)}${tail}`;
}

// Figures exactly as docs/product.md §9 gives them.
export const projectStats = { managed: 1, total: 1, team: 7 } as const;
export const academyStats = { enthusiast: 56, fellows: 4, countries: 8 } as const;

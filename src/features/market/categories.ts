/** SPEC §1 categories, in tab order. */
export const CATEGORIES = [
  { type: 2, key: 'crypto' },
  { type: 1, key: 'forex' },
  { type: 3, key: 'stocks' },
  { type: 4, key: 'futures' },
  { type: 5, key: 'etf' },
] as const;

/**
 * The seeded content pages: slug, content type and order. Titles and bodies live in
 * `<lang>.json` beside this file, one file per interface language.
 *
 * Types 1-3 are SPEC §3 (company, policy, statement); 4 (FAQ) and 5 (notice) are ours,
 * for the help centre (docs/api.md).
 */
export const CONTENT_TYPES = {
  company: 1,
  policy: 2,
  statement: 3,
  faq: 4,
  notice: 5,
} as const;

export type ContentType = (typeof CONTENT_TYPES)[keyof typeof CONTENT_TYPES];

export const seedCatalog: ReadonlyArray<{ slug: string; type: ContentType }> = [
  { slug: 'about-us', type: 1 },
  { slug: 'introduction', type: 1 },
  { slug: 'licence-supervision', type: 1 },
  { slug: 'terms-of-service', type: 2 },
  { slug: 'privacy-policy', type: 2 },
  { slug: 'cookie-policy', type: 2 },
  { slug: 'risk-warning', type: 3 },
  { slug: 'disclaimer', type: 3 },
  { slug: 'legal-information', type: 3 },
  { slug: 'advertising', type: 3 },
  { slug: 'faq-account', type: 4 },
  { slug: 'faq-demo-real', type: 4 },
  { slug: 'faq-deposit', type: 4 },
  { slug: 'faq-withdrawal', type: 4 },
  { slug: 'faq-security', type: 4 },
  { slug: 'faq-fees', type: 4 },
  { slug: 'notice-welcome', type: 5 },
  { slug: 'notice-simulated-prices', type: 5 },
  { slug: 'notice-security', type: 5 },
];

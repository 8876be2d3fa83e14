/** Content types of listContents/{type} (SPEC §3; 4 and 5 are ours, docs/api.md). */
export const CONTENT_TYPE = { company: 1, policy: 2, statement: 3, faq: 4, notice: 5 } as const;

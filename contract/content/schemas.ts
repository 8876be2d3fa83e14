import { z } from 'zod';
import { wholeNumber } from '../whole-number.ts';
import { Code } from '../errors.ts';
import { LANGUAGES } from '../languages.ts';
import type { FieldCodeMap } from '../validate.ts';
import { PUBLIC_PARAM_KEYS } from '../params.ts';

/** SPEC §3 types 1 company, 2 policy, 3 statement; ours: 4 FAQ, 5 notice (help centre). */
export const contentTypeSchema = wholeNumber(1, 5);
export const languageSchema = z.enum(LANGUAGES);

export const contentFieldCodes = {
  type: { missing: Code.contentNotFound, invalid: Code.contentNotFound },
  id: { missing: Code.contentNotFound, invalid: Code.contentNotFound },
  lang: { missing: Code.languageWrong, invalid: Code.languageWrong },
  key: { missing: Code.systemParamsFailed, invalid: Code.systemParamsFailed },
} as const satisfies FieldCodeMap;

export const langQuery = z.object({ lang: languageSchema.optional() });
export const listContentsParams = z.object({ type: contentTypeSchema });
export const contentIdParams = z.object({
  id: wholeNumber(1, 2 ** 31 - 1),
});

export const contentListItem = z.object({
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  type: z.number().int(),
});
export const contentList = z.array(contentListItem);
export const contentDetail = contentListItem.extend({ body: z.string(), updatedAt: z.string() });
export type ContentListItem = z.infer<typeof contentListItem>;
export type ContentDetail = z.infer<typeof contentDetail>;

export const paramKeyParams = z.object({ key: z.enum(PUBLIC_PARAM_KEYS) });
export const paramResult = z.object({ paramValue: z.string() });

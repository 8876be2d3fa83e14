import { z } from 'zod';
import { Code } from '../errors.ts';
import { STAFF_ROLES } from '../admin/schemas.ts';
import type { FieldCodeMap } from '../validate.ts';

/** A stored file's id: 128 random bits in lower-case hex (platform/files). */
export const fileIdSchema = z.string().regex(/^[0-9a-f]{32}$/);
export const fileParams = z.object({ id: fileIdSchema });

/** An id that is not one answers as a missing file does: 10101. */
export const filesFieldCodes = {
  id: { missing: Code.notFound, invalid: Code.notFound },
} satisfies FieldCodeMap;

/** Types a stored file is served as: every upload is re-encoded to one of them. */
export const STORED_MIMES = ['image/png', 'image/jpeg'] as const;

/**
 * One staff read of a person's file, from the audit log: what the person is shown under "who
 * viewed my documents" (KYC).
 */
export const fileView = z.object({
  fileId: fileIdSchema,
  kind: z.string(),
  staffUsername: z.string().nullable(),
  staffRole: z.enum(STAFF_ROLES).nullable(),
  at: z.string(),
});
export type FileView = z.infer<typeof fileView>;

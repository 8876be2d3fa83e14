import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { authFieldCodes } from '../../contract/auth/schemas.ts';
import { validate, type FieldCodeMap } from '../../contract/validate.ts';
import { ApiError } from '../api/client.ts';
import { errorMessage } from '../i18n/error-message.ts';

function fieldOf(err: unknown): string | undefined {
  return err instanceof ApiError ? (err.detail?.field ?? undefined) : undefined;
}

/**
 * One error line per form. Validates with the contract's schema before sending, so the
 * person sees the same catalogue message the server would give, without a round trip.
 */
export function useFormError() {
  const { t } = useTranslation();
  const [error, setError] = useState<{ message: string; field: string | undefined } | null>(null);
  const [busy, setBusy] = useState(false);
  return {
    error,
    /** True while `submit` waits for the server: the submit button is disabled meanwhile. */
    busy,
    /** Runs one call of the form, showing its refusal as the form's error. */
    async submit(send: () => Promise<void>): Promise<void> {
      setBusy(true);
      try {
        await send();
      } catch (err) {
        setError({ message: errorMessage(t, err), field: fieldOf(err) });
      } finally {
        setBusy(false);
      }
    },
    clear: () => setError(null),
    /** The message for one field, when the error is about it. */
    fieldError: (field: string) => (error?.field === field ? error.message : undefined),
    fail(err: unknown) {
      setError({ message: errorMessage(t, err), field: fieldOf(err) });
    },
    /** A message that is not a catalogue code (the wallet's own refusals). */
    failMessage(message: string) {
      setError({ message, field: undefined });
    },
    failCode(code: number, field?: string) {
      setError({ message: t(`errors:${code}`), field });
    },
    check<S extends z.ZodType>(
      schema: S,
      input: unknown,
      fields: FieldCodeMap = authFieldCodes,
    ): z.output<S> | null {
      const v = validate(schema, fields, input);
      if (v.ok) return v.data;
      setError({ message: t(`errors:${v.code}`), field: v.field });
      return null;
    },
  };
}

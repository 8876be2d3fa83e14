import type { CodeValue } from '../../contract/errors.ts';
import type { ErrorDetail } from '../../contract/envelope.ts';

/**
 * A refusal with a catalogue code. Application refusals answer HTTP 200 (SPEC §7: the code
 * carries the meaning); transport-level ones (401, 404, 413, 429) also set the HTTP status.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: CodeValue,
    readonly detail: ErrorDetail = null,
    readonly statusCode = 200,
  ) {
    super(`code ${code}`);
  }
}

import type { FastifyRequest } from 'fastify';
import { Code } from '../../../../contract/errors.ts';
import { AppError } from '../../errors.ts';
import type { FileKind } from './kinds.ts';

function tooLarge(): AppError {
  return new AppError(Code.imageTooLarge, null, 413);
}

/** The multipart plugin's own errors, by their codes (@fastify/multipart). */
function refusalOf(err: unknown, kind: FileKind): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError(Code.badRequest, null, 400);
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(Code.badRequest, null, 400);
  }
  // A form cut short or malformed (busboy: "Unexpected end of form", "Malformed part header").
  if (err instanceof Error && /form|part|boundary/i.test(err.message)) {
    return new AppError(kind.missingCode);
  }
  throw err;
}

/**
 * The bytes of the request's one file part, streamed: at most `kind.bytesMax` are kept, and a
 * larger file is refused (10125, HTTP 413) once the limit is passed, never read whole. The
 * type the client declared and the file's name are ignored: the content decides (clean-image).
 */
export async function readFilePart(request: FastifyRequest, kind: FileKind): Promise<Buffer> {
  try {
    const part = await request.file({ limits: { fileSize: kind.bytesMax } });
    if (part === undefined) throw new AppError(kind.missingCode);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of part.file as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > kind.bytesMax) throw tooLarge();
      chunks.push(chunk);
    }
    if (part.file.truncated) throw tooLarge();
    const bytes = Buffer.concat(chunks, size);
    if (bytes.length === 0) throw new AppError(kind.missingCode);
    return bytes;
  } catch (err) {
    throw refusalOf(err, kind);
  }
}

/**
 * The one way a capability takes an upload: the handler of a `session` route that declares
 * `upload: true` in the contract, registered with `Registrar.stream`. The multipart body's file
 * part is streamed with `kind`'s size limit (a larger file: 10125, HTTP 413, nothing kept), then
 * handed to `store`, which keeps it with `Files.store` (checked by content, re-encoded,
 * encrypted) and answers with the new id:
 *
 *   r.stream(routes.uploadProof, takeUpload(depositProofKind, (bytes, ctx) => ...));
 */
export function takeUpload<Ctx extends { session: { userId: number } }, Result>(
  kind: FileKind,
  store: (upload: Buffer, ctx: Ctx) => Promise<Result>,
): (input: unknown, ctx: Ctx, request: FastifyRequest) => Promise<Result> {
  return async (_input, ctx, request) => store(await readFilePart(request, kind), ctx);
}

import { routes } from '../../../../contract/routes.ts';
import type { Files } from '../../platform/files/files.ts';
import { fileAnswer } from '../../platform/files/serve.ts';
import type { Registrar } from '../register-route.ts';

/**
 * The files kernel's own calls: a person's own file, and any file for staff whose role its
 * kind names (audited). Both answer 10101 (HTTP 404) for everything else, an id that does not
 * exist included, so an answer never tells that an id exists.
 */
export function filesRoutes(r: Registrar, files: Files): void {
  r.file(routes.getFile, async ({ params }, ctx) =>
    fileAnswer(await files.read(params.id, { userId: ctx.session.userId })),
  );
  r.file(routes.getStaffFile, async ({ params }, ctx) =>
    fileAnswer(await files.read(params.id, { staff: ctx.staff })),
  );
}

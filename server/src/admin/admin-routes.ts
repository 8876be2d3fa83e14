import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { AdminServices } from './services.ts';

/**
 * The back office's own calls (/swx/admin): staff sign-in, staff accounts and the audit log.
 * Each capability registers its own back-office screens' calls (funds, content).
 */
export function adminRoutes(r: Registrar, s: AdminServices, authRateLimit: number): void {
  r.route(routes.staffLogin, async ({ body }, ctx) => s.staff.login(body, ctx.ip), {
    config: { rateLimit: { max: authRateLimit, timeWindow: '1 minute' } },
  });
  r.route(routes.staffLogout, async (_input, ctx) => {
    await s.staff.logout(ctx.staff, ctx.token ?? '');
    return null;
  });
  r.route(routes.staffMe, async (_input, ctx) => ctx.staff);
  r.route(routes.listAudit, async ({ query }) => s.audit.list(query.page, query.size));
  r.route(routes.createStaff, async ({ body }, ctx) => s.staff.create(ctx.staff, body));
  r.file(routes.exportAudit, async () => ({
    type: 'text/csv; charset=utf-8',
    body: await s.audit.csv(),
    filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
  }));
}

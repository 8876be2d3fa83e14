import { routes } from '../../../contract/routes.ts';
import type { Registrar } from '../http/register-route.ts';
import type { CannedAnswers } from './canned.ts';
import type { SupportDesk } from './desk.ts';
import { monthFigures } from './figures.ts';
import type { SupportSidebar } from './sidebar.ts';
import type { StaffChats } from './staff-chats.ts';
import type { Database } from '../platform/db/database.ts';

export interface SupportStaffServices {
  db: Database;
  desk: SupportDesk;
  staffChats: StaffChats;
  sidebar: SupportSidebar;
  canned: CannedAnswers;
}

/** The support console's calls (support and admin roles; canned answers kept by admins). */
export function supportAdminRoutes(r: Registrar, s: SupportStaffServices): void {
  const ok = { ok: true as const };
  r.route(routes.adminSupportList, ({ query }, ctx) => s.staffChats.list(ctx.staff, query));
  r.route(routes.adminSupportGet, ({ params }) => s.staffChats.get(params.id));
  r.route(routes.adminSupportSidebar, ({ params, query }, ctx) =>
    s.sidebar.of(ctx.staff, params.id, query.unmask === '1'),
  );
  r.route(routes.adminSupportReply, ({ body }, ctx) => s.staffChats.reply(ctx.staff, body));
  r.route(routes.adminSupportTyping, async ({ body }) => {
    await s.staffChats.typing(body.conversationId);
    return ok;
  });
  r.route(routes.adminSupportRead, async ({ body }) => {
    await s.staffChats.read(body.conversationId, body.messageId);
    return ok;
  });
  r.route(routes.adminSupportTransfer, async ({ body }, ctx) => {
    await s.desk.transfer(ctx.staff, body);
    return s.staffChats.get(body.conversationId);
  });
  r.route(routes.adminSupportResolve, async ({ body }, ctx) => {
    await s.desk.resolve(ctx.staff, body.conversationId);
    return s.staffChats.get(body.conversationId);
  });
  r.route(routes.adminSupportAgents, (_input, ctx) => agentsView(s.desk, ctx.staff.id));
  r.route(routes.adminSupportAgent, async ({ body }, ctx) => {
    await s.desk.setAgent(ctx.staff, body);
    return agentsView(s.desk, ctx.staff.id);
  });
  r.route(routes.adminSupportCanned, () => s.canned.list());
  r.route(routes.adminSupportSaveCanned, ({ body }, ctx) => s.canned.save(ctx.staff, body));
  r.route(routes.adminSupportDeleteCanned, ({ body }, ctx) => s.canned.remove(ctx.staff, body));
  r.route(routes.adminSupportFigures, ({ query }) => monthFigures(s.db, query.month));
}

async function agentsView(desk: SupportDesk, staffId: number) {
  const { me, all } = await desk.agents(staffId);
  const view = (a: typeof me) => ({
    staffId: a.staff_id,
    name: a.name,
    displayName: a.shown,
    online: a.online,
    capacity: a.capacity,
    open: a.open,
  });
  return { me: view(me), all: all.map(view) };
}

import type { AuditLog } from '../audit/audit-log.ts';
import type { Capability } from '../http/capability.ts';
import type { Channels } from '../platform/bus/channels.ts';
import type { Database } from '../platform/db/database.ts';
import type { Files } from '../platform/files/files.ts';
import type { Notices } from '../platform/notifications/notices.ts';
import { supportAdminRoutes } from './admin-routes.ts';
import { CannedAnswers } from './canned.ts';
import { SupportChats, type SupportParams } from './chats.ts';
import { SupportClaims } from './claims.ts';
import { SupportDesk } from './desk.ts';
import { SupportLive } from './live.ts';
import { supportRoutes } from './routes.ts';
import { SupportSidebar, type PersonRecords } from './sidebar.ts';
import { StaffChats } from './staff-chats.ts';
import { SupportVisitors, type VisitorCodes } from './visitors.ts';

export interface SupportNeeds {
  db: Database;
  audit: AuditLog;
  files: Files;
  notices: Notices;
  channels: Channels;
  params: SupportParams & { visitorDays(): Promise<number> };
  /** A visitor's one-time codes (auth's, purpose `support`). */
  codes: VisitorCodes;
  /** The sidebar's reads of the person's records (kyc, funds, trading). */
  records: PersonRecords;
  authRateLimit: number;
}

export type SupportModule = Capability & {
  desk: SupportDesk;
  chats: SupportChats;
  staffChats: StaffChats;
};

/** Live support (docs/support.md): chats, the desk that assigns them, the console's tools. */
export function supportModule(needs: SupportNeeds): SupportModule {
  const { db, audit, files, notices, channels, params } = needs;
  const live = new SupportLive(channels);
  const desk = new SupportDesk(db, audit, live);
  const chats = new SupportChats(db, desk, live, params);
  const staffChats = new StaffChats(db, desk, live, notices);
  const visitors = new SupportVisitors(db, needs.codes, () => params.visitorDays());
  const claims = new SupportClaims(desk, visitors, live);
  const sidebar = new SupportSidebar(db, audit, needs.records);
  const canned = new CannedAnswers(db, audit);
  return {
    name: 'support',
    desk,
    chats,
    staffChats,
    routes: (r) => {
      supportRoutes(r, { chats, visitors, claims, files }, needs.authRateLimit);
      supportAdminRoutes(r, { db, desk, staffChats, sidebar, canned });
    },
    topics: live.topics(),
  };
}

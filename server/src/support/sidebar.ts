import type { Staff } from '../../../contract/admin/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import { SUPPORT_LIMITS, type Sidebar } from '../../../contract/support/schemas.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { AppError } from '../errors.ts';
import type { Database } from '../platform/db/database.ts';
import { maskName } from '../platform/mask.ts';
import { conversationRow } from './rows.ts';

export interface SidebarRow {
  label: string;
  status: string;
  amount: string;
  at: string;
}

/** What the sidebar reads of other capabilities (server.ts hands their services in). */
export interface PersonRecords {
  kycStatus(userId: number): Promise<string>;
  deposits(userId: number, rows: number): Promise<SidebarRow[]>;
  withdrawals(userId: number, rows: number): Promise<SidebarRow[]>;
  orders(userId: number, rows: number): Promise<SidebarRow[]>;
  positions(userId: number, rows: number): Promise<SidebarRow[]>;
}

const HIDDEN = '•••';

/** An address or a number, masked: its first two and last two characters. */
function maskContact(value: string): string {
  const chars = [...value];
  if (chars.length <= 4) return HIDDEN;
  return `${chars.slice(0, 2).join('')}${HIDDEN}${chars.slice(-2).join('')}`;
}

/**
 * The person beside the conversation: KYC status, recent deposits, withdrawals, orders and open
 * positions. Names, contacts and amounts are masked; unmasking is written to the audit log.
 */
export class SupportSidebar {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
    private readonly records: PersonRecords,
  ) {}

  async of(staff: Staff, conversationId: number, unmask: boolean): Promise<Sidebar> {
    const c = await conversationRow(this.db, conversationId);
    if (c === undefined) throw new AppError(Code.notFound);
    if (unmask) {
      await this.audit.append(this.db, staff, {
        action: 'support.unmask',
        target: c.user_id !== null ? `user:${c.user_id}` : `support-visitor:${c.visitor_id}`,
        after: { conversationId },
      });
    }
    if (c.user_id === null) {
      const [v] = await this.db.query<{ email: string }>(
        'select email from support_visitors where id = $1',
        [c.visitor_id],
      );
      const email = v?.email ?? '';
      return { masked: !unmask, person: null, visitorContact: unmask ? email : maskContact(email) };
    }
    return { masked: !unmask, person: await this.person(c.user_id, unmask), visitorContact: null };
  }

  private async person(userId: number, unmask: boolean): Promise<Sidebar['person']> {
    const [u] = await this.db.query<{
      username: string;
      email: string | null;
      phone: string | null;
    }>('select username, email, phone from users where id = $1', [userId]);
    const n = SUPPORT_LIMITS.sidebarRows;
    const [kyc, deposits, withdrawals, orders, positions] = await Promise.all([
      this.records.kycStatus(userId),
      this.records.deposits(userId, n),
      this.records.withdrawals(userId, n),
      this.records.orders(userId, n),
      this.records.positions(userId, n),
    ]);
    const hide = (rows: SidebarRow[]) =>
      unmask ? rows : rows.map((r) => ({ ...r, amount: HIDDEN }));
    const contact = u?.email ?? u?.phone ?? '';
    return {
      name: unmask ? (u?.username ?? '') : maskName(u?.username ?? ''),
      contact: unmask ? contact : maskContact(contact),
      kyc,
      deposits: hide(deposits),
      withdrawals: hide(withdrawals),
      orders: hide(orders),
      positions: hide(positions),
    };
  }
}

import type { Staff } from '../../../contract/admin/schemas.ts';
import { Code } from '../../../contract/errors.ts';
import type { AuditLog } from '../audit/audit-log.ts';
import { AppError } from '../errors.ts';
import type { Database, Tx } from '../platform/db/database.ts';
import { LockSpace, lockPerson } from '../platform/db/advisory-locks.ts';
import { withRetries, type RetryStats } from '../platform/db/retry.ts';
import { assign, ASSIGN_MAX, type AgentLoad } from './assignment.ts';
import type { SupportLive } from './live.ts';
import { conversationRow, insertMessage, messageFrame, type ConversationRow } from './rows.ts';

interface AgentRow {
  staff_id: number;
  /** The staff username, for staff's own lists. */
  name: string;
  /** What people see (null: none set). */
  shown: string | null;
  online: boolean;
  capacity: number;
  open: number;
}

const AGENTS = `select s.id::int as staff_id, s.username as name, a.display_name as shown,
    coalesce(a.online, false) as online, coalesce(a.capacity, 3)::int as capacity,
    (select count(*)::int from support_conversations c
      where c.agent_id = s.id and c.status = 'open') as open
  from staff s left join support_agents a on a.staff_id = s.id
  where s.status = 'active' and s.role in ('admin', 'support')`;

/**
 * The support desk (docs/support.md): agents' state, and who has which conversation. Every
 * change of assignment takes the desk's lock first, then the conversations' rows, so the
 * capacity read is the capacity written.
 */
export class SupportDesk {
  readonly retries: RetryStats = { retried: 0, exhausted: 0 };

  constructor(
    private readonly db: Database,
    private readonly audit: AuditLog,
    private readonly live: SupportLive,
  ) {}

  atomically<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return withRetries(() => this.db.transaction(fn), this.retries);
  }

  async agents(staffId: number): Promise<{ me: AgentRow; all: AgentRow[] }> {
    const all = await this.db.query<AgentRow>(`${AGENTS} order by s.username`);
    const me = all.find((a) => a.staff_id === staffId);
    if (me === undefined) throw new AppError(Code.staffForbidden);
    return { me, all };
  }

  /** An agent goes online or away, or changes their capacity; the queue moves at once. */
  async setAgent(
    staff: Staff,
    state: { online: boolean; capacity: number; displayName?: string | undefined },
  ): Promise<void> {
    await this.atomically(async (tx) => {
      await lockPerson(tx, LockSpace.supportDesk, 0);
      // A name left out keeps the one set before.
      await tx.query(
        `insert into support_agents (staff_id, online, capacity, display_name)
         values ($1, $2, $3, $4)
         on conflict (staff_id) do update set online = $2, capacity = $3,
           display_name = coalesce($4, support_agents.display_name), updated_at = now()`,
        [staff.id, state.online, state.capacity, state.displayName ?? null],
      );
      await this.rebalance(tx, true);
    });
  }

  /**
   * Gives waiting conversations, oldest first, to the online agents with the most room
   * (assignment.ts). `locked`: the caller already holds the desk's lock.
   */
  async rebalance(tx: Tx, locked = false): Promise<void> {
    if (!locked) await lockPerson(tx, LockSpace.supportDesk, 0);
    const agents = await tx.query<AgentRow>(AGENTS);
    const waiting = await tx.query<{ id: number }>(
      `select id::int from support_conversations where status in ('waiting', 'ticket')
        order by created_at, id limit $1`,
      [ASSIGN_MAX],
    );
    const loads: AgentLoad[] = agents.map((a) => ({ staffId: a.staff_id, ...a }));
    for (const { conversationId, staffId } of assign(
      loads,
      waiting.map((w) => w.id),
    )) {
      const shown = agents.find((a) => a.staff_id === staffId)?.shown ?? '';
      await this.handTo(tx, conversationId, staffId, shown, 'assigned');
    }
  }

  /** Hands a conversation to an agent and says so in it, on both sides. */
  private async handTo(
    tx: Tx,
    id: number,
    staffId: number,
    /** The agent's display name, or '' (the app reads "Support"). */
    shown: string,
    event: 'assigned' | 'transferred',
  ): Promise<ConversationRow> {
    await tx.query(
      `update support_conversations
          set status = 'open', agent_id = $2, assigned_at = coalesce(assigned_at, now())
        where id = $1`,
      [id, staffId],
    );
    const row = await conversationRow(tx, id);
    if (row === undefined) throw new AppError(Code.notFound);
    const message = await insertMessage(tx, id, { author: 'system', body: shown, event });
    this.live.toBoth(tx, row, messageFrame(id, message));
    this.live.toBoth(tx, row, { conversationId: id, kind: 'status', status: 'open' });
    this.live.queueChanged(tx, id);
    return row;
  }

  /** Hands an open or waiting conversation to another online agent with room (audited). */
  async transfer(staff: Staff, body: { conversationId: number; staffId: number; reason: string }) {
    await this.atomically(async (tx) => {
      await lockPerson(tx, LockSpace.supportDesk, 0);
      const row = await conversationRow(tx, body.conversationId, true);
      if (row === undefined) throw new AppError(Code.notFound);
      if (row.status === 'resolved') throw new AppError(Code.supportClosed);
      const [target] = await tx.query<AgentRow>(`${AGENTS} and s.id = $1`, [body.staffId]);
      if (
        target === undefined ||
        !target.online ||
        target.open >= target.capacity ||
        row.agent_id === target.staff_id
      ) {
        throw new AppError(Code.supportAgentUnavailable);
      }
      await this.handTo(tx, row.id, target.staff_id, target.shown ?? '', 'transferred');
      await this.audit.append(tx, staff, {
        action: 'support.transfer',
        target: `support:${row.id}`,
        before: { agentId: row.agent_id },
        after: { agentId: target.staff_id },
        reason: body.reason,
      });
      // The agent it left has room for the next one.
      await this.rebalance(tx, true);
    });
  }

  /** Resolves a conversation: the person may rate it, and the agent takes the next. */
  async resolve(staff: Staff, conversationId: number): Promise<void> {
    await this.atomically(async (tx) => {
      await lockPerson(tx, LockSpace.supportDesk, 0);
      const row = await conversationRow(tx, conversationId, true);
      if (row === undefined) throw new AppError(Code.notFound);
      if (row.status === 'resolved') throw new AppError(Code.supportClosed);
      await tx.query(
        "update support_conversations set status = 'resolved', resolved_at = now() where id = $1",
        [conversationId],
      );
      const message = await insertMessage(tx, conversationId, {
        author: 'system',
        body: '',
        event: 'resolved',
      });
      this.live.toBoth(tx, row, messageFrame(conversationId, message));
      this.live.toBoth(tx, row, { conversationId, kind: 'status', status: 'resolved' });
      this.live.queueChanged(tx, conversationId);
      await this.rebalance(tx, true);
    });
  }
}

import type { SupportFrame } from '../../../contract/support/frames.ts';
import type { Channels } from '../platform/bus/channels.ts';
import { onCommit, type Tx } from '../platform/db/database.ts';
import { liveTopic, type LiveTopic } from '../platform/live/topic.ts';
import type { ConversationRow } from './rows.ts';

/**
 * Staff's key for the queues' changes (new, assigned, resolved: the console refetches them) and
 * for every message that is not a note (the console's rows show it at once).
 */
export const QUEUE_KEY = 'queue';
const CONVERSATION_KEY = /^[1-9][0-9]{0,15}$/;
const CHANNEL_KEY = /^[0-9a-f]{32}$/;

/**
 * Sends a conversation's changes to its two sides once the transaction commits: the person's
 * sockets (or the visitor's channel) and the staff following it. Staff notes go to staff only.
 */
export class SupportLive {
  constructor(private readonly channels: Channels) {}

  toBoth(tx: Tx, c: ConversationRow, frame: SupportFrame): void {
    this.toPerson(tx, c, frame);
    this.toStaff(tx, c.id, frame);
  }

  toPerson(tx: Tx, c: ConversationRow, frame: SupportFrame): void {
    if (frame.message?.internal === true) return;
    const to =
      c.user_id !== null
        ? { to: 'person' as const, key: String(c.user_id) }
        : { to: 'visitor' as const, key: c.channel ?? '' };
    onCommit(tx, () => this.channels.publish('support.live', { ...to, frame }));
  }

  /**
   * To the staff following the conversation; a message that is not a note also goes to every
   * console's queues, whose rows show the last message and the unread count.
   */
  toStaff(tx: Tx, conversationId: number, frame: SupportFrame): void {
    const listed = frame.kind === 'message' && frame.message?.internal === false;
    onCommit(tx, () => {
      this.channels.publish('support.live', { to: 'staff', key: String(conversationId), frame });
      if (listed) this.channels.publish('support.live', { to: 'staff', key: QUEUE_KEY, frame });
    });
  }

  /** Tells every console a queue changed. */
  queueChanged(tx: Tx, conversationId: number): void {
    onCommit(tx, () =>
      this.channels.publish('support.live', {
        to: 'staff',
        key: QUEUE_KEY,
        frame: { conversationId, kind: 'queue' },
      }),
    );
  }

  /** A frame with nothing stored (typing): at once. */
  now(to: 'person' | 'visitor' | 'staff', key: string, frame: SupportFrame): void {
    this.channels.publish('support.live', { to, key, frame });
  }

  /** The three topics: the person's own, a visitor's channel, and staff's per conversation. */
  topics(): LiveTopic[] {
    const from =
      (to: 'person' | 'visitor' | 'staff') => (emit: (k: string, d: SupportFrame) => void) =>
        this.channels.subscribe('support.live', (d) => {
          if (d.to === to) emit(d.key, d.frame);
        });
    return [
      liveTopic<SupportFrame>({
        name: 'support.chat',
        audience: 'person',
        pending: { kind: 'now' },
        accepts: () => false,
        source: from('person'),
      }),
      // A visitor has no session: the channel's key is a secret only its chat knows.
      liveTopic<SupportFrame>({
        name: 'support.visitor',
        audience: 'public',
        pending: { kind: 'now' },
        accepts: (key) => CHANNEL_KEY.test(key),
        source: from('visitor'),
      }),
      liveTopic<SupportFrame>({
        name: 'support.staff',
        audience: 'staff',
        staffRoles: ['admin', 'support'],
        pending: { kind: 'now' },
        accepts: (key) => key === QUEUE_KEY || CONVERSATION_KEY.test(key),
        source: from('staff'),
      }),
    ];
  }
}

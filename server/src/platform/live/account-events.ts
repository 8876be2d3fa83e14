import type { UserEvent } from '../../../../contract/user-channel.ts';
import type { Channels } from '../bus/channels.ts';
import { liveTopic } from './topic.ts';

/**
 * `account.events`: a person's own nudges (an order, a position, a notification changed), which
 * any capability publishes on the bus's `user.events`; each reaches that person's sockets on
 * every node, at once.
 */
export function accountEventsTopic(channels: Channels) {
  return liveTopic<UserEvent>({
    name: 'account.events',
    audience: 'person',
    pending: { kind: 'now' },
    accepts: () => false,
    source: (emit) =>
      channels.subscribe('user.events', ({ userId, event }) => emit(String(userId), event)),
  });
}

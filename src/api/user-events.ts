import type { UserEvent } from '../../contract/user-channel.ts';

type Listener = (event: UserEvent) => void;
const listeners = new Set<Listener>();

/**
 * The signed-in person's nudges from the user channel (contract/user-channel.ts): each names
 * what changed, and the screen refetches it through the API. Apart from the feed's module, so
 * a screen can listen without loading the feed's code.
 */
export function onUserEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Called by the live feed (price-feed.ts) with each user frame. */
export function emitUserEvent(event: UserEvent): void {
  for (const l of listeners) l(event);
}

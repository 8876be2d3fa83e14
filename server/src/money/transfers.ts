import { assert } from '../assert.ts';

/**
 * What a ledger movement is (the `kind` on each transfer, which the transaction record names).
 * Each capability declares its own kinds by augmenting this interface in its `transfers.ts`,
 * beside the idempotency keys of the movements it makes, so `Leg.kind` is typed by what the
 * capabilities declare and no list of them lives here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface TransferKinds {}
export type TransferKind = keyof TransferKinds & string;

/**
 * A capability's movements: the key prefixes its builders use (a key's text up to its first
 * colon), and its kinds. One builder per cause, so two causes never produce the same key and
 * a retried cause always produces its own again.
 */
export interface TransferSet {
  readonly owner: string;
  readonly prefixes: readonly string[];
  readonly kinds: readonly TransferKind[];
}

/** At start: no two capabilities share a key prefix or a kind (a key of one is never another's). */
export function assertDisjointTransfers(sets: readonly TransferSet[]): void {
  const prefixes = new Map<string, string>();
  const kinds = new Map<string, string>();
  for (const set of sets) {
    for (const p of set.prefixes) {
      assert(/^[a-z][a-z-]*$/.test(p), `${set.owner}: key prefix ${p}`);
      const other = prefixes.get(p);
      assert(other === undefined, () => `key prefix ${p} of ${set.owner} is ${other}'s too`);
      prefixes.set(p, set.owner);
    }
    for (const k of set.kinds) {
      const other = kinds.get(k);
      assert(other === undefined, () => `transfer kind ${k} of ${set.owner} is ${other}'s too`);
      kinds.set(k, set.owner);
    }
  }
}

/** The prefix of a key: what `TransferSet.prefixes` names. */
export function prefixOf(key: string): string {
  return key.split(':', 1)[0] ?? '';
}

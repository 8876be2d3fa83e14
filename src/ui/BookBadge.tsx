import type { Book } from '../../contract/envelope.ts';
import { preferences } from '../state/preferences.ts';
import { useStore } from '../state/store.ts';

/** The ledger book (demo or real) every figure beside it belongs to, named in the caller's words. */
export function BookBadge({ testId, label }: { testId: string; label: (book: Book) => string }) {
  const { book } = useStore(preferences);
  return (
    <span className={`badge badge-${book}`} data-testid={testId} data-book={book}>
      {label(book)}
    </span>
  );
}

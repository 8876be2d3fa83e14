import { useSearchParams } from 'react-router-dom';

/**
 * A review queue's status filter and page, in the address so a reload or a shared link keeps
 * them; the first status (pending) and page 1 are left out of it.
 */
export function useQueueFilter<F extends string>(filters: readonly [F, ...F[]]) {
  const [params, setParams] = useSearchParams();
  const first = filters[0];
  const status: F = filters.find((f) => f === params.get('status')) ?? first;
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const set = (next: { status?: F; page?: number }) => {
    const q = new URLSearchParams();
    const s = next.status ?? status;
    if (s !== first) q.set('status', s);
    if ((next.page ?? 1) > 1) q.set('page', String(next.page));
    setParams(q);
  };
  return { status, page, set };
}

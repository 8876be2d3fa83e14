/**
 * Previous / next with "page x of y", in the caller's words and spacing (`className`); hidden
 * when everything fits on one page and the reader is on it.
 */
export function Pager({
  page,
  size,
  total,
  onPage,
  className,
  labels,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
  className: string;
  labels: { label: string; previous: string; next: string; status: (pages: number) => string };
}) {
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav className={className} aria-label={labels.label}>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        data-testid="pager-prev"
      >
        {labels.previous}
      </button>
      <span className="muted" data-testid="pager-status">
        {labels.status(pages)}
      </span>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
        data-testid="pager-next"
      >
        {labels.next}
      </button>
    </nav>
  );
}

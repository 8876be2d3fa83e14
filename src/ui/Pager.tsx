import { useTranslation } from 'react-i18next';

/** Previous / next over a paged list of `total` items. */
export function Pager({
  page,
  size,
  total,
  onPage,
}: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('funds');
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages === 1) return null;
  return (
    <div className="pager">
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('pager.previous')}
      </button>
      <span className="muted">{t('pager.page', { page, pages })}</span>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('pager.next')}
      </button>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { feedStatus } from '../../api/feed-status.ts';
import { useStore } from '../../state/store.ts';

/** Live / reconnecting state of the price feed, and whether the prices are simulated. */
export function FeedStatusBadge({ simulated }: { simulated: boolean }) {
  const { t } = useTranslation('market');
  const { status } = useStore(feedStatus);
  return (
    <div className="feed-status" data-testid="feed-status" data-status={status}>
      <span className={`feed-dot feed-dot-${status}`} aria-hidden="true" />
      <span>{t(`feed.${status}`)}</span>
      {simulated && (
        <span
          className="badge badge-demo"
          data-testid="simulated-badge"
          title={t('feed.simulatedNote')}
        >
          {t('feed.simulated')}
        </span>
      )}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useCoinBalance } from '../../api/balances.ts';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Figure } from '../../ui/Figure.tsx';

/** The person's real USDT: what they can bid with, and what their bids hold, apart. */
export function HeldLine() {
  const { t } = useTranslation('nfts');
  const { book } = useStore(preferences);
  const usdt = useCoinBalance('USDT');
  if (book !== 'real' || usdt === undefined) return null;
  return (
    <dl className="nft-facts nft-held" data-testid="nft-balance">
      <Figure label={t('available')} value={usdt.available} testId="nft-available">
        <Amount value={usdt.available} asset="USDT" />
      </Figure>
      <Figure label={t('held')} value={usdt.frozen} testId="nft-held">
        <Amount value={usdt.frozen} asset="USDT" />
      </Figure>
    </dl>
  );
}

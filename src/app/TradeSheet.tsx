import { useTranslation } from 'react-i18next';
import { Icon } from '../ui/Icon.tsx';
import { Sheet } from '../ui/Sheet.tsx';
import { NavEntry } from './NavEntry.tsx';
import { TRADE_ENTRIES } from './navigation.ts';

/** The phone's Trade tab's sheet: contracts, options and spot (decisions.md 76). */
export default function TradeSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Sheet open={open} title={t('nav.trade')} onClose={onClose} testId="trade-entries">
      <nav className="trade-sheet" aria-label={t('nav.trade')}>
        {TRADE_ENTRIES.map((item) => (
          <NavEntry key={item.to} item={item} className="trade-sheet-item">
            <Icon name={item.icon} />
            <span>{t(item.label)}</span>
          </NavEntry>
        ))}
      </nav>
    </Sheet>
  );
}

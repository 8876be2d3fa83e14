import { useTranslation } from 'react-i18next';
import type { Deposit } from '../../../contract/funds.ts';

/** Where a deposit's on-chain check stands, in words (nothing for proof-reviewed deposits). */
export function ChainCheckNote({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation('funds');
  const d = deposit;
  if (d.chainCheck === 'none') return null;
  let text: string;
  if (d.chainCheck === 'confirming') {
    text = t('chainCheck.confirming', {
      n: d.confirmations ?? 0,
      m: d.confirmationsRequired ?? 0,
    });
  } else if (d.chainCheck === 'verified') {
    text = t('chainCheck.verified');
  } else {
    const reason = t(`errors:${d.checkCode ?? ''}`, { name: d.asset, amount: d.chainAmount ?? '' });
    text = t('chainCheck.review', { reason });
  }
  return (
    <p className="chain-check muted" data-testid="chain-check" data-check={d.chainCheck}>
      {text}
    </p>
  );
}

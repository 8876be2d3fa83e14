import { useTranslation } from 'react-i18next';
import { Code } from '../../../contract/errors.ts';
import type { Deposit } from '../../../contract/funds/schemas.ts';

/** Where a deposit's on-chain check stands, in words (nothing for proof-reviewed deposits). */
export function ChainCheckNote({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation('funds');
  const d = deposit;
  // Staff may decide before the chain has confirmed: then the wait no longer matters.
  if (d.chainCheck === 'none' || (d.chainCheck === 'confirming' && d.status !== 'pending')) {
    return null;
  }
  let text: string;
  if (d.chainCheck === 'confirming') {
    text = t('chainCheck.confirming', {
      n: d.confirmations ?? 0,
      m: d.confirmationsRequired ?? 0,
    });
  } else if (d.chainCheck === 'verified') {
    text = t('chainCheck.verified');
  } else if (d.checkCode === Code.belowMinimumDeposit) {
    text = t('chainCheck.belowMinimum');
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

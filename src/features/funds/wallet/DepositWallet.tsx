import { useMemo } from 'react';
import { WalletConnection } from '../../../wallet/WalletConnection.tsx';
import { DepositWalletSteps, type ChainOption, type Prefill } from './DepositWalletSteps.tsx';

/**
 * Paying a deposit from a wallet, or finding a payment already made. Loaded on the tap that asks
 * for it ("Use a wallet"), which is also the Connect tap: the deposit page carries no wallet code.
 */
export default function DepositWallet({
  option,
  amount,
  onPrefill,
}: {
  option: ChainOption;
  amount: string;
  onPrefill: (p: Prefill) => void;
}) {
  const chainIds = useMemo(() => [option.onChain.chainId], [option.onChain.chainId]);
  return (
    <WalletConnection chainIds={chainIds}>
      {(connectWithModal) => (
        <DepositWalletSteps
          option={option}
          amount={amount}
          onPrefill={onPrefill}
          connectWithModal={connectWithModal}
        />
      )}
    </WalletConnection>
  );
}

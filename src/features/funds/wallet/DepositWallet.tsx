import { lazy, Suspense, useMemo } from 'react';
import { WagmiProvider } from 'wagmi';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { detectFromWindow } from '../../../wallet/in-app-browser.ts';
import { OpenInWallet } from '../../../wallet/OpenInWallet.tsx';
import { walletConfig } from '../../../wallet/wagmi-config.ts';
import { DepositWalletSteps, type ChainOption, type Prefill } from './DepositWalletSteps.tsx';

const RainbowWallet = lazy(() => import('../../../wallet/RainbowWallet.tsx'));

/**
 * Paying a deposit from a wallet, or finding a payment already made. Loaded on the tap that asks
 * for it, so the deposit page itself carries no wallet code. Inside a wallet browser the injected
 * provider is used directly; elsewhere RainbowKit's modal picks an installed wallet.
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
  const detection = useMemo(() => detectFromWindow(window), []);
  const chainIds = useMemo(() => [option.onChain.chainId], [option.onChain.chainId]);
  const embeddedConfig = useMemo(
    () => (detection.embedded ? walletConfig(chainIds) : undefined),
    [detection.embedded, chainIds],
  );
  const steps = (connectWithModal?: () => void) => (
    <DepositWalletSteps
      option={option}
      amount={amount}
      onPrefill={onPrefill}
      connectWithModal={connectWithModal}
    />
  );
  if (embeddedConfig) {
    return (
      <WagmiProvider config={embeddedConfig} reconnectOnMount={false}>
        {steps()}
      </WagmiProvider>
    );
  }
  return (
    <>
      <Suspense fallback={<Spinner />}>
        <RainbowWallet chainIds={chainIds}>{(openModal) => steps(openModal)}</RainbowWallet>
      </Suspense>
      {detection.browser === null && <OpenInWallet />}
    </>
  );
}

import { Suspense, useMemo, type ReactNode } from 'react';
import { lazyPart } from '../lib/lazy.ts';
import { WagmiProvider } from 'wagmi';
import { Spinner } from '../ui/EmptyState.tsx';
import { detectFromWindow } from './in-app-browser.ts';
import { OpenInWallet } from './OpenInWallet.tsx';
import { walletConfig } from './wagmi-config.ts';

/** RainbowKit and its styles load on the first Connect outside a wallet browser, not before. */
const RainbowWallet = lazyPart(() => import('./RainbowWallet.tsx'));

/**
 * The wallet under a flow (sign-in, deposit). In a wallet's own browser the injected provider is
 * used directly; elsewhere RainbowKit's modal lists the installed wallets once `open`, and a
 * phone without one gets links that reopen this page in a wallet app. `children` receives the
 * modal's opener, or nothing inside a wallet browser.
 */
export function WalletConnection({
  chainIds,
  open = true,
  beforeOpen = null,
  children,
}: {
  chainIds: readonly number[];
  /** Outside a wallet browser: whether the Connect tap that loads RainbowKit has happened. */
  open?: boolean;
  /** Shown instead until then. */
  beforeOpen?: ReactNode;
  children: (connectWithModal?: () => void) => ReactNode;
}) {
  const detection = useMemo(() => detectFromWindow(window), []);
  const embeddedConfig = useMemo(
    () => (detection.embedded ? walletConfig(chainIds) : undefined),
    [detection.embedded, chainIds],
  );
  if (embeddedConfig) {
    return (
      <WagmiProvider config={embeddedConfig} reconnectOnMount={false}>
        {children()}
      </WagmiProvider>
    );
  }
  return (
    <>
      {open ? (
        <Suspense fallback={<Spinner />}>
          <RainbowWallet chainIds={chainIds}>{(openModal) => children(openModal)}</RainbowWallet>
        </Suspense>
      ) : (
        beforeOpen
      )}
      {detection.browser === null && <OpenInWallet />}
    </>
  );
}

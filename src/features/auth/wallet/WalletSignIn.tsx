import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WagmiProvider } from 'wagmi';
import type { IdentityLoginResult, SignInOptions } from '../../../../contract/sign-in.ts';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { detectFromWindow } from '../../../wallet/in-app-browser.ts';
import { OpenInWallet } from '../../../wallet/OpenInWallet.tsx';
import { walletConfig } from '../../../wallet/wagmi-config.ts';
import { WalletSteps } from './WalletSteps.tsx';

export type SignedIn = (result: IdentityLoginResult) => void;

/** RainbowKit and its styles load on the first Connect outside a wallet browser, not before. */
const RainbowWallet = lazy(() => import('../../../wallet/RainbowWallet.tsx'));

/**
 * Wallet sign-in. In a wallet's own browser the injected provider is used directly; elsewhere
 * RainbowKit's modal lists the installed wallets, and a phone without one gets links that reopen
 * this page in a wallet app.
 */
export default function WalletSignIn({
  options,
  onSignedIn,
}: {
  options: SignInOptions['wallet'];
  onSignedIn: SignedIn;
}) {
  const { t } = useTranslation('auth');
  const detection = useMemo(() => detectFromWindow(window), []);
  const [modal, setModal] = useState(false);
  const embeddedConfig = useMemo(
    () => (detection.embedded ? walletConfig(options.chainIds) : undefined),
    [detection.embedded, options.chainIds],
  );

  if (embeddedConfig) {
    return (
      <WagmiProvider config={embeddedConfig} reconnectOnMount={false}>
        <WalletSteps options={options} onSignedIn={onSignedIn} />
      </WagmiProvider>
    );
  }
  return (
    <>
      {modal ? (
        <Suspense fallback={<Spinner />}>
          <RainbowWallet chainIds={options.chainIds}>
            {(openModal) => (
              <WalletSteps options={options} onSignedIn={onSignedIn} connectWithModal={openModal} />
            )}
          </RainbowWallet>
        </Suspense>
      ) : (
        <button type="button" className="btn btn-primary btn-block" onClick={() => setModal(true)}>
          {t('wallet.connect')}
        </button>
      )}
      {detection.browser === null && <OpenInWallet />}
    </>
  );
}

import '@rainbow-me/rainbowkit/styles.css';
import {
  connectorsForWallets,
  RainbowKitProvider,
  useConnectModal,
  type Locale,
} from '@rainbow-me/rainbowkit';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccount, WagmiProvider } from 'wagmi';
import type { Language } from '../../contract/languages.ts';
import { installedWallets } from './installed-wallets.ts';
import { walletConfig } from './wagmi-config.ts';

/** RainbowKit's own translations; it has no Italian, so Italian readers get its English. */
const RAINBOW_LOCALES: Record<Language, Locale> = {
  en: 'en-US',
  ja: 'ja-JP',
  ko: 'ko-KR',
  de: 'de-DE',
  fr: 'fr-FR',
  it: 'en-US',
  es: 'es-419',
  ar: 'ar-AR',
  hk: 'zh-HK',
  zh: 'zh-CN',
};

/**
 * Only the installed wallets (EIP-6963 announcements, else the injected provider). No
 * WalletConnect: it needs a relay this installation does not configure, and a QR code is a
 * detour for someone whose wallet is already in the browser.
 */
function rainbowConnectors(browserWalletName: string) {
  return connectorsForWallets(installedWallets(browserWalletName), {
    appName: 'Kestrel Markets',
    projectId: 'kestrel-no-walletconnect',
  });
}

/** Opens the modal once, for the Connect tap that loaded this module. */
function OpenOnce({ children }: { children: (openModal: () => void) => ReactNode }) {
  const { openConnectModal } = useConnectModal();
  const { isConnected } = useAccount();
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || isConnected || openConnectModal === undefined) return;
    opened.current = true;
    openConnectModal();
  }, [isConnected, openConnectModal]);
  return children(() => openConnectModal?.());
}

export default function RainbowWallet({
  chainIds,
  children,
}: {
  chainIds: readonly number[];
  children: (openModal: () => void) => ReactNode;
}) {
  const { t, i18n } = useTranslation('auth');
  // Made once per mount: a new config is a new wagmi state, which would drop the connection
  // (and the form using it) whenever a parent re-renders with a new `t` or array.
  const [config] = useState(() =>
    walletConfig(chainIds, rainbowConnectors(t('wallet.browserWallet')), false),
  );
  return (
    <WagmiProvider config={config} reconnectOnMount={false}>
      <RainbowKitProvider locale={RAINBOW_LOCALES[i18n.language as Language] ?? 'en-US'}>
        <OpenOnce>{children}</OpenOnce>
      </RainbowKitProvider>
    </WagmiProvider>
  );
}

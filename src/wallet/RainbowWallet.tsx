import '@rainbow-me/rainbowkit/styles.css';
import {
  connectorsForWallets,
  darkTheme,
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
 * RainbowKit's dark theme in the site's tokens (ui/styles/tokens.css): its default light modal
 * was a white sheet on the dark site. Colours are given as values, since the theme is applied
 * through its own CSS variables.
 */
const THEME = (() => {
  const base = darkTheme({
    accentColor: '#f5b100',
    accentColorForeground: '#14110a',
    borderRadius: 'medium',
    overlayBlur: 'small',
  });
  return {
    ...base,
    colors: {
      ...base.colors,
      modalBackground: '#131722',
      modalBorder: '#2a3246',
      modalText: '#e7eaf0',
      modalTextSecondary: '#8a93a8',
      generalBorder: '#2a3246',
      actionButtonSecondaryBackground: '#1a2030',
      menuItemBackground: '#1a2030',
      closeButtonBackground: '#1a2030',
      closeButton: '#e7eaf0',
    },
  };
})();

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
      <RainbowKitProvider
        theme={THEME}
        locale={RAINBOW_LOCALES[i18n.language as Language] ?? 'en-US'}
      >
        <OpenOnce>{children}</OpenOnce>
      </RainbowKitProvider>
    </WagmiProvider>
  );
}

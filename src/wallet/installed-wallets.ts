import type { Wallet, WalletList } from '@rainbow-me/rainbowkit';
import { createStore, type EIP6963ProviderDetail } from 'mipd';
import { createConnector, type CreateConnectorFn } from 'wagmi';
import { injected } from 'wagmi/connectors';

/**
 * wagmi's injected connector asks for `wallet_requestPermissions` before connecting unless
 * `shimDisconnect` is off. Sign-in asks a wallet for accounts, the chain and one signature, and
 * nothing else, so every connector here is built with it off.
 */
export function injectedConnector(target?: EIP6963ProviderDetail): CreateConnectorFn {
  return injected({
    shimDisconnect: false,
    ...(target && {
      target: {
        id: target.info.rdns,
        name: target.info.name,
        icon: target.info.icon,
        provider: target.provider as never,
      },
    }),
  });
}

/**
 * A plain wallet glyph for a provider that did not announce itself (EIP-6963 gives name and
 * icon; the legacy `window.ethereum` gives neither), instead of a blank square.
 */
const GENERIC_WALLET_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" rx="6" fill="#1a2030"/><path d="M6 9.5A2.5 2.5 0 0 1 8.5 7h10A1.5 1.5 0 0 1 20 8.5V10h1a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H8.5A2.5 2.5 0 0 1 6 18.5z" fill="none" stroke="#f5b100" stroke-width="1.6"/><circle cx="18.5" cy="15.5" r="1.3" fill="#f5b100"/></svg>',
  );

function walletOf(detail: EIP6963ProviderDetail | undefined, fallbackName: string): () => Wallet {
  return () => ({
    id: detail?.info.rdns ?? 'injected',
    name: detail?.info.name ?? fallbackName,
    iconUrl: detail?.info.icon || GENERIC_WALLET_ICON,
    iconBackground: '#1a2030',
    installed: true,
    createConnector: (walletDetails) =>
      createConnector((config) => ({ ...injectedConnector(detail)(config), ...walletDetails })),
  });
}

/**
 * The wallets installed in this browser, for RainbowKit's modal: every EIP-6963 announcement,
 * or the legacy `window.ethereum` when nothing announced itself.
 */
export function installedWallets(browserWalletName: string): WalletList {
  const store = createStore();
  const announced = store.getProviders();
  store.destroy();
  const wallets =
    announced.length > 0
      ? announced.map((d) => walletOf(d, d.info.name))
      : [walletOf(undefined, browserWalletName)];
  return [{ groupName: 'Installed', wallets }];
}

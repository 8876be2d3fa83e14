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

function walletOf(detail: EIP6963ProviderDetail | undefined, fallbackName: string): () => Wallet {
  return () => ({
    id: detail?.info.rdns ?? 'injected',
    name: detail?.info.name ?? fallbackName,
    iconUrl: detail?.info.icon ?? '',
    iconBackground: '#ffffff',
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

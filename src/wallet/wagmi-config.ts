import { custom } from 'viem';
import { createConfig, type Config, type CreateConnectorFn } from 'wagmi';
import { chainsFor } from './chains.ts';
import { injectedConnector } from './installed-wallets.ts';

/**
 * The app reads nothing from a chain itself: signing and paying go through the wallet's own
 * provider, and the server reads the chain for deposits. The page's CSP allows no third-party
 * RPC, so a read that slips through (RainbowKit looks up ENS names) fails here instead.
 */
const noPublicRpc = custom({
  request: () => Promise.reject(new Error('the app makes no chain reads of its own')),
});

/**
 * A wagmi config for the chains the server accepts. Inside a wallet browser the one connector
 * is the injected provider (no QR code, no WalletConnect detour); RainbowKit passes its own.
 */
export function walletConfig(
  chainIds: readonly number[],
  connectors: CreateConnectorFn[] = [injectedConnector()],
  /** Off when the connectors already come from EIP-6963 announcements (RainbowKit's list). */
  discover = true,
): Config {
  const chains = chainsFor(chainIds);
  return createConfig({
    chains,
    connectors,
    // EIP-6963: every installed wallet announces itself; the injected one is still first.
    multiInjectedProviderDiscovery: discover,
    transports: Object.fromEntries(chains.map((c) => [c.id, noPublicRpc])),
    // Nothing is remembered between visits (no reconnect on mount). With a storage, wagmi's
    // provider also empties the connections on every re-render when reconnectOnMount is off,
    // so a connected wallet would drop as soon as a parent form re-rendered.
    storage: null,
  });
}

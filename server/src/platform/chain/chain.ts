import { createPublicClient, http, type PublicClient } from 'viem';

/** The one EVM chain this installation reads: deposits are verified and smart wallets checked on it. */
export interface Chain {
  id: number;
  client: PublicClient;
}

export function createChain(config: {
  CHAIN_RPC_URL?: string | undefined;
  CHAIN_ID: number;
}): Chain | undefined {
  if (config.CHAIN_RPC_URL === undefined) return undefined;
  const client = createPublicClient({
    transport: http(config.CHAIN_RPC_URL, { timeout: 10_000, retryCount: 1 }),
    // viem caches the block number for 4 s by default: a confirmation count must be read fresh.
    cacheTime: 0,
  });
  return { id: config.CHAIN_ID, client };
}

/** A node on another chain would verify deposits against the wrong ledger: refuse to start. */
export async function assertChainId(chain: Chain): Promise<void> {
  const answered = await chain.client.getChainId();
  if (answered !== chain.id) {
    throw new Error(`CHAIN_RPC_URL answers chain id ${answered}, CHAIN_ID says ${chain.id}`);
  }
}

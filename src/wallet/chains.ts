import type { Chain } from 'viem';
import { arbitrum, base, bsc, hardhat, mainnet, optimism, polygon } from 'viem/chains';

const KNOWN: readonly Chain[] = [mainnet, optimism, bsc, polygon, base, arbitrum, hardhat];

/** The viem chains for the ids the server accepts, in its order; unknown ids are skipped. */
export function chainsFor(ids: readonly number[]): [Chain, ...Chain[]] {
  const chains = ids.flatMap((id) => KNOWN.filter((c) => c.id === id));
  const [first, ...rest] = chains;
  if (first === undefined) throw new Error(`no known chain among ${ids.join(', ')}`);
  return [first, ...rest];
}

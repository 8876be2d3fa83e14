import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { MARKET_FILTERS } from '../../../contract/nfts/schemas.ts';
import { call } from '../../api/client.ts';
import { subscribe } from '../../api/price-feed.ts';

/** Every NFT query starts with this key, so a bid or a live frame refreshes them all. */
export const NFTS = 'nfts';
export type MarketFilter = (typeof MARKET_FILTERS)[number];

export function useNfts(filter: MarketFilter, creator: string | undefined) {
  return useQuery({
    queryKey: [NFTS, 'list', filter, creator ?? ''],
    queryFn: () => call('listNft', { query: { filter, creator } }),
  });
}

export function useNft(id: number) {
  return useQuery({
    queryKey: [NFTS, 'detail', id],
    queryFn: () => call('getNft', { params: { id } }),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

export function useMyNfts(page: number) {
  return useQuery({
    queryKey: [NFTS, 'mine', page],
    queryFn: () => call('myNfts', { query: { page, size: 20 } }),
  });
}

export function useMyBids(page: number) {
  return useQuery({
    queryKey: [NFTS, 'bids', page],
    queryFn: () => call('myNftBids', { query: { page, size: 20 } }),
  });
}

export function useDonations(page: number) {
  return useQuery({
    queryKey: [NFTS, 'donations', page],
    queryFn: () => call('listDonations', { query: { page, size: 20 } }),
  });
}

/**
 * Follows a sale's live topic: each frame (a bid, a new end, the result) refetches the NFTs'
 * queries and the balances, so an outbid person sees their bid released without a reload.
 * The figures shown still come from the API, not from the frame.
 */
export function useSaleLive(saleId: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (saleId === undefined) return;
    return subscribe('nfts.sale', String(saleId), () => {
      void queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === NFTS || q.queryKey[0] === 'balances',
      });
    });
  }, [saleId, queryClient]);
}

/** After a bid or a buy-now: the NFTs and the balances. */
export function useRefreshNfts(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () =>
    queryClient.invalidateQueries({
      predicate: (q) => q.queryKey[0] === NFTS || q.queryKey[0] === 'balances',
    });
}

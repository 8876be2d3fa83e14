import { useState, type FormEvent } from 'react';
import { toUnits } from '../../../contract/decimal.ts';
import { shares } from '../../../contract/nfts/auction.ts';
import type { NftSale } from '../../../contract/nfts/schemas.ts';
import { call } from '../../api/client.ts';
import { inputProblem, tidyDecimal } from '../../lib/decimal-input.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { useRefreshNfts } from './queries.ts';

/** USDT's scale (contract/plans/schemas.ts usdtAmount). */
const SCALE = 6;

type Step = 'typing' | 'bid' | 'buyNow';

/**
 * A bid's or a buy-now's state: the amount typed, the split it would make, the confirmation
 * step, and the call under one request key per attempt (a lost answer is sent again under it).
 */
export function useBid(sale: NftSale) {
  const refresh = useRefreshNfts();
  const requestKey = useRequestKey();
  const [amount, setAmount] = useState('');
  const [step, setStep] = useState<Step>('typing');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState<'bid' | 'buyNow' | null>(null);
  const value = tidyDecimal(amount);
  const problem = inputProblem(value, { min: sale.minNextBid, step: '0.000001' });
  const split = problem === undefined ? shares(toUnits(value, SCALE), sale.split) : null;

  function type(next: string) {
    setAmount(next);
    setStep('typing');
    setDone(null);
  }
  function review(e: FormEvent) {
    e.preventDefault();
    setFailure(null);
    setDone(null);
    if (split !== null) setStep('bid');
  }
  function reviewBuyNow() {
    setFailure(null);
    setDone(null);
    setStep('buyNow');
  }
  async function confirm() {
    const kind = step;
    setBusy(true);
    try {
      const key = requestKey.next();
      if (kind === 'buyNow') await call('buyNft', { body: { key, saleId: sale.id } });
      else await call('bidNft', { body: { key, saleId: sale.id, amount: value } });
      requestKey.settle();
      setDone(kind === 'buyNow' ? 'buyNow' : 'bid');
      setAmount('');
    } catch (err) {
      requestKey.settle(err);
      setFailure(err);
    } finally {
      setBusy(false);
      setStep('typing');
      await refresh();
    }
  }
  const back = () => setStep('typing');
  return {
    amount,
    value,
    problem,
    split,
    step,
    busy,
    failure,
    done,
    type,
    review,
    reviewBuyNow,
    confirm,
    back,
  };
}

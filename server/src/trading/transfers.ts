import type { TransferSet } from '../money/transfers.ts';

declare module '../money/transfers.ts' {
  interface TransferKinds {
    contract_fee: true;
    contract_margin: true;
    contract_margin_released: true;
    contract_profit: true;
    contract_loss: true;
    contract_order_hold: true;
    contract_order_released: true;
    option_stake: true;
    option_stake_released: true;
    option_payout: true;
    option_lost: true;
  }
}

/** Contracts' and options' movements (spot's are in spot/transfers.ts). */
export const TRADING_TRANSFERS: TransferSet = {
  owner: 'trading',
  prefixes: ['contract', 'contract-fill', 'contract-end', 'option', 'option-settle'],
  kinds: [
    'contract_fee',
    'contract_margin',
    'contract_margin_released',
    'contract_profit',
    'contract_loss',
    'contract_order_hold',
    'contract_order_released',
    'option_stake',
    'option_stake_released',
    'option_payout',
    'option_lost',
  ],
};

export const tradingKey = {
  /** A contract opened at market (margin held, fee charged) or placed at a limit (both held). */
  contractOpen: (userId: number, requestKey: string, leg: 'margin' | 'fee' | 'order') =>
    `contract:${userId}:${requestKey}:${leg}`,
  /** A waiting contract reached its limit: the order hold released, the fee, the margin held. */
  contractFill: (orderId: number, leg: 'release' | 'fee' | 'margin') =>
    `contract-fill:${orderId}:${leg}`,
  /** A contract closed (margin released, profit or loss) or cancelled while waiting. */
  contractEnd: (orderId: number, leg: 'release' | 'profit' | 'cancel') =>
    `contract-end:${orderId}:${leg}`,
  /** An option's stake held at purchase. */
  optionStake: (userId: number, requestKey: string) => `option:${userId}:${requestKey}`,
  /** An option settled: the stake released or lost, the payout paid. */
  optionSettle: (optionId: number, leg: 'stake' | 'payout') => `option-settle:${optionId}:${leg}`,
} as const;

import type { BackOffice } from './back-office.ts';
import type { Balances } from './balances.ts';
import type { ChainDeposits } from './chain-deposits.ts';
import type { DemoBook } from './demo-book.ts';
import type { DepositAddresses } from './deposit-addresses.ts';
import type { Deposits } from './deposits.ts';
import type { FundingNetworks } from './funding-networks.ts';
import type { DepositProofs } from './proofs.ts';
import type { Withdrawals } from './withdrawals.ts';

export interface FundsServices {
  networks: FundingNetworks;
  proofs: DepositProofs;
  deposits: Deposits;
  /** Each person's own deposit address per network (where an extended key is configured). */
  depositAddresses: DepositAddresses;
  withdrawals: Withdrawals;
  balances: Balances;
  demoBook: DemoBook;
  backOffice: BackOffice;
  /** Deposits verified on the configured chain, when there is one. */
  chainDeposits: ChainDeposits | undefined;
}

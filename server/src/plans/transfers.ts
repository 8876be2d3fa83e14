import type { TransferSet } from '../money/transfers.ts';
import type { ReserveAccount } from '../ledger/ledger.ts';

declare module '../money/transfers.ts' {
  interface TransferKinds {
    plan_principal_hold: true;
    plan_principal_returned: true;
    plan_exit_penalty: true;
    plan_yield: true;
    plan_reserve_funding: true;
  }
}

/** Smart plans' movements: principals held and returned, yields, penalties, reserve funding. */
export const PLANS_TRANSFERS: TransferSet = {
  owner: 'plans',
  prefixes: ['plan', 'plan-yield', 'plan-fund'],
  kinds: [
    'plan_principal_hold',
    'plan_principal_returned',
    'plan_exit_penalty',
    'plan_yield',
    'plan_reserve_funding',
  ],
};

/** A product's reserve: the only account its yield is paid from. */
export const planReserve = (productId: number): ReserveAccount => `reserve:plans:${productId}`;

export const plansKey = {
  /** The principal held by a subscription; `requestKey` is the person's own. */
  principal: (userId: number, requestKey: string) => `plan:${userId}:${requestKey}`,
  /** The principal returned at maturity or on an exit (one end per plan). */
  end: (planId: number) => `plan:${planId}:end`,
  /** The penalty an early exit keeps. */
  penalty: (planId: number) => `plan:${planId}:penalty`,
  /**
   * A product's yield for a local day, paid to the plans from `firstPlanId` on in one batch
   * (plans in id order, a chunk each): once per chunk and day, whoever runs the job.
   */
  yield: (productId: number, day: string, firstPlanId: number) =>
    `plan-yield:${productId}:${day}:${firstPlanId}`,
  /** Staff funding a reserve; `requestKey` is the back office form's own. */
  funding: (staffId: number, requestKey: string) => `plan-fund:${staffId}:${requestKey}`,
} as const;

import { paths } from '../paths.ts';
import { route } from '../route-def.ts';
import * as plans from './schemas.ts';

/** Smart plans' calls (docs/plans.md). */
export const plansRoutes = {
  listSmartProducts: route({
    ...paths.listSmartProducts,
    summary:
      "Smart plan products with their terms and their reserve: balance, yield promised to open plans, yield paid in the last 7 and 30 days (ledger sums); a signed-in caller's purchases of each",
    tag: 'plans',
    auth: 'optional',
    result: plans.planProducts,
    fields: plans.planFieldCodes,
  }),
  buySmart: route({
    ...paths.buySmart,
    summary:
      "Subscribe to a smart plan (SPEC §7) in the real book: the principal is held in the ledger; refused when the product's reserve could not cover every promised earning with it (10200)",
    tag: 'plans',
    auth: 'session',
    body: plans.buySmartBody,
    result: plans.plan,
    fields: plans.planFieldCodes,
  }),
  exitSmart: route({
    ...paths.exitSmart,
    summary:
      "Exit an earning plan early: the principal comes back minus the product's penalty, as the plan's exitReturns showed",
    tag: 'plans',
    auth: 'session',
    body: plans.planIdBody,
    result: plans.plan,
    fields: plans.planFieldCodes,
  }),
  listSmartOrder: route({
    ...paths.listSmartOrder,
    summary: "The caller's plans, newest first, with every figure from the ledger",
    tag: 'plans',
    auth: 'session',
    query: plans.listSmartQuery,
    result: plans.planPage,
    fields: plans.planFieldCodes,
  }),
  adminListSmartProducts: route({
    ...paths.adminListSmartProducts,
    summary: 'Every smart plan product, paused ones too, with its reserve',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin', 'reviewer', 'support'],
    result: plans.planProducts,
    fields: plans.planFieldCodes,
  }),
  saveSmartProduct: route({
    ...paths.saveSmartProduct,
    summary:
      'Create or change a smart plan product, with a reason (audit log); open plans keep the terms they were bought with',
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: plans.planProductBody,
    result: plans.planProduct,
    fields: plans.planFieldCodes,
  }),
  fundSmartReserve: route({
    ...paths.fundSmartReserve,
    summary: "Put the operator's money into a product's reserve, with a reason (audit log)",
    tag: 'admin',
    auth: 'staff',
    roles: ['admin'],
    body: plans.fundReserveBody,
    result: plans.planProduct,
    fields: plans.planFieldCodes,
  }),
} as const;

import { contentParams } from './content/params.ts';
import { fundsParams } from './funds/params.ts';
import { kycParams } from './kyc/params.ts';
import { rewardsParams } from './rewards/params.ts';
import { supportParams } from './support/params.ts';
import type { ParamDecl } from './param-decl.ts';
import { tradingParams } from './trading/params.ts';

/**
 * Every platform parameter, merged from the capabilities' own declarations: a key typed here,
 * so reading a parameter that no capability declares does not compile.
 */
export const PARAMS = {
  ...contentParams,
  ...fundsParams,
  ...tradingParams,
  ...kycParams,
  ...rewardsParams,
  ...supportParams,
} as const satisfies Record<string, ParamDecl>;
export type ParamKey = keyof typeof PARAMS;

const keys = Object.keys(PARAMS) as ParamKey[];
type Editable = {
  [K in ParamKey]: (typeof PARAMS)[K]['editable'] extends true ? K : never;
}[ParamKey];
type Public = { [K in ParamKey]: (typeof PARAMS)[K]['public'] extends true ? K : never }[ParamKey];

/** The parameters staff may change in the back office. */
export const EDITABLE_PARAMS = keys.filter((k) => PARAMS[k].editable) as [Editable, ...Editable[]];
/** Parameters readable by key without signing in (SPEC §3 "Parameter"). */
export const PUBLIC_PARAM_KEYS = keys.filter((k) => PARAMS[k].public) as [Public, ...Public[]];

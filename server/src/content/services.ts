import type { Contents } from './contents.ts';
import type { ParamSettings } from './param-settings.ts';
import type { Params } from './params.ts';

export interface ContentServices {
  contents: Contents;
  params: Params;
  paramSettings: ParamSettings;
}

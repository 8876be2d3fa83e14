import { appLink, type ParamDecl } from '../param-decl.ts';

/** The content capability's parameters: the app's download links and the support address. */
export const contentParams = {
  down_url: { rule: appLink, public: true, editable: true },
  android_url: { rule: appLink, public: true, editable: true },
  ios_url: { rule: appLink, public: true, editable: true },
  support_email: {
    rule: (v: string) => /^[^\s@]{1,64}@[^\s@]{1,190}$/.test(v),
    public: true,
    editable: true,
  },
} as const satisfies Record<string, ParamDecl>;

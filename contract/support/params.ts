import { wholeIn, type ParamDecl } from '../param-decl.ts';

/** Live support (docs/support.md), editable in the back office. */
export const supportParams = {
  /** A person sends at most this many messages… */
  support_flood_messages: { rule: wholeIn(1, 100), public: true, editable: true },
  /** …in this many seconds (10222 past it). */
  support_flood_seconds: { rule: wholeIn(1, 3600), public: true, editable: true },
  /** A ticket (no one online) is answered within this many hours: the promise shown. */
  support_reply_hours: { rule: wholeIn(1, 168), public: true, editable: true },
  /** A visitor's chat stays theirs this many days after they proved their address. */
  support_visitor_days: { rule: wholeIn(1, 90), public: false, editable: true },
} as const satisfies Record<string, ParamDecl>;

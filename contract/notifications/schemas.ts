import { z } from 'zod';
import { Code } from '../errors.ts';
import { FUNDS_MANDATORY, fundsNotices } from '../funds/notices.ts';
import { kycNotices } from '../kyc/notices.ts';
import { LOANS_MANDATORY, loansNotices } from '../loans/notices.ts';
import { NFTS_MANDATORY, nftsNotices } from '../nfts/notices.ts';
import { PLANS_MANDATORY, plansNotices } from '../plans/notices.ts';
import { spotNotices } from '../spot/notices.ts';
import { supportNotices } from '../support/notices.ts';
import { TRADING_MANDATORY, tradingNotices } from '../trading/notices.ts';
import type { FieldCodeMap } from '../validate.ts';
import { wholeNumber } from '../whole-number.ts';

/**
 * What a person is told (the notification centre, docs/notifications.md). Each capability
 * declares its own notices beside its contract; they are merged here. A notice carries the
 * figures as the ledger wrote them, never words: the app words it in the reader's language
 * when shown, so one stored notice reads right in all ten.
 */
export const notice = z.discriminatedUnion('kind', [
  ...fundsNotices,
  ...tradingNotices,
  ...spotNotices,
  ...kycNotices,
  ...plansNotices,
  ...loansNotices,
  ...nftsNotices,
  ...supportNotices,
]);
export type Notice = z.infer<typeof notice>;
export type NoticeKind = Notice['kind'];

export const NOTICE_KINDS = notice.options.map((o) => o.shape.kind.value) as NoticeKind[];

/** Money-critical notices: always sent, whatever the person's settings (issue 22). */
export const MANDATORY_KINDS: readonly NoticeKind[] = [
  ...FUNDS_MANDATORY,
  ...TRADING_MANDATORY,
  ...PLANS_MANDATORY,
  ...LOANS_MANDATORY,
  ...NFTS_MANDATORY,
];

export const NOTIFICATION_LIMITS = {
  pageSizeMax: 50,
  /** Notices one mark-read call names at most. */
  readIdsMax: 100,
} as const;

export const notification = z.object({
  id: z.number().int(),
  notice,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationListQuery = z.object({
  page: wholeNumber(1, 10_000).default(1),
  size: wholeNumber(1, NOTIFICATION_LIMITS.pageSizeMax).default(20),
  /** Only those after this id (a reconnecting client catches up), newest first. */
  after: wholeNumber(0, Number.MAX_SAFE_INTEGER).default(0),
});

export const notificationList = z.object({
  list: z.array(notification),
  total: z.number().int(),
  unread: z.number().int(),
});

export const unreadResult = z.object({
  unread: z.number().int(),
  /** The newest notice's id (0 when none): a client compares it with what it has. */
  lastId: z.number().int(),
});

/** Mark some as read (`ids`), or every one up to `upTo` (mark all read). */
export const readBody = z.union([
  z.object({
    ids: z
      .array(wholeNumber(1, Number.MAX_SAFE_INTEGER))
      .min(1)
      .max(NOTIFICATION_LIMITS.readIdsMax),
  }),
  z.object({ upTo: wholeNumber(1, Number.MAX_SAFE_INTEGER) }),
]);

export const noticeSetting = z.object({
  kind: z.enum(NOTICE_KINDS as [NoticeKind, ...NoticeKind[]]),
  enabled: z.boolean(),
  /** Money-critical: cannot be switched off. */
  mandatory: z.boolean(),
});
export const noticeSettings = z.object({ list: z.array(noticeSetting) });
export const setNoticeBody = z.object({
  kind: z.enum(NOTICE_KINDS as [NoticeKind, ...NoticeKind[]]),
  enabled: z.boolean(),
});

export const notificationFieldCodes = {
  page: { missing: Code.badRequest, invalid: Code.badRequest },
  size: { missing: Code.badRequest, invalid: Code.badRequest },
  after: { missing: Code.badRequest, invalid: Code.badRequest },
  ids: { missing: Code.badRequest, invalid: Code.badRequest },
  upTo: { missing: Code.badRequest, invalid: Code.badRequest },
  kind: { missing: Code.badRequest, invalid: Code.badRequest },
  enabled: { missing: Code.badRequest, invalid: Code.badRequest },
} satisfies FieldCodeMap;

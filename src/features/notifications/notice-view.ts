import type { TFunction } from 'i18next';
import type { Book } from '../../../contract/envelope.ts';
import type { Notice } from '../../../contract/notifications/schemas.ts';
import { staffReason } from '../../lib/staff-reason.ts';

/** A notice as a row shows it: its sentence, the figure the ledger wrote, and where it leads. */
export interface NoticeView {
  text: string;
  figure?: { label: string; value: string; asset: string; signed: boolean };
  /** Staff's reason, shown as the text it is. */
  reason?: string;
  to: string;
  /** The book an order lives in: opening it switches to that book. */
  book?: Book;
}

/**
 * Words a stored notice in the reader's language (the notice holds only kinds and figures),
 * so a notice written while the person read English reads right after they switch to Arabic.
 */
export function noticeView(n: Notice, t: TFunction): NoticeView {
  switch (n.kind) {
    case 'funds.deposit-decided':
      return {
        text: t(
          n.approved ? 'notifications:text.depositApproved' : 'notifications:text.depositRejected',
          n,
        ),
        reason: staffReason(n.reasonCode, n.reason, t),
        to: '/profile/records',
      };
    case 'funds.withdrawal-decided':
      return {
        text: t(
          n.approved
            ? 'notifications:text.withdrawalApproved'
            : 'notifications:text.withdrawalRejected',
          n,
        ),
        reason: staffReason(n.reasonCode, n.reason, t),
        to: '/profile/records?tab=withdrawals',
      };
    case 'trading.position-closed':
    case 'trading.liquidated':
      return {
        text:
          n.kind === 'trading.liquidated'
            ? t('notifications:text.liquidated', {
                code: n.code,
                side: t(`notifications:side.${n.side}`),
              })
            : t('notifications:text.positionClosed', {
                code: n.code,
                side: t(`notifications:side.${n.side}`),
                reason: t(`notifications:closeReason.${n.reason}`),
              }),
        figure: { label: t('notifications:result'), value: n.profit, asset: 'USDT', signed: true },
        to: `/profile/orders/contract/${n.orderId}`,
        book: n.book,
      };
    case 'trading.order-opened':
      return {
        text: t('notifications:text.orderOpened', {
          code: n.code,
          side: t(`notifications:side.${n.side}`),
        }),
        to: `/profile/orders/contract/${n.orderId}`,
        book: n.book,
      };
    case 'trading.option-settled':
      return {
        text: t('notifications:text.optionSettled', {
          code: n.code,
          outcome: t(`notifications:outcome.${n.outcome}`),
        }),
        figure: { label: t('notifications:paid'), value: n.paid, asset: 'USDT', signed: false },
        to: `/profile/orders/option/${n.optionId}`,
        book: n.book,
      };
    case 'kyc.decided':
      return {
        text: t(n.approved ? 'notifications:text.kycApproved' : 'notifications:text.kycRejected'),
        to: '/profile/kyc',
      };
    case 'spot.order-filled':
      return {
        text: t('notifications:text.spotFilled', {
          code: n.code,
          side: t(`notifications:side.${n.side}`),
        }),
        to: '/profile/orders?tab=spot',
        book: n.book,
      };
    case 'plans.paid':
      return {
        text: t('notifications:text.plansPaid', { count: n.plans, day: n.day }),
        figure: { label: t('notifications:earned'), value: n.amount, asset: 'USDT', signed: false },
        to: '/trading?tab=mine',
      };
    case 'plans.matured':
      return {
        text: t('notifications:text.planMatured', { amount: n.amount }),
        figure: {
          label: t('notifications:earned'),
          value: n.revenue,
          asset: 'USDT',
          signed: false,
        },
        to: '/trading?tab=mine',
      };
    case 'loans.decided':
      return {
        text: t(
          n.approved ? 'notifications:text.loanApproved' : 'notifications:text.loanRejected',
          {
            amount: n.amount,
          },
        ),
        reason:
          n.reasonCode === null || n.reasonCode === 'other'
            ? undefined
            : t(`notifications:loanReason.${n.reasonCode}`),
        to: `/loan/${n.loanId}`,
      };
    case 'loans.due':
      return {
        text: t('notifications:text.loanDue', { day: n.dueDay }),
        figure: { label: t('notifications:owed'), value: n.owed, asset: 'USDT', signed: false },
        to: `/loan/${n.loanId}`,
      };
    case 'loans.overdue':
      return {
        text: t('notifications:text.loanOverdue', { damages: n.dailyDamages }),
        figure: { label: t('notifications:owed'), value: n.owed, asset: 'USDT', signed: false },
        to: `/loan/${n.loanId}`,
      };
    case 'nfts.outbid':
      return {
        text: t('notifications:text.nftOutbid', { name: n.nftName, bid: n.newBid }),
        figure: {
          label: t('notifications:released'),
          value: n.amount,
          asset: 'USDT',
          signed: false,
        },
        to: `/nfts/${n.nftId}`,
      };
    case 'nfts.withdrawn':
      return {
        text: t('notifications:text.nftWithdrawn', { name: n.nftName }),
        figure: {
          label: t('notifications:released'),
          value: n.amount,
          asset: 'USDT',
          signed: false,
        },
        to: `/nfts/${n.nftId}`,
      };
    case 'nfts.won':
    case 'nfts.lost':
      return {
        text: t(
          n.kind === 'nfts.won' ? 'notifications:text.nftWon' : 'notifications:text.nftLost',
          {
            name: n.nftName,
          },
        ),
        figure: { label: t('notifications:price'), value: n.price, asset: 'USDT', signed: false },
        to: n.kind === 'nfts.won' ? '/nfts?tab=mine' : `/nfts/${n.nftId}`,
      };
    case 'support.answered':
      return { text: t('notifications:text.supportAnswered'), to: '/profile/kefu' };
  }
}

import { isAboveZero, isDecimalText } from '../common/decimal-text.ts';
import { percent, wholeIn, type ParamDecl } from '../param-decl.ts';

const REWARD = { whole: 6, decimals: 6 };

/** USDT amounts with at most 6 decimals, 1 to 30 of them, comma-separated. */
export const checkinAmounts = (v: string) => {
  const parts = v.split(',');
  return (
    parts.length >= 1 &&
    parts.length <= 30 &&
    parts.every((p) => isDecimalText(p, REWARD)) &&
    parts.some(isAboveZero)
  );
};
const rewardAmount = (v: string) => isDecimalText(v, REWARD) && isAboveZero(v);

/** Rewards and invites (docs/rewards.md), editable in the back office; all public rules. */
export const rewardsParams = {
  rewards_checkin_amounts: { rule: checkinAmounts, public: true, editable: true },
  rewards_task_trade_amount: { rule: rewardAmount, public: true, editable: true },
  rewards_task_verify_amount: { rule: rewardAmount, public: true, editable: true },
  rewards_task_days: { rule: wholeIn(1, 3650), public: true, editable: true },
  invite_fee_share_percent: {
    rule: (v: string) => percent(50)(v) && isAboveZero(v),
    public: true,
    editable: true,
  },
  invite_reward_days: { rule: wholeIn(1, 3650), public: true, editable: true },
  invite_bind_hours: { rule: wholeIn(0, 720), public: true, editable: true },
} as const satisfies Record<string, ParamDecl>;

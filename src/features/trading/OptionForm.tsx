import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Code } from '../../../contract/errors.ts';
import type { OptionOrder } from '../../../contract/trading/schemas.ts';
import { call } from '../../api/client.ts';
import { formatDecimal } from '../../lib/format.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { TradeFoot, useProblemText } from './ContractForm.tsx';
import type { OptionPeriod } from '../../../contract/trading/schemas.ts';
import {
  normaliseDecimal,
  optionFigures,
  percentText,
  usdtText,
  type Direction,
  type TradingInfo,
} from './figures.ts';
import { Figure } from '../../ui/Figure.tsx';
import { formatCountdown, useNow } from '../../lib/countdown.ts';
import { Note, OrderStatus, usePeriodLabel } from './parts.tsx';
import type { TradeGate } from './parts.tsx';
import { refreshTrading, useBalances, useOptionOrder } from './queries.ts';

/** A bought option: its countdown to expiry, then its result, refetched as it settles. */
function ActiveOption({ initial }: { initial: OptionOrder }) {
  const { t } = useTranslation('trading');
  const order = useOptionOrder(initial.id, initial);
  const now = useNow();
  const o = order.data ?? initial;
  const left = Date.parse(o.expiresAt) - now;
  const periodLabel = usePeriodLabel();
  return (
    <li className="trade-option" data-testid="option-active" data-id={o.id} data-status={o.status}>
      <div className="trade-option-head">
        <span>
          {o.code} · {t(`option.direction.${o.direction}`)} · {periodLabel(o.seconds)} ·{' '}
          <Amount value={o.amount} asset="USDT" />
        </span>
        <OrderStatus status={o.outcome ?? (o.status === 'open' ? 'running' : o.status)} />
      </div>
      {o.status === 'open' ? (
        <p className="muted">
          {t('option.openedAt', { price: formatDecimal(o.openPrice) })} ·{' '}
          {left > 0 ? (
            <>
              {t('option.expiresIn')}{' '}
              <span className="num trade-countdown" data-testid="option-countdown">
                {formatCountdown(left)}
              </span>
            </>
          ) : (
            <span data-testid="option-settling">{t('option.settling')}</span>
          )}
        </p>
      ) : (
        <p data-testid="option-result" data-outcome={o.outcome ?? ''}>
          {t('option.settledAt', {
            open: formatDecimal(o.openPrice),
            settle: formatDecimal(o.settlePrice),
          })}{' '}
          · {t('option.paid')} <Amount value={o.paid} asset="USDT" /> ·{' '}
          <Link to={`/profile/orders/option/${o.id}`} data-testid="option-detail-link">
            {t('orders.detail')}
          </Link>
        </p>
      )}
    </li>
  );
}

/** The period choice: one button per period the operator offers. */
function PeriodChoice({
  info,
  seconds,
  onSeconds,
}: {
  info: TradingInfo;
  seconds: number;
  onSeconds: (seconds: number) => void;
}) {
  const { t } = useTranslation('trading');
  const periodLabel = usePeriodLabel();
  const periodLabelId = useId();
  return (
    <div className="field">
      <span className="field-label" id={periodLabelId}>
        {t('option.period')}
      </span>
      <div className="trade-periods" role="radiogroup" aria-labelledby={periodLabelId}>
        {info.options.map((p) => (
          <button
            key={p.seconds}
            type="button"
            role="radio"
            className="tab"
            aria-checked={p.seconds === seconds}
            data-testid={`option-period-${p.seconds}`}
            onClick={() => onSeconds(p.seconds)}
          >
            {periodLabel(p.seconds)}
          </button>
        ))}
      </div>
    </div>
  );
}

/** The confirm step of an option: what is bought, the stake and what a win pays back. */
function ConfirmOption({
  info,
  period,
  direction,
  amount,
  onWin,
  disabled,
  onSend,
  onClose,
}: {
  info: TradingInfo;
  period: OptionPeriod;
  direction: Direction;
  amount: string;
  onWin: bigint | undefined;
  disabled: boolean;
  onSend: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('trading');
  const periodLabel = usePeriodLabel();
  return (
    <Modal title={t('option.confirmTitle')} onClose={onClose}>
      <div className="trade-confirm" data-testid="option-confirm">
        <dl className="trade-summary">
          <Figure label={t('option.order')} testId="confirm-option">
            {info.code} · {t(`option.direction.${direction}`)} · {periodLabel(period.seconds)}
          </Figure>
          <Figure label={t('option.amount')} testId="confirm-amount">
            <Amount value={normaliseDecimal(amount)} asset="USDT" />
          </Figure>
          <Figure label={t('option.onWin')} testId="confirm-payout">
            <Amount value={onWin === undefined ? null : usdtText(onWin)} asset="USDT" />
          </Figure>
        </dl>
        <p className="muted">{t('option.confirmNote')}</p>
        <button
          type="button"
          className={`btn btn-block trade-side-${direction === 'up' ? 'long' : 'short'}`}
          data-testid="option-confirm-submit"
          disabled={disabled}
          onClick={onSend}
        >
          {t('option.confirm')}
        </button>
      </div>
    </Modal>
  );
}

/** buyOptions with the form's request key: one option however often the answer is lost. */
function useBuyOption(info: TradingInfo) {
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  return async (order: {
    seconds: number;
    direction: Direction;
    amount: string;
  }): Promise<OptionOrder> => {
    try {
      const bought = await call('buyOptions', {
        body: { key: requestKey.next(), instrumentId: info.instrumentId, ...order },
      });
      requestKey.settle();
      await refreshTrading(queryClient);
      return bought;
    } catch (err) {
      requestKey.settle(err);
      throw err;
    }
  };
}

/** The option form's state: period, stake, its figures and refusals, review and buy. */
function useOptionForm(info: TradingInfo, gate: TradeGate, direction: Direction) {
  const balances = useBalances();
  const form = useFormError();
  const problemText = useProblemText();
  const buyOption = useBuyOption(info);
  const [seconds, setSeconds] = useState(() => info.options[0]?.seconds ?? 0);
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [bought, setBought] = useState<OptionOrder[]>([]);
  // The operator may change the periods: a choice no longer offered falls back to the first.
  const period = info.options.find((p) => p.seconds === seconds) ?? info.options[0];
  const available = balances.data?.assets.find((a) => a.asset === 'USDT')?.available;
  const figures = optionFigures(period, amount, gate === 'ready' ? available : undefined);
  const amountProblem = figures.problems.find((p) => p.field === 'amount');
  const formProblem = figures.problems.find((p) => p.field === undefined);
  return {
    form,
    period,
    amount,
    figures,
    available,
    bought,
    confirming,
    amountError:
      amountProblem !== undefined && (amount !== '' || submitted)
        ? problemText(amountProblem, 'USDT')
        : form.fieldError('amount'),
    formProblem:
      formProblem !== undefined && (submitted || formProblem.code === Code.insufficientBalance)
        ? formProblem
        : undefined,
    setSeconds(next: number) {
      setSeconds(next);
      form.clear();
    },
    setAmount(next: string) {
      setAmount(next);
      form.clear();
    },
    review(e: FormEvent) {
      e.preventDefault();
      setSubmitted(true);
      form.clear();
      if (gate === 'ready' && figures.problems.length === 0) setConfirming(true);
    },
    closeConfirm: () => setConfirming(false),
    send: (chosen: OptionPeriod) =>
      form.submit(async () => {
        try {
          const order = await buyOption({
            seconds: chosen.seconds,
            direction,
            amount: normaliseDecimal(amount),
          });
          setBought((list) => [order, ...list].slice(0, 5));
          setSubmitted(false);
        } finally {
          setConfirming(false);
        }
      }),
  };
}

/** Up or down: what the option bets on. */
function DirectionChoice({
  direction,
  onDirection,
}: {
  direction: Direction;
  onDirection: (direction: Direction) => void;
}) {
  const { t } = useTranslation('trading');
  return (
    <div className="trade-sides">
      {(['up', 'down'] as const).map((d) => (
        <button
          key={d}
          type="button"
          className={`btn trade-side trade-side-${d === 'up' ? 'long' : 'short'}`}
          aria-pressed={direction === d}
          data-testid={`option-${d}`}
          onClick={() => onDirection(d)}
        >
          {t(`option.direction.${d}`)}
        </button>
      ))}
    </div>
  );
}

/**
 * A fixed-period option: period, up or down (the panel's: its bar sets it on a phone), the
 * stake, and what a win pays back.
 */
export function OptionForm({
  info,
  gate,
  direction,
  onDirection,
}: {
  info: TradingInfo;
  gate: TradeGate;
  direction: Direction;
  onDirection: (direction: Direction) => void;
}) {
  const { t } = useTranslation('trading');
  const f = useOptionForm(info, gate, direction);
  const period = f.period;
  if (period === undefined) return <Note text={t('option.none')} testId="options-none" />;
  const onWin = f.figures.onWin === undefined ? null : usdtText(f.figures.onWin);
  return (
    <form className="trade-form" onSubmit={f.review} noValidate data-testid="option-form">
      <PeriodChoice info={info} seconds={period.seconds} onSeconds={f.setSeconds} />
      <DirectionChoice direction={direction} onDirection={onDirection} />
      <TextField
        label={t('option.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={f.amount}
        onChange={(e) => f.setAmount(e.target.value)}
        error={f.amountError}
        hint={t('option.amountHint', { min: period.min, max: period.max })}
        data-testid="option-amount"
      />
      <dl className="trade-summary">
        <Figure label={t('option.payoutRate')} testId="option-payout-rate" value={period.payout}>
          <span className="num">{percentText(period.payout)}%</span>
        </Figure>
        <Figure label={t('option.onWin')} testId="option-payout" value={onWin}>
          <Amount value={onWin} asset="USDT" />
        </Figure>
      </dl>
      <p className="muted">{t('option.rule', { price: formatDecimal(info.mid) })}</p>
      <TradeFoot
        problem={f.formProblem}
        form={f.form}
        fields={['amount']}
        gate={gate}
        available={f.available}
        label={t('option.review')}
        testId="option-review"
      />
      {f.bought.length > 0 && (
        <ul className="trade-options" aria-live="polite">
          {f.bought.map((o) => (
            <ActiveOption key={o.id} initial={o} />
          ))}
        </ul>
      )}
      {f.confirming && (
        <ConfirmOption
          info={info}
          period={period}
          direction={direction}
          amount={f.amount}
          onWin={f.figures.onWin}
          disabled={f.form.busy || f.figures.problems.length > 0 || gate !== 'ready'}
          onSend={() => void f.send(period)}
          onClose={f.closeConfirm}
        />
      )}
    </form>
  );
}

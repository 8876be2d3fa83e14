import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Code } from '../../../contract/errors.ts';
import type { Side } from '../../../contract/trading/formulas.ts';
import type { UOrder } from '../../../contract/trading/schemas.ts';
import { call } from '../../api/client.ts';
import { useInputProblemText } from '../../lib/decimal-input.ts';
import { formatDecimal } from '../../lib/format.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { Amount, Price } from '../../ui/Amount.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { FormProblem } from '../../ui/InsufficientFunds.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  contractFigures,
  normaliseDecimal,
  priceText,
  usdtText,
  type ContractDraft,
  type ContractField,
  type ContractFigures,
  type Problem,
  type TradingInfo,
} from './figures.ts';
import { ProfitAmount, type TradeGate } from './parts.tsx';
import { refreshTrading, useBalances, useUOrder } from './queries.ts';

type Spec = NonNullable<TradingInfo['contract']>;
type Fields = Omit<ContractDraft, 'side'>;

/** Fields that show their own refusal; any other is shown above the button. */
const FIELDS: readonly ContractField[] = ['price', 'lots', 'leverage', 'stopLoss', 'takeProfit'];

/** 10x where offered (a common first choice), else the lowest leverage. */
function defaultLeverage(leverages: readonly number[]): number {
  return leverages.includes(10) ? 10 : (leverages[0] ?? 1);
}

/** A problem's words: what is wrong with the typed amount when known, else its catalogue line. */
export function useProblemText(): (problem: Problem, unit?: string) => string {
  const { t } = useTranslation('trading');
  const inputText = useInputProblemText();
  return (problem, unit) =>
    problem.input === undefined ? t(`errors:${problem.code}`) : inputText(problem.input, unit);
}

function ContractSummary({
  info,
  draft,
  figures,
}: {
  info: TradingInfo;
  draft: ContractDraft;
  figures: ContractFigures;
}) {
  const { t } = useTranslation('trading');
  const p = info.precision;
  const price = (v: bigint | undefined) => (v === undefined ? null : priceText(v, p));
  const usdt = (v: bigint | undefined) => (v === undefined ? null : usdtText(v));
  return (
    <dl className="trade-summary">
      <Figure
        label={t(draft.type === 'limit' ? 'contract.openAtLimit' : `contract.openAt.${draft.side}`)}
        testId="figure-open"
        value={price(figures.openPrice)}
      >
        <Price value={price(figures.openPrice)} />
      </Figure>
      <Figure label={t('contract.value')} testId="figure-value" value={usdt(figures.value)}>
        <Amount value={usdt(figures.value)} asset="USDT" />
      </Figure>
      <Figure label={t('contract.margin')} testId="figure-margin" value={usdt(figures.margin)}>
        <Amount value={usdt(figures.margin)} asset="USDT" />
      </Figure>
      <Figure
        label={t('contract.fee', { rate: info.contract?.feeRate ?? '' })}
        testId="figure-fee"
        value={usdt(figures.fee)}
      >
        <Amount value={usdt(figures.fee)} asset="USDT" />
      </Figure>
      <Figure
        label={t('contract.liquidation')}
        testId="figure-liquidation"
        value={price(figures.liquidation)}
      >
        <Price value={price(figures.liquidation)} />
      </Figure>
      <Figure
        label={t('contract.atTakeProfit')}
        testId="figure-tp"
        value={usdt(figures.atTakeProfit)}
      >
        <ProfitAmount value={usdt(figures.atTakeProfit)} />
      </Figure>
      <Figure label={t('contract.atStopLoss')} testId="figure-sl" value={usdt(figures.atStopLoss)}>
        <ProfitAmount value={usdt(figures.atStopLoss)} />
      </Figure>
    </dl>
  );
}

/** The price a stop is measured from: the limit, or where the position would close now. */
function stopReference(info: TradingInfo, draft: ContractDraft): string | null {
  if (draft.type === 'limit') return draft.price === '' ? null : normaliseDecimal(draft.price);
  return draft.side === 'long' ? info.bid : info.ask;
}

/**
 * Where each stop may go, with the numbers: a long's stop loss below the price it would close
 * at and above its liquidation price, its take profit above; a short's the other way round.
 */
function useStopHints(info: TradingInfo, draft: ContractDraft, liquidation: bigint | undefined) {
  const { t } = useTranslation('trading');
  const reference = stopReference(info, draft);
  if (reference === null) return { stopLoss: undefined, takeProfit: undefined };
  const price = formatDecimal(reference);
  const long = draft.side === 'long';
  return {
    stopLoss:
      liquidation === undefined
        ? t(long ? 'contract.below' : 'contract.above', { price })
        : t(`contract.stopLossBetween.${draft.side}`, {
            price,
            liquidation: formatDecimal(priceText(liquidation, info.precision)),
          }),
    takeProfit: t(long ? 'contract.above' : 'contract.below', { price }),
  };
}

function LeverageField({
  leverages,
  value,
  onChange,
}: {
  leverages: readonly number[];
  value: number;
  onChange: (leverage: number) => void;
}) {
  const { t } = useTranslation('trading');
  return (
    <label className="field">
      <span className="field-label">{t('contract.leverage')}</span>
      <select
        className="select"
        name="leverage"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
        data-testid="leverage"
      >
        {leverages.map((l) => (
          <option key={l} value={l}>
            {t('contract.leverageValue', { value: l })}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Limit price, lots, leverage and the two stops, each with its bound or its refusal. */
function ContractFields({
  info,
  spec,
  draft,
  liquidation,
  set,
  fieldError,
}: {
  info: TradingInfo;
  spec: Spec;
  draft: ContractDraft;
  liquidation: bigint | undefined;
  set: (patch: Partial<Fields>) => void;
  fieldError: (field: ContractField) => string | undefined;
}) {
  const { t } = useTranslation('trading');
  const hints = useStopHints(info, draft, liquidation);
  const decimal = { inputMode: 'decimal', autoComplete: 'off' } as const;
  return (
    <div className="trade-fields">
      {draft.type === 'limit' && (
        <TextField
          label={t('contract.limitPrice')}
          name="price"
          {...decimal}
          value={draft.price}
          onChange={(e) => set({ price: e.target.value })}
          error={fieldError('price')}
          hint={
            info.bid === null
              ? undefined
              : t(`contract.limitHint.${draft.side}`, {
                  bid: formatDecimal(info.bid),
                  ask: formatDecimal(info.ask),
                })
          }
          data-testid="limit-price"
        />
      )}
      <TextField
        label={t('contract.lots')}
        name="lots"
        {...decimal}
        value={draft.lots}
        onChange={(e) => set({ lots: e.target.value })}
        error={fieldError('lots')}
        hint={t('contract.lotsHint', { min: spec.lotMin, step: spec.lotStep, max: spec.lotMax })}
        data-testid="lots"
      />
      <LeverageField
        leverages={spec.leverages}
        value={draft.leverage}
        onChange={(leverage) => set({ leverage })}
      />
      <TextField
        label={t('contract.stopLoss')}
        name="stopLoss"
        {...decimal}
        value={draft.stopLoss}
        onChange={(e) => set({ stopLoss: e.target.value })}
        error={fieldError('stopLoss')}
        hint={hints.stopLoss}
        data-testid="stop-loss"
      />
      <TextField
        label={t('contract.takeProfit')}
        name="takeProfit"
        {...decimal}
        value={draft.takeProfit}
        onChange={(e) => set({ takeProfit: e.target.value })}
        error={fieldError('takeProfit')}
        hint={hints.takeProfit}
        data-testid="take-profit"
      />
    </div>
  );
}

/** Long or short; market or limit. */
function ContractChoices({
  draft,
  onSide,
  set,
}: {
  draft: ContractDraft;
  onSide: (side: Side) => void;
  set: (patch: Partial<Fields>) => void;
}) {
  const { t } = useTranslation('trading');
  return (
    <>
      <div className="trade-sides">
        {(['long', 'short'] as const).map((side) => (
          <button
            key={side}
            type="button"
            className={`btn trade-side trade-side-${side}`}
            aria-pressed={draft.side === side}
            data-testid={`side-${side}`}
            onClick={() => onSide(side)}
          >
            {t(`contract.side.${side}`)}
          </button>
        ))}
      </div>
      <div className="tabs trade-types" role="tablist" aria-label={t('contract.type')}>
        {(['market', 'limit'] as const).map((type) => (
          <button
            key={type}
            type="button"
            role="tab"
            className="tab"
            aria-selected={draft.type === type}
            data-testid={`type-${type}`}
            onClick={() => set({ type })}
          >
            {t(`contract.types.${type}`)}
          </button>
        ))}
      </div>
    </>
  );
}

/** The confirm step: the order as it will be sent, and what it will hold and charge. */
function ConfirmContract({
  info,
  draft,
  figures,
  gate,
  busy,
  onSend,
  onClose,
}: {
  info: TradingInfo;
  draft: ContractDraft;
  figures: ContractFigures;
  gate: TradeGate;
  busy: boolean;
  onSend: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('trading');
  return (
    <Modal title={t('contract.confirmTitle')} onClose={onClose}>
      <div className="trade-confirm" data-testid="trade-confirm">
        <dl className="trade-summary">
          <Figure label={t('contract.order')} testId="confirm-order">
            {t(`contract.side.${draft.side}`)} · {t(`contract.types.${draft.type}`)} · {info.code}
          </Figure>
          <Figure label={t('contract.lots')} testId="confirm-lots">
            <span className="num">{normaliseDecimal(draft.lots)}</span> ·{' '}
            {t('contract.leverageValue', { value: draft.leverage })}
          </Figure>
          <Figure label={t('contract.stopLoss')} testId="confirm-sl">
            <Amount value={normaliseDecimal(draft.stopLoss)} />
          </Figure>
          <Figure label={t('contract.takeProfit')} testId="confirm-tp">
            <Amount value={normaliseDecimal(draft.takeProfit)} />
          </Figure>
        </dl>
        <ContractSummary info={info} draft={draft} figures={figures} />
        <p className="muted">
          {t(draft.type === 'market' ? 'contract.confirmMarket' : 'contract.confirmLimit')}
        </p>
        {figures.problems.length > 0 && (
          <div className="alert alert-error" role="alert">
            {t(`errors:${figures.problems[0]?.code ?? Code.systemError}`)}
          </div>
        )}
        <button
          type="button"
          className={`btn btn-block trade-side-${draft.side}`}
          data-testid="trade-confirm-submit"
          disabled={busy || figures.problems.length > 0 || gate !== 'ready'}
          onClick={onSend}
        >
          {t('contract.confirm')}
        </button>
      </div>
    </Modal>
  );
}

/** The answer to a placed order: opened at a price, or waiting for its limit. */
function ContractDone({ order: answered }: { order: UOrder }) {
  const { t } = useTranslation('trading');
  // The order as it is now (refetched on each nudge): once a waiting order opens, or a position
  // closes, the line follows it instead of repeating the first answer.
  const order = useUOrder(answered.id).data ?? answered;
  const ended = order.status === 'closed' || order.status === 'cancelled';
  return (
    <div
      className={`alert ${ended ? 'alert-info' : 'alert-success'}`}
      role="status"
      data-testid="trade-done"
      data-status={order.status}
    >
      {order.status === 'open'
        ? t('contract.opened', { id: order.id, price: formatDecimal(order.openPrice) })
        : order.status === 'waiting'
          ? t('contract.placed', { id: order.id, price: formatDecimal(order.limitPrice) })
          : t('contract.since', { id: order.id, status: t(`status.${order.status}`) })}{' '}
      <Link
        to={`/profile/orders?tab=${ended ? 'history' : order.status === 'open' ? 'positions' : 'pending'}`}
      >
        {t('panel.toOrders')}
      </Link>
    </div>
  );
}

/** buyU with the form's request key: one order however often the answer is lost and retried. */
function useSendContract(info: TradingInfo, draft: ContractDraft) {
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  return async (): Promise<UOrder> => {
    try {
      const order = await call('buyU', {
        body: {
          key: requestKey.next(),
          instrumentId: info.instrumentId,
          side: draft.side,
          type: draft.type,
          price: draft.type === 'limit' ? normaliseDecimal(draft.price) : undefined,
          lots: normaliseDecimal(draft.lots),
          leverage: draft.leverage,
          stopLoss: normaliseDecimal(draft.stopLoss),
          takeProfit: normaliseDecimal(draft.takeProfit),
        },
      });
      requestKey.settle();
      await refreshTrading(queryClient);
      return order;
    } catch (err) {
      requestKey.settle(err);
      throw err;
    }
  };
}

/** The contract form's state: what is typed, its figures and refusals, review and send. */
function useContractForm(info: TradingInfo, spec: Spec, gate: TradeGate, side: Side) {
  const balances = useBalances();
  const form = useFormError();
  const problemText = useProblemText();
  const [fields, setFields] = useState<Fields>(() => ({
    type: 'market',
    price: '',
    lots: spec.lotMin,
    leverage: defaultLeverage(spec.leverages),
    stopLoss: '',
    takeProfit: '',
  }));
  const draft: ContractDraft = { ...fields, side };
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<UOrder | null>(null);
  const sendContract = useSendContract(info, draft);
  const available = balances.data?.assets.find((a) => a.asset === 'USDT')?.available;
  const figures = contractFigures(info, draft, gate === 'ready' ? available : undefined);
  const touched = () => {
    form.clear();
    setDone(null);
  };
  const bothTyped = draft.stopLoss !== '' && draft.takeProfit !== '';
  return {
    form,
    draft,
    figures,
    available,
    done,
    confirming,
    touched,
    set(patch: Partial<Fields>) {
      setFields((d) => ({ ...d, ...patch }));
      touched();
    },
    /** A field's problem once the person has typed in it, or tried to continue. */
    fieldError(field: ContractField): string | undefined {
      const typed = field === 'leverage' || draft[field] !== '';
      const problem = figures.problems.find((p) => p.field === field);
      if (problem !== undefined && (typed || submitted)) return problemText(problem);
      return form.fieldError(field);
    },
    formProblem: figures.problems.find(
      (p) =>
        p.field === undefined && (submitted || bothTyped || p.code === Code.insufficientBalance),
    ),
    review(e: FormEvent) {
      e.preventDefault();
      setSubmitted(true);
      form.clear();
      if (gate === 'ready' && figures.problems.length === 0) setConfirming(true);
    },
    closeConfirm: () => setConfirming(false),
    send: () =>
      form.submit(async () => {
        try {
          setDone(await sendContract());
          setSubmitted(false);
          setFields((d) => ({ ...d, price: '', stopLoss: '', takeProfit: '' }));
        } finally {
          setConfirming(false);
        }
      }),
  };
}

/**
 * A leveraged contract: side, market or limit, lots, leverage, the required stop loss and take
 * profit, and the figures the server will hold and charge, computed with its own formulas
 * before the person confirms. The side is the panel's (its Buy/Sell bar sets it on a phone).
 */
export function ContractForm({
  info,
  spec,
  gate,
  side,
  onSide,
}: {
  info: TradingInfo;
  spec: Spec;
  gate: TradeGate;
  side: Side;
  onSide: (side: Side) => void;
}) {
  const { t } = useTranslation('trading');
  const f = useContractForm(info, spec, gate, side);
  return (
    <form className="trade-form" onSubmit={f.review} noValidate data-testid="contract-form">
      <ContractChoices
        draft={f.draft}
        onSide={(next) => {
          onSide(next);
          f.touched();
        }}
        set={f.set}
      />
      <ContractFields
        info={info}
        spec={spec}
        draft={f.draft}
        liquidation={f.figures.liquidation}
        set={f.set}
        fieldError={f.fieldError}
      />
      <ContractSummary info={info} draft={f.draft} figures={f.figures} />
      <TradeFoot
        problem={f.formProblem}
        form={f.form}
        fields={FIELDS}
        gate={gate}
        available={f.available}
        label={t('contract.review')}
        testId="trade-review"
      >
        {f.done !== null && <ContractDone order={f.done} />}
      </TradeFoot>
      {f.confirming && (
        <ConfirmContract
          info={info}
          draft={f.draft}
          figures={f.figures}
          gate={gate}
          busy={f.form.busy}
          onSend={() => void f.send()}
          onClose={f.closeConfirm}
        />
      )}
    </form>
  );
}

/**
 * What stands between the form and its button: the refusal that is not a field's (a balance
 * too small, with its way out), the server's answer, then the available balance and the
 * button (kept in view at the bottom of a phone's sheet).
 */
export function TradeFoot({
  problem,
  form,
  fields,
  gate,
  available,
  label,
  testId,
  children,
}: {
  problem: Problem | undefined;
  form: ReturnType<typeof useFormError>;
  fields: readonly string[];
  gate: TradeGate;
  available: string | undefined;
  label: string;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('trading');
  const problemText = useProblemText();
  return (
    <>
      <FormProblem
        insufficient={problem?.code === Code.insufficientBalance ? 'USDT' : undefined}
        message={problem === undefined ? undefined : problemText(problem)}
        testId="contract-problem"
      />
      <FormErrorAlert form={form} fields={fields} />
      {children}
      <div className="trade-submit sheet-submit">
        {gate === 'ready' && available !== undefined && (
          <p className="muted trade-available">
            {t('panel.available')} <Amount value={available} asset="USDT" />
          </p>
        )}
        <SubmitOrSignIn gate={gate} busy={form.busy} label={label} testId={testId} />
      </div>
    </>
  );
}

/** The submit button, or what stands in its way: signing in, or a closed market. */
export function SubmitOrSignIn({
  gate,
  busy,
  label,
  testId,
}: {
  gate: TradeGate;
  busy: boolean;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation('trading');
  if (gate === 'signedOut') {
    const back = `${window.location.pathname}${window.location.search}`;
    return (
      <Link
        to={`/pass/login?redirect=${encodeURIComponent(back)}`}
        className="btn btn-primary btn-block"
        data-testid="trade-sign-in"
      >
        {t('panel.signIn')}
      </Link>
    );
  }
  return (
    <button
      type="submit"
      className="btn btn-primary btn-block"
      data-testid={testId}
      disabled={busy || gate !== 'ready'}
    >
      {label}
    </button>
  );
}

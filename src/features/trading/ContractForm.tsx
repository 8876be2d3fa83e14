import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
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
import { Amount } from '../../ui/Amount.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { InsufficientFunds } from '../../ui/InsufficientFunds.tsx';
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
import { refreshTrading, useBalances } from './queries.ts';

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
        <Amount value={price(figures.openPrice)} />
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
        <Amount value={price(figures.liquidation)} />
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
  const reference = stopReference(info, draft);
  const price = reference === null ? '' : formatDecimal(reference);
  const below = draft.side === 'long';
  const stopLossHint =
    reference === null
      ? undefined
      : liquidation === undefined
        ? t(below ? 'contract.below' : 'contract.above', { price })
        : t(`contract.stopLossBetween.${draft.side}`, {
            price,
            liquidation: formatDecimal(priceText(liquidation, info.precision)),
          });
  const takeProfitHint =
    reference === null ? undefined : t(below ? 'contract.above' : 'contract.below', { price });
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
      <label className="field">
        <span className="field-label">{t('contract.leverage')}</span>
        <select
          className="select"
          name="leverage"
          value={draft.leverage}
          onChange={(e) => set({ leverage: Number(e.target.value) })}
          data-testid="leverage"
        >
          {spec.leverages.map((l) => (
            <option key={l} value={l}>
              {t('contract.leverageValue', { value: l })}
            </option>
          ))}
        </select>
      </label>
      <TextField
        label={t('contract.stopLoss')}
        name="stopLoss"
        {...decimal}
        value={draft.stopLoss}
        onChange={(e) => set({ stopLoss: e.target.value })}
        error={fieldError('stopLoss')}
        hint={stopLossHint}
        data-testid="stop-loss"
      />
      <TextField
        label={t('contract.takeProfit')}
        name="takeProfit"
        {...decimal}
        value={draft.takeProfit}
        onChange={(e) => set({ takeProfit: e.target.value })}
        error={fieldError('takeProfit')}
        hint={takeProfitHint}
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
function ContractDone({ order }: { order: UOrder }) {
  const { t } = useTranslation('trading');
  return (
    <div className="alert alert-success" role="status" data-testid="trade-done">
      {order.status === 'open'
        ? t('contract.opened', { id: order.id, price: formatDecimal(order.openPrice) })
        : t('contract.placed', { id: order.id, price: formatDecimal(order.limitPrice) })}{' '}
      <Link to={`/profile/orders?tab=${order.status === 'open' ? 'positions' : 'pending'}`}>
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
  const set = (patch: Partial<Fields>) => {
    setFields((d) => ({ ...d, ...patch }));
    touched();
  };

  /** A field's problem once the person has typed in it, or tried to continue. */
  const fieldError = (field: ContractField): string | undefined => {
    const typed = field === 'leverage' || draft[field] !== '';
    const problem = figures.problems.find((p) => p.field === field);
    if (problem !== undefined && (typed || submitted)) return problemText(problem);
    return form.fieldError(field);
  };
  const bothTyped = draft.stopLoss !== '' && draft.takeProfit !== '';
  const formProblem = figures.problems.find(
    (p) => p.field === undefined && (submitted || bothTyped || p.code === Code.insufficientBalance),
  );

  function review(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    form.clear();
    if (gate !== 'ready' || figures.problems.length > 0) return;
    setConfirming(true);
  }

  async function send() {
    await form.submit(async () => {
      try {
        setDone(await sendContract());
        setSubmitted(false);
        setFields((d) => ({ ...d, price: '', stopLoss: '', takeProfit: '' }));
      } finally {
        setConfirming(false);
      }
    });
  }

  return (
    <form className="trade-form" onSubmit={review} noValidate data-testid="contract-form">
      <ContractChoices
        draft={draft}
        onSide={(next) => {
          onSide(next);
          touched();
        }}
        set={set}
      />
      <ContractFields
        info={info}
        spec={spec}
        draft={draft}
        liquidation={figures.liquidation}
        set={set}
        fieldError={fieldError}
      />
      <ContractSummary info={info} draft={draft} figures={figures} />
      {formProblem?.code === Code.insufficientBalance ? (
        <InsufficientFunds asset="USDT" />
      ) : (
        formProblem !== undefined && (
          <div className="alert alert-error" role="alert" data-testid="contract-problem">
            {problemText(formProblem)}
          </div>
        )
      )}
      <FormErrorAlert form={form} fields={FIELDS} />
      {done !== null && <ContractDone order={done} />}
      <div className="trade-submit sheet-submit">
        {gate === 'ready' && available !== undefined && (
          <p className="muted trade-available">
            {t('panel.available')} <Amount value={available} asset="USDT" />
          </p>
        )}
        <SubmitOrSignIn
          gate={gate}
          busy={form.busy}
          label={t('contract.review')}
          testId="trade-review"
        />
      </div>
      {confirming && (
        <ConfirmContract
          info={info}
          draft={draft}
          figures={figures}
          gate={gate}
          busy={form.busy}
          onSend={() => void send()}
          onClose={() => setConfirming(false)}
        />
      )}
    </form>
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

import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Code } from '../../../contract/errors.ts';
import type { UOrder } from '../../../contract/trading/schemas.ts';
import { call } from '../../api/client.ts';
import { formatDecimal } from '../../lib/format.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { Amount } from '../../ui/Amount.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
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
  type TradingInfo,
} from './figures.ts';
import { Figure } from '../../ui/Figure.tsx';
import { ProfitAmount } from './parts.tsx';
import type { TradeGate } from './parts.tsx';
import { refreshTrading, useBalances } from './queries.ts';

type Spec = NonNullable<TradingInfo['contract']>;

/** Fields that show their own refusal; any other is shown above the button. */
const FIELDS: readonly ContractField[] = ['price', 'lots', 'leverage', 'stopLoss', 'takeProfit'];

/** 10x where offered (a common first choice), else the lowest leverage. */
function defaultLeverage(leverages: readonly number[]): number {
  return leverages.includes(10) ? 10 : (leverages[0] ?? 1);
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

/**
 * A leveraged contract: side, market or limit, lots, leverage, the required stop loss and take
 * profit, and the figures the server will hold and charge, computed with its own formulas
 * before the person confirms.
 */
export function ContractForm({
  info,
  spec,
  gate,
}: {
  info: TradingInfo;
  spec: Spec;
  gate: TradeGate;
}) {
  const { t } = useTranslation('trading');
  const queryClient = useQueryClient();
  const balances = useBalances();
  const form = useFormError();
  const requestKey = useRequestKey();
  const [draft, setDraft] = useState<ContractDraft>(() => ({
    side: 'long',
    type: 'market',
    price: '',
    lots: spec.lotMin,
    leverage: defaultLeverage(spec.leverages),
    stopLoss: '',
    takeProfit: '',
  }));
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<UOrder | null>(null);

  const available = balances.data?.assets.find((a) => a.asset === 'USDT')?.available;
  const figures = contractFigures(info, draft, gate === 'ready' ? available : undefined);
  const set = (patch: Partial<ContractDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    form.clear();
    setDone(null);
  };

  /** A field's problem once the person has typed in it, or tried to continue. */
  const fieldError = (field: ContractField): string | undefined => {
    const typed = field === 'leverage' || draft[field] !== '';
    const problem = figures.problems.find((p) => p.field === field);
    if (problem !== undefined && (typed || submitted)) return t(`errors:${problem.code}`);
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
        setDone(order);
        setSubmitted(false);
        setDraft((d) => ({ ...d, price: '', stopLoss: '', takeProfit: '' }));
        await refreshTrading(queryClient);
      } catch (err) {
        requestKey.settle(err);
        throw err;
      } finally {
        setConfirming(false);
      }
    });
  }

  const sideButton = (side: ContractDraft['side']) => (
    <button
      type="button"
      className={`btn trade-side trade-side-${side}`}
      aria-pressed={draft.side === side}
      data-testid={`side-${side}`}
      onClick={() => set({ side })}
    >
      {t(`contract.side.${side}`)}
    </button>
  );
  const bounds = t('contract.lotsHint', {
    min: spec.lotMin,
    step: spec.lotStep,
    max: spec.lotMax,
  });
  const priceHint = (key: string) =>
    info.bid === null
      ? undefined
      : t(key, { bid: formatDecimal(info.bid), ask: formatDecimal(info.ask) });

  return (
    <form className="trade-form" onSubmit={review} noValidate data-testid="contract-form">
      <div className="trade-sides">
        {sideButton('long')}
        {sideButton('short')}
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
      <div className="trade-fields">
        {draft.type === 'limit' && (
          <TextField
            label={t('contract.limitPrice')}
            name="price"
            inputMode="decimal"
            autoComplete="off"
            value={draft.price}
            onChange={(e) => set({ price: e.target.value })}
            error={fieldError('price')}
            hint={priceHint(`contract.limitHint.${draft.side}`)}
            data-testid="limit-price"
          />
        )}
        <TextField
          label={t('contract.lots')}
          name="lots"
          inputMode="decimal"
          autoComplete="off"
          value={draft.lots}
          onChange={(e) => set({ lots: e.target.value })}
          error={fieldError('lots')}
          hint={bounds}
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
          inputMode="decimal"
          autoComplete="off"
          value={draft.stopLoss}
          onChange={(e) => set({ stopLoss: e.target.value })}
          error={fieldError('stopLoss')}
          hint={t(`contract.stopLossHint.${draft.side}`)}
          data-testid="stop-loss"
        />
        <TextField
          label={t('contract.takeProfit')}
          name="takeProfit"
          inputMode="decimal"
          autoComplete="off"
          value={draft.takeProfit}
          onChange={(e) => set({ takeProfit: e.target.value })}
          error={fieldError('takeProfit')}
          hint={t(`contract.takeProfitHint.${draft.side}`)}
          data-testid="take-profit"
        />
      </div>
      <ContractSummary info={info} draft={draft} figures={figures} />
      {gate === 'ready' && available !== undefined && (
        <p className="muted trade-available">
          {t('panel.available')} <Amount value={available} asset="USDT" />
        </p>
      )}
      {formProblem !== undefined && (
        <div className="alert alert-error" role="alert" data-testid="contract-problem">
          {t(`errors:${formProblem.code}`)}
        </div>
      )}
      <FormErrorAlert form={form} fields={FIELDS} />
      {done !== null && (
        <div className="alert alert-success" role="status" data-testid="trade-done">
          {done.status === 'open'
            ? t('contract.opened', { id: done.id, price: formatDecimal(done.openPrice) })
            : t('contract.placed', { id: done.id, price: formatDecimal(done.limitPrice) })}{' '}
          <Link to={`/profile/orders?tab=${done.status === 'open' ? 'positions' : 'pending'}`}>
            {t('panel.toOrders')}
          </Link>
        </div>
      )}
      <SubmitOrSignIn
        gate={gate}
        busy={form.busy}
        label={t('contract.review')}
        testId="trade-review"
      />
      {confirming && (
        <Modal title={t('contract.confirmTitle')} onClose={() => setConfirming(false)}>
          <div className="trade-confirm" data-testid="trade-confirm">
            <dl className="trade-summary">
              <Figure label={t('contract.order')} testId="confirm-order">
                {t(`contract.side.${draft.side}`)} · {t(`contract.types.${draft.type}`)} ·{' '}
                {info.code}
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
              disabled={form.busy || figures.problems.length > 0 || gate !== 'ready'}
              onClick={() => void send()}
            >
              {t('contract.confirm')}
            </button>
          </div>
        </Modal>
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

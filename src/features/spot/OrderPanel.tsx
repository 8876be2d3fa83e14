import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Code } from '../../../contract/errors.ts';
import type { SpotBook, SpotOrder, SpotPair } from '../../../contract/spot/schemas.ts';
import { call } from '../../api/client.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  draftFigures,
  percentQty,
  type Available,
  type SpotSide,
  type SpotTif,
  type SpotType,
} from './draft.ts';
import { normaliseDecimal } from './format.ts';
import { Figure } from '../../ui/Figure.tsx';
import { LedgerBadge, OrderResult } from './parts.tsx';
import { refreshSpot, useBalances } from './queries.ts';

const PERCENTS = [25, 50, 75, 100] as const;
const TIFS: readonly SpotTif[] = ['gtc', 'ioc', 'post_only'];
const FIELDS = ['price', 'qty'] as const;

/** What the panel shares between its buy and sell forms: the order type, and each side's price. */
export interface PanelDraft {
  type: SpotType;
  tif: SpotTif;
  price: Record<SpotSide, string>;
}

export const EMPTY_DRAFT: PanelDraft = { type: 'limit', tif: 'gtc', price: { buy: '', sell: '' } };

function useAvailable(pair: SpotPair): Available | undefined {
  const balances = useBalances();
  const assets = balances.data?.assets;
  if (assets === undefined) return undefined;
  const of = (asset: string) => assets.find((a) => a.asset === asset)?.available ?? '0';
  return { base: of(pair.base), quote: of(pair.quote) };
}

/** One side's form: price (limit), quantity, a share of the balance, and the figures. */
function SideForm({
  side,
  pair,
  book,
  draft,
  onPrice,
  available,
}: {
  side: SpotSide;
  pair: SpotPair;
  book: SpotBook | undefined;
  draft: PanelDraft;
  onPrice: (price: string) => void;
  available: Available | undefined;
}) {
  const { t } = useTranslation('spot');
  const queryClient = useQueryClient();
  const form = useFormError();
  const requestKey = useRequestKey();
  const [qty, setQty] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [done, setDone] = useState<SpotOrder | null>(null);
  const price = normaliseDecimal(draft.price[side]);
  const figures = draftFigures(
    pair,
    { side, type: draft.type, tif: draft.tif, price, qty: normaliseDecimal(qty) },
    { bestAsk: book?.asks[0]?.price, bestBid: book?.bids[0]?.price, feedPrice: book?.feedPrice },
    available,
  );
  const typed = { price: draft.price[side] !== '', qty: qty !== '' };

  const fieldError = (field: 'price' | 'qty'): string | undefined => {
    const problem = figures.problems.find((p) => p.field === field);
    if (problem !== undefined && (typed[field] || submitted)) return t(`errors:${problem.code}`);
    return form.fieldError(field);
  };
  const formProblem = figures.problems.find(
    (p) => p.field === undefined && (submitted || typed.qty || p.code === Code.notTradable),
  );

  const change = (apply: () => void) => {
    apply();
    form.clear();
    setDone(null);
  };

  async function send(e: FormEvent) {
    e.preventDefault();
    setSubmitted(true);
    form.clear();
    if (figures.problems.length > 0) return;
    await form.submit(async () => {
      try {
        const order = await call('submit', {
          body: {
            key: requestKey.next(),
            code: pair.code,
            side,
            type: draft.type,
            tif: draft.type === 'limit' ? draft.tif : undefined,
            price: draft.type === 'limit' ? price : undefined,
            qty: normaliseDecimal(qty),
          },
        });
        requestKey.settle();
        setDone(order);
        setSubmitted(false);
        setQty('');
        await refreshSpot(queryClient);
      } catch (err) {
        requestKey.settle(err);
        throw err;
      }
    });
  }

  const coin = side === 'buy' ? pair.quote : pair.base;
  const own =
    available === undefined ? undefined : side === 'buy' ? available.quote : available.base;
  return (
    <form
      className={`spot-form spot-form-${side}`}
      onSubmit={(e) => void send(e)}
      noValidate
      data-testid={`spot-form-${side}`}
    >
      <p className="spot-available">
        <span className="muted">{t('form.available')}</span>{' '}
        <span data-testid="available" data-value={own ?? ''}>
          <Amount value={own ?? null} asset={coin} />
        </span>
      </p>
      {draft.type === 'limit' ? (
        <TextField
          label={t('form.price', { quote: pair.quote })}
          name="price"
          inputMode="decimal"
          autoComplete="off"
          value={draft.price[side]}
          onChange={(e) => change(() => onPrice(e.target.value))}
          error={fieldError('price')}
          hint={t('form.tick', { tick: pair.tickSize })}
          data-testid="spot-price"
        />
      ) : (
        <p className="spot-market-note muted">{t('form.marketNote', { band: pair.marketBand })}</p>
      )}
      <TextField
        label={t('form.qty', { base: pair.base })}
        name="qty"
        inputMode="decimal"
        autoComplete="off"
        value={qty}
        onChange={(e) => change(() => setQty(e.target.value))}
        error={fieldError('qty')}
        hint={t('form.lot', { lot: pair.lotSize, min: pair.minNotional, quote: pair.quote })}
        data-testid="spot-qty"
      />
      <div className="spot-percents" role="group" aria-label={t('form.share')}>
        {PERCENTS.map((percent) => {
          const value = percentQty(pair, side, percent, figures.holdPrice, available);
          return (
            <button
              key={percent}
              type="button"
              className="btn btn-ghost btn-small"
              disabled={value === undefined}
              data-testid={`percent-${percent}`}
              onClick={() => change(() => setQty(value ?? ''))}
            >
              {t('form.percent', { percent })}
            </button>
          );
        })}
      </div>
      <dl className="spot-figures">
        <Figure
          label={t(figures.estimate ? 'form.turnoverEstimate' : 'form.turnover', {
            quote: pair.quote,
          })}
          testId="turnover"
          value={figures.turnover}
        >
          <Amount value={figures.turnover ?? null} asset={pair.quote} />
        </Figure>
        <Figure label={t('form.fee', { rate: figures.feeRate })} testId="fee" value={figures.fee}>
          <Amount value={figures.fee ?? null} asset={figures.feeAsset} />
        </Figure>
        <Figure
          label={t(figures.estimate ? 'form.receiveEstimate' : 'form.receive')}
          testId="receive"
          value={figures.receive}
        >
          <Amount value={figures.receive ?? null} asset={figures.receiveAsset} />
        </Figure>
        {figures.protection !== undefined && (
          <Figure
            label={t(side === 'buy' ? 'form.protection.buy' : 'form.protection.sell')}
            testId="protection"
            value={figures.protection}
          >
            <Amount value={figures.protection} asset={pair.quote} />
          </Figure>
        )}
      </dl>
      {formProblem !== undefined && (
        <div className="alert alert-error" role="alert" data-testid="spot-problem">
          {t(`errors:${formProblem.code}`)}
        </div>
      )}
      <FormErrorAlert form={form} fields={FIELDS} />
      {done !== null && <OrderResult order={done} base={pair.base} quote={pair.quote} />}
      <button
        type="submit"
        className={`btn btn-block spot-submit-${side}`}
        disabled={form.busy}
        data-testid={`submit-${side}`}
      >
        {t(side === 'buy' ? 'form.buy' : 'form.sell', { base: pair.base })}
      </button>
    </form>
  );
}

/**
 * Buying and selling the pair: limit or market, the time in force of a limit, and a form per
 * side (both at once on a wide screen, one at a time on a phone). Visitors are asked to sign in.
 */
export function OrderPanel({
  pair,
  book,
  draft,
  setDraft,
  compact,
}: {
  pair: SpotPair;
  book: SpotBook | undefined;
  draft: PanelDraft;
  setDraft: (update: (d: PanelDraft) => PanelDraft) => void;
  compact: boolean;
}) {
  const { t } = useTranslation('spot');
  const titleId = useId();
  const { isLogin } = useStore(sessionStore);
  const available = useAvailable(pair);
  const [side, setSide] = useState<SpotSide>('buy');

  const head = (
    <header className="spot-card-head">
      <h2 id={titleId} className="section-title">
        {t('form.title')}
      </h2>
      <LedgerBadge />
    </header>
  );
  if (!isLogin) {
    const back = `/spot/${encodeURIComponent(pair.code)}`;
    return (
      <section
        className="card spot-card spot-panel"
        aria-labelledby={titleId}
        data-testid="spot-panel"
      >
        {head}
        <p data-testid="spot-sign-in-note">{t('form.signInNote', { symbol: pair.symbol })}</p>
        <div className="spot-sign-in">
          <Link
            to={`/pass/login?redirect=${encodeURIComponent(back)}`}
            className="btn btn-primary"
            data-testid="spot-sign-in"
          >
            {t('form.signIn')}
          </Link>
          <Link to="/pass/register" className="btn btn-ghost">
            {t('form.register')}
          </Link>
        </div>
      </section>
    );
  }

  const sides: SpotSide[] = compact ? [side] : ['buy', 'sell'];
  return (
    <section
      className="card spot-card spot-panel"
      aria-labelledby={titleId}
      data-testid="spot-panel"
    >
      {head}
      {compact && (
        <div className="spot-sides">
          {(['buy', 'sell'] as const).map((s) => (
            <button
              key={s}
              type="button"
              className={`btn spot-side spot-side-button-${s}`}
              aria-pressed={side === s}
              data-testid={`side-${s}`}
              onClick={() => setSide(s)}
            >
              {t(`side.${s}`)}
            </button>
          ))}
        </div>
      )}
      <div className="spot-type-row">
        <div className="tabs spot-types" role="tablist" aria-label={t('form.type')}>
          {(['limit', 'market'] as const).map((type) => (
            <button
              key={type}
              type="button"
              role="tab"
              className="tab"
              aria-selected={draft.type === type}
              data-testid={`type-${type}`}
              onClick={() => setDraft((d) => ({ ...d, type }))}
            >
              {t(`type.${type}`)}
            </button>
          ))}
        </div>
        {draft.type === 'limit' && (
          <label className="field spot-tif">
            <span className="field-label">{t('form.tif')}</span>
            <select
              className="select"
              value={draft.tif}
              onChange={(e) => setDraft((d) => ({ ...d, tif: e.target.value as SpotTif }))}
              data-testid="spot-tif"
            >
              {TIFS.map((tif) => (
                <option key={tif} value={tif}>
                  {t(`tif.${tif}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {draft.type === 'limit' && <p className="muted spot-tif-hint">{t(`tifHint.${draft.tif}`)}</p>}
      <div className={compact ? 'spot-forms' : 'spot-forms spot-forms-two'}>
        {sides.map((s) => (
          <SideForm
            key={`${s}-${pair.code}`}
            side={s}
            pair={pair}
            book={book}
            draft={draft}
            available={available}
            onPrice={(price) => setDraft((d) => ({ ...d, price: { ...d.price, [s]: price } }))}
          />
        ))}
      </div>
      <p className="muted spot-fees" data-testid="spot-fees">
        {t('form.fees', { maker: pair.makerFeeRate, taker: pair.takerFeeRate })}
      </p>
    </section>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Code } from '../../../contract/errors.ts';
import type { SpotBook, SpotOrder, SpotPair } from '../../../contract/spot/schemas.ts';
import { call } from '../../api/client.ts';
import { useInputProblemText } from '../../lib/decimal-input.ts';
import { formatDecimal } from '../../lib/format.ts';
import { useFormError } from '../../lib/use-form-error.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { ActionBar } from '../../ui/ActionBar.tsx';
import { Amount } from '../../ui/Amount.tsx';
import { FormErrorAlert } from '../../ui/FormErrorAlert.tsx';
import { FormProblem } from '../../ui/InsufficientFunds.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { TextField } from '../../ui/TextField.tsx';
import {
  draftFigures,
  percentQty,
  type Available,
  type DraftFigures,
  type Problem,
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

/** A refusal in words: what is wrong with the typed amount, or the catalogue line. */
function useSpotProblemText(pair: SpotPair): (problem: Problem) => string {
  const { t } = useTranslation('spot');
  const inputText = useInputProblemText();
  return (problem) => {
    if (problem.input !== undefined) {
      return inputText(problem.input, problem.field === 'price' ? pair.quote : pair.base);
    }
    if (problem.notional !== undefined) {
      return t('form.minNotional', {
        min: formatDecimal(problem.notional.min),
        value: formatDecimal(problem.notional.value),
        quote: pair.quote,
      });
    }
    return t(`errors:${problem.code}`);
  };
}

/** What the order trades, costs and brings, as the form shows it before sending. */
function SideFigures({
  side,
  pair,
  figures,
}: {
  side: SpotSide;
  pair: SpotPair;
  figures: DraftFigures;
}) {
  const { t } = useTranslation('spot');
  return (
    <dl className="spot-figures">
      {figures.protection !== undefined && (
        <Figure
          label={t(`form.limitPerCoin.${side}`, { base: pair.base })}
          testId="protection"
          value={figures.protection}
        >
          <Amount value={figures.protection} asset={pair.quote} />
        </Figure>
      )}
      <Figure
        label={t(figures.estimate ? 'form.turnoverEstimate' : 'form.turnover', {
          quote: pair.quote,
        })}
        testId="turnover"
        value={figures.turnover}
      >
        <Amount value={figures.turnover ?? null} asset={pair.quote} />
      </Figure>
      {figures.estimate && figures.held !== undefined && (
        <Figure label={t('form.setAside')} testId="held" value={figures.held}>
          <Amount value={figures.held} asset={pair.quote} />
        </Figure>
      )}
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
    </dl>
  );
}

/** A limit far from the market: how far, and what that price will do. */
function FarWarning({
  side,
  pair,
  deviation,
  feedPrice,
}: {
  side: SpotSide;
  pair: SpotPair;
  deviation: string;
  feedPrice: string | null | undefined;
}) {
  const { t } = useTranslation('spot');
  const above = !deviation.startsWith('-');
  return (
    <div
      className="alert alert-warning"
      role="alert"
      data-testid="far-warning"
      data-deviation={deviation}
    >
      <p>
        <strong>
          {t(above ? 'confirm.farAbove' : 'confirm.farBelow', {
            percent: formatDecimal(deviation.replace('-', '')),
            market: formatDecimal(feedPrice ?? null),
            quote: pair.quote,
          })}
        </strong>
      </p>
      {/* A buy above the market, or a sell below it, trades at once; the other way it waits. */}
      <p>{t(`confirm.farEffect.${above === (side === 'buy') ? 'trades' : 'waits'}`)}</p>
    </div>
  );
}

/** The confirm step: the order, its figures, and a warning when its price is far from the market. */
function ConfirmSpot({
  pair,
  order,
  figures,
  feedPrice,
  busy,
  onSend,
  onClose,
}: {
  pair: SpotPair;
  order: { side: SpotSide; type: SpotType; price: string; qty: string };
  figures: DraftFigures;
  feedPrice: string | null | undefined;
  busy: boolean;
  onSend: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('spot');
  const { side, type } = order;
  return (
    <Modal title={t('confirm.title')} onClose={onClose}>
      <div className="spot-confirm" data-testid="spot-confirm">
        <dl className="spot-figures">
          <Figure label={t('confirm.order')}>
            {t(`side.${side}`)} · {t(`type.${type}`)} · {pair.symbol}
          </Figure>
          {type === 'limit' && (
            <Figure label={t('confirm.price', { base: pair.base })} testId="confirm-price">
              <Amount value={order.price} asset={pair.quote} />
            </Figure>
          )}
          <Figure label={t('form.qty', { base: pair.base })} testId="confirm-qty">
            <Amount value={order.qty} asset={pair.base} />
          </Figure>
        </dl>
        <SideFigures side={side} pair={pair} figures={figures} />
        {figures.far && figures.deviation !== undefined && (
          <FarWarning side={side} pair={pair} deviation={figures.deviation} feedPrice={feedPrice} />
        )}
        <button
          type="button"
          className={`btn btn-block spot-submit-${side}`}
          disabled={busy}
          data-testid="spot-confirm-submit"
          onClick={onSend}
        >
          {t(side === 'buy' ? 'form.buy' : 'form.sell', { base: pair.base })}
        </button>
      </div>
    </Modal>
  );
}

/** submit with the form's request key: one order however often the answer is lost. */
function useSendSpot(pair: SpotPair) {
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  return async (order: {
    side: SpotSide;
    type: SpotType;
    tif: SpotTif;
    price: string;
    qty: string;
  }): Promise<SpotOrder> => {
    try {
      const placed = await call('submit', {
        body: {
          key: requestKey.next(),
          code: pair.code,
          side: order.side,
          type: order.type,
          tif: order.type === 'limit' ? order.tif : undefined,
          price: order.type === 'limit' ? order.price : undefined,
          qty: order.qty,
        },
      });
      requestKey.settle();
      await refreshSpot(queryClient);
      return placed;
    } catch (err) {
      requestKey.settle(err);
      throw err;
    }
  };
}

/** Price (limit) and quantity with their refusals, and the share-of-balance buttons. */
function SideFields({
  side,
  pair,
  draft,
  qty,
  onPrice,
  onQty,
  fieldError,
  holdPrice,
  available,
}: {
  side: SpotSide;
  pair: SpotPair;
  draft: PanelDraft;
  qty: string;
  onPrice: (price: string) => void;
  onQty: (qty: string) => void;
  fieldError: (field: 'price' | 'qty') => string | undefined;
  holdPrice: string | undefined;
  available: Available | undefined;
}) {
  const { t } = useTranslation('spot');
  return (
    <>
      {draft.type === 'limit' ? (
        <TextField
          label={t('form.price', { quote: pair.quote })}
          name="price"
          inputMode="decimal"
          autoComplete="off"
          value={draft.price[side]}
          onChange={(e) => onPrice(e.target.value)}
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
        onChange={(e) => onQty(e.target.value)}
        error={fieldError('qty')}
        hint={t('form.lot', { lot: pair.lotSize, min: pair.minNotional, quote: pair.quote })}
        data-testid="spot-qty"
      />
      <div className="spot-percents" role="group" aria-label={t('form.share')}>
        {PERCENTS.map((percent) => {
          const value = percentQty(pair, side, percent, holdPrice, available);
          return (
            <button
              key={percent}
              type="button"
              className="btn btn-ghost btn-small"
              disabled={value === undefined}
              data-testid={`percent-${percent}`}
              onClick={() => onQty(value ?? '')}
            >
              {t('form.percent', { percent })}
            </button>
          );
        })}
      </div>
    </>
  );
}

/** One side's form state: the quantity typed, the figures and refusals, review and send. */
function useSideForm(
  side: SpotSide,
  pair: SpotPair,
  book: SpotBook | undefined,
  draft: PanelDraft,
  available: Available | undefined,
) {
  const form = useFormError();
  const problemText = useSpotProblemText(pair);
  const sendSpot = useSendSpot(pair);
  const [qty, setQty] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<SpotOrder | null>(null);
  const price = normaliseDecimal(draft.price[side]);
  const order = { side, type: draft.type, tif: draft.tif, price, qty: normaliseDecimal(qty) };
  const figures = draftFigures(
    pair,
    order,
    { bestAsk: book?.asks[0]?.price, bestBid: book?.bids[0]?.price, feedPrice: book?.feedPrice },
    available,
  );
  const typed = { price: draft.price[side] !== '', qty: qty !== '' };
  const formProblem = figures.problems.find(
    (p) => p.field === undefined && (submitted || typed.qty || p.code === Code.notTradable),
  );
  return {
    form,
    qty,
    order,
    figures,
    done,
    confirming,
    problemText,
    formProblem,
    /** A field's problem once the person has typed in it, or tried to send. */
    fieldError(field: 'price' | 'qty'): string | undefined {
      const problem = figures.problems.find((p) => p.field === field);
      if (problem !== undefined && (typed[field] || submitted)) return problemText(problem);
      return form.fieldError(field);
    },
    change(apply: () => void) {
      apply();
      form.clear();
      setDone(null);
    },
    setQty,
    review(e: FormEvent) {
      e.preventDefault();
      setSubmitted(true);
      form.clear();
      if (figures.problems.length === 0) setConfirming(true);
    },
    closeConfirm: () => setConfirming(false),
    send: () =>
      form.submit(async () => {
        try {
          setDone(await sendSpot(order));
          setSubmitted(false);
          setQty('');
        } finally {
          setConfirming(false);
        }
      }),
  };
}

/** One side's form: price (limit), quantity, a share of the balance, the figures, a confirm step. */
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
  const f = useSideForm(side, pair, book, draft, available);
  const coin = side === 'buy' ? pair.quote : pair.base;
  const own =
    available === undefined ? undefined : side === 'buy' ? available.quote : available.base;
  return (
    <form
      className={`spot-form spot-form-${side}`}
      onSubmit={f.review}
      noValidate
      data-testid={`spot-form-${side}`}
    >
      <p className="spot-available">
        <span className="muted">{t('form.available')}</span>{' '}
        <span data-testid="available" data-value={own ?? ''}>
          <Amount value={own ?? null} asset={coin} />
        </span>
      </p>
      <SideFields
        side={side}
        pair={pair}
        draft={draft}
        qty={f.qty}
        onPrice={(p) => f.change(() => onPrice(p))}
        onQty={(q) => f.change(() => f.setQty(q))}
        fieldError={f.fieldError}
        holdPrice={f.figures.holdPrice}
        available={available}
      />
      <SideFigures side={side} pair={pair} figures={f.figures} />
      <FormProblem
        insufficient={f.formProblem?.code === Code.insufficientBalance ? coin : undefined}
        message={f.formProblem === undefined ? undefined : f.problemText(f.formProblem)}
        testId="spot-problem"
      />
      <FormErrorAlert form={f.form} fields={FIELDS} />
      {f.done !== null && <OrderResult order={f.done} base={pair.base} quote={pair.quote} />}
      <div className="sheet-submit">
        <button
          type="submit"
          className={`btn btn-block spot-submit-${side}`}
          disabled={f.form.busy}
          data-testid={`submit-${side}`}
        >
          {t(side === 'buy' ? 'form.buy' : 'form.sell', { base: pair.base })}
        </button>
      </div>
      {f.confirming && (
        <ConfirmSpot
          pair={pair}
          order={f.order}
          figures={f.figures}
          feedPrice={book?.feedPrice}
          busy={f.form.busy}
          onSend={() => void f.send()}
          onClose={f.closeConfirm}
        />
      )}
    </form>
  );
}

/** Visitors: the forms' place says what signing in opens. */
function SignInPanel({ pair }: { pair: SpotPair }) {
  const { t } = useTranslation('spot');
  const titleId = useId();
  const back = `/spot/${encodeURIComponent(pair.code)}`;
  return (
    <section
      className="card spot-card spot-panel"
      aria-labelledby={titleId}
      data-testid="spot-panel"
    >
      <PanelHead titleId={titleId} />
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

/** The panel's title (on a phone, where the sheet has one, the side toggle in its place). */
function PanelHead({ titleId, children }: { titleId: string; children?: ReactNode }) {
  const { t } = useTranslation('spot');
  return (
    <header className="spot-card-head">
      <h2 id={titleId} className={children === undefined ? 'section-title' : 'visually-hidden'}>
        {t('form.title')}
      </h2>
      {children}
      <LedgerBadge />
    </header>
  );
}

/** Limit or market, and a limit's time in force with what it means. */
function TypeRow({
  draft,
  setDraft,
}: {
  draft: PanelDraft;
  setDraft: (update: (d: PanelDraft) => PanelDraft) => void;
}) {
  const { t } = useTranslation('spot');
  return (
    <>
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
    </>
  );
}

/** Buy or sell (a phone shows one side's form at a time). */
function SideToggle({ side, setSide }: { side: SpotSide; setSide: (side: SpotSide) => void }) {
  const { t } = useTranslation('spot');
  return (
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
  );
}

/**
 * On a phone: Buy and Sell pinned at the bottom, each opening the order form in a sheet on its
 * side (made on the first tap, then kept with what was typed).
 */
function CompactPanel({
  pair,
  setSide,
  children,
}: {
  pair: SpotPair;
  setSide: (side: SpotSide) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('spot');
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return (
    <>
      <ActionBar testId="spot-bar">
        {(['buy', 'sell'] as const).map((s) => (
          <button
            key={s}
            type="button"
            className={`btn spot-submit-${s}`}
            data-testid={`bar-${s}`}
            onClick={() => {
              setSide(s);
              setOpen(true);
              setOpened(true);
            }}
          >
            {t(s === 'buy' ? 'form.buy' : 'form.sell', { base: pair.base })}
          </button>
        ))}
      </ActionBar>
      <Sheet open={open} title={t('page.title', { symbol: pair.symbol })} onClose={close}>
        {opened && children}
      </Sheet>
    </>
  );
}

/**
 * Buying and selling the pair: limit or market, the time in force of a limit, and a form per
 * side (both at once on a wide screen; on a phone one at a time, in a sheet opened from a Buy
 * and Sell bar). Visitors are asked to sign in.
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
  if (!isLogin) return <SignInPanel pair={pair} />;

  const sides: SpotSide[] = compact ? [side] : ['buy', 'sell'];
  const panel = (
    <section
      className={compact ? 'spot-panel' : 'card spot-card spot-panel'}
      aria-labelledby={titleId}
      data-testid="spot-panel"
    >
      <PanelHead titleId={titleId}>
        {compact ? <SideToggle side={side} setSide={setSide} /> : undefined}
      </PanelHead>
      <TypeRow draft={draft} setDraft={setDraft} />
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
  return compact ? (
    <CompactPanel pair={pair} setSide={setSide}>
      {panel}
    </CompactPanel>
  ) : (
    panel
  );
}

import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { fromUnits, toUnits } from '../../../contract/decimal.ts';
import { Code } from '../../../contract/errors.ts';
import type { Nft, NftSale, SaleBid } from '../../../contract/nfts/schemas.ts';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { useInputProblemText } from '../../lib/decimal-input.ts';
import { formatDateTime } from '../../lib/time.ts';
import { useWasTrue } from '../../lib/use-was-true.ts';
import { preferences } from '../../state/preferences.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { ConfirmStep } from '../../ui/ConfirmStep.tsx';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Figure } from '../../ui/Figure.tsx';
import { RealBookSwitch } from '../../ui/RealBookSwitch.tsx';
import { SignInPrompt } from '../../ui/SignInPrompt.tsx';
import { HeldLine } from './HeldLine.tsx';
import { ChainFacts, SaleStatus, SplitFacts, TimeLeft } from './parts.tsx';
import { useNft, useSaleLive } from './queries.ts';
import { useBid } from './use-bid.ts';
import './nfts.css';

const usdt = (units: bigint) => fromUnits(units, 6);

/** The sale's terms and state: every figure from the server. */
function SaleFacts({ sale, skewMs }: { sale: NftSale; skewMs: number }) {
  const { t } = useTranslation('nfts');
  const leader = sale.leading ? t('you') : sale.leader;
  return (
    <dl className="nft-facts" data-testid="nft-sale">
      <Figure label={t('currentBid')} value={sale.currentBid} testId="nft-current-bid">
        {sale.currentBid === null ? t('noBids') : <Amount value={sale.currentBid} asset="USDT" />}
      </Figure>
      {leader !== null && (
        <Figure label={t('leader')} testId="nft-leader">
          {leader}
        </Figure>
      )}
      <Figure label={t('startingPrice')} value={sale.startPrice}>
        <Amount value={sale.startPrice} asset="USDT" />
      </Figure>
      <Figure label={t('increment')} value={sale.minIncrementPercent}>
        {t('percent', { value: sale.minIncrementPercent })}
      </Figure>
      {sale.buyNowPrice !== null && (
        <Figure label={t('buyNowPrice')} value={sale.buyNowPrice}>
          <Amount value={sale.buyNowPrice} asset="USDT" />
        </Figure>
      )}
      {sale.status === 'open' ? (
        <Figure label={t('timeLeft')}>
          <TimeLeft endsAt={sale.endsAt} skewMs={skewMs} />
        </Figure>
      ) : (
        <Figure label={t('ended')}>{formatDateTime(sale.endedAt)}</Figure>
      )}
      <Figure label={t('endsAt')} testId="nft-ends-at" value={sale.endsAt}>
        <time dateTime={sale.endsAt}>{formatDateTime(sale.endsAt)}</time>
      </Figure>
      {sale.extendMinutes > 0 && (
        <p className="field-hint nft-wide">{t('extendRule', { count: sale.extendMinutes })}</p>
      )}
    </dl>
  );
}

/** What the bid would give, if it wins: the split in USDT, as the server will pay it. */
function SplitPreview({ split }: { split: { charity: bigint; creator: bigint; fee: bigint } }) {
  const { t } = useTranslation('nfts');
  return (
    <dl className="nft-facts" data-testid="nft-bid-preview">
      {(['charity', 'creator', 'fee'] as const).map((k) => (
        <Figure key={k} label={t(`ifWins.${k}`)} value={usdt(split[k])}>
          <Amount value={usdt(split[k])} asset="USDT" />
        </Figure>
      ))}
    </dl>
  );
}

function BidForm({ sale, nft }: { sale: NftSale; nft: Nft }) {
  const { t } = useTranslation('nfts');
  const problemText = useInputProblemText();
  const bid = useBid(sale);
  const demoRefused = bid.failure instanceof ApiError && bid.failure.code === Code.demoNotAllowed;
  const { book } = useStore(preferences);
  if (book === 'demo' || demoRefused) return <RealBookSwitch testId="nft-real-only" />;
  const buyNowOpen =
    sale.buyNowPrice !== null &&
    (sale.currentBid === null || toUnits(sale.currentBid, 6) < toUnits(sale.buyNowPrice, 6));
  return (
    <form className="nft-form" onSubmit={bid.review} noValidate data-testid="nft-bid-form">
      <div className="field">
        <label className="field-label" htmlFor="nft-bid-amount">
          {t('form.amount')}
        </label>
        <div className="field-row">
          <input
            id="nft-bid-amount"
            className="input"
            inputMode="decimal"
            autoComplete="off"
            placeholder={sale.minNextBid}
            value={bid.amount}
            disabled={bid.step !== 'typing'}
            onChange={(e) => bid.type(e.target.value)}
            aria-invalid={bid.amount !== '' && bid.problem !== undefined ? true : undefined}
            data-testid="nft-bid-amount"
          />
          <span className="nft-unit">USDT</span>
        </div>
        <span className="field-hint" data-testid="nft-min-bid" data-value={sale.minNextBid}>
          {t('form.minBid', { amount: sale.minNextBid })}
        </span>
        {bid.amount !== '' && bid.problem !== undefined && (
          <span className="field-error" role="alert">
            {problemText(bid.problem, 'USDT')}
          </span>
        )}
      </div>
      {bid.split !== null && <SplitPreview split={bid.split} />}
      {bid.step !== 'typing' ? (
        <ConfirmStep
          feature="nft"
          labels={{ back: t('form.back'), confirm: t('form.confirm') }}
          text={
            bid.step === 'buyNow'
              ? t('form.confirmBuyNow', { name: nft.name, amount: sale.buyNowPrice })
              : t('form.confirmBid', { name: nft.name, amount: bid.value })
          }
          busy={bid.busy}
          onBack={bid.back}
          onConfirm={() => void bid.confirm()}
        />
      ) : (
        <div className="nft-actions">
          <button
            type="submit"
            className="btn btn-primary"
            disabled={bid.split === null}
            data-testid="nft-bid"
          >
            {t('form.bid')}
          </button>
          {buyNowOpen && (
            <button
              type="button"
              className="btn btn-ghost"
              onClick={bid.reviewBuyNow}
              data-testid="nft-buy-now"
            >
              {t('form.buyNow', { amount: sale.buyNowPrice })}
            </button>
          )}
        </div>
      )}
      {bid.failure !== null && !demoRefused && (
        <div className="alert alert-error" role="alert" data-testid="nft-error">
          {errorMessage(t, bid.failure)}
        </div>
      )}
      {/* "Placed and leads" only while it does: an outbid is SaleAction's line. */}
      {(bid.done === 'buyNow' || (bid.done === 'bid' && sale.leading)) && (
        <div className="alert alert-success" role="status" data-testid="nft-done">
          {t(bid.done === 'buyNow' ? 'form.bought' : 'form.placed')}
        </div>
      )}
    </form>
  );
}

/** Who may bid now, and how; or how the sale ended. */
function SaleAction({ sale, nft }: { sale: NftSale; nft: Nft }) {
  const { t } = useTranslation('nfts');
  const { isLogin } = useStore(sessionStore);
  // The person's bid led during this view and no longer does: a live frame said so.
  const outbid = useWasTrue(sale.leading) && !sale.leading;
  if (sale.status === 'settled') {
    return (
      <div className="alert alert-success" data-testid="nft-result">
        {nft.ownedByYou
          ? t('result.yours', { price: sale.finalPrice })
          : t('result.sold', { winner: sale.winner, price: sale.finalPrice })}{' '}
        {t('result.donated', { amount: sale.donated })}
      </div>
    );
  }
  if (sale.status !== 'open') {
    return (
      <p className="muted" data-testid="nft-result">
        {t(`result.${sale.status}`)}
      </p>
    );
  }
  if (!isLogin) return <SignInPrompt text={t('signIn.bid')} testId="nft-bid-sign-in" />;
  if (sale.own)
    return (
      <p className="muted" data-testid="nft-own">
        {t('own')}
      </p>
    );
  return (
    <>
      {sale.leading && (
        <p className="alert alert-info" data-testid="nft-leading">
          {t('leading')}
        </p>
      )}
      {outbid && (
        <p className="alert alert-warning" role="alert" data-testid="nft-outbid">
          {t('outbid', {
            current: sale.currentBid,
            min: sale.minNextBid,
          })}
        </p>
      )}
      <BidForm sale={sale} nft={nft} />
    </>
  );
}

function History({ bids }: { bids: SaleBid[] }) {
  const { t } = useTranslation('nfts');
  if (bids.length === 0) return <p className="muted">{t('noBids')}</p>;
  return (
    <ol className="nft-history" data-testid="nft-history">
      {bids.map((b) => (
        <li key={b.id} data-testid="nft-history-row" data-status={b.status}>
          <span className={b.mine ? 'nft-mine' : undefined}>{b.mine ? t('you') : b.bidder}</span>
          <Amount value={b.amount} asset="USDT" />
          <span className="muted">
            {b.kind === 'buy_now' ? t('bidStatus.buyNow') : t(`bidStatus.${b.status}`)}
          </span>
          <time className="muted num" dateTime={b.at}>
            {formatDateTime(b.at)}
          </time>
        </li>
      ))}
    </ol>
  );
}

/** /nfts/:id: one NFT, its sale (terms, split, time left, bids live) and how to bid. */
export default function NftDetailPage() {
  const { t } = useTranslation('nfts');
  const id = Number(useParams().id);
  const detail = useNft(id);
  const sale = detail.data?.nft.sale ?? null;
  useSaleLive(sale?.status === 'open' ? sale.id : undefined);
  if (detail.isPending && Number.isSafeInteger(id) && id > 0) return <Spinner />;
  if (detail.data === undefined) return <EmptyState icon="nft" title={t('notFound')} />;
  const { nft, history, serverTime } = detail.data;
  const skewMs = Date.parse(serverTime) - detail.dataUpdatedAt;
  return (
    <div className="page nft-detail" data-testid="nft-detail">
      <p>
        <Link to="/nfts">{t('back')}</Link>
      </p>
      <div className="nft-detail-grid">
        <img src={nft.image} alt="" className="nft-image card" width={480} height={480} />
        <div className="nft-body">
          <h1 className="page-title">{nft.name}</h1>
          <p className="muted">{t('by', { creator: nft.creator })}</p>
          {sale !== null && <SaleStatus status={sale.status} />}
          <Figure label={t('donated')} value={nft.donated} testId="nft-donated">
            <Amount value={nft.donated} asset="USDT" />
          </Figure>
          {sale === null ? (
            <p className="muted" data-testid="nft-not-on-sale">
              {t('notOnSale')}
            </p>
          ) : (
            <>
              <SaleFacts sale={sale} skewMs={skewMs} />
              <h2 className="section-title">{t('split.title')}</h2>
              <SplitFacts sale={sale} />
              <HeldLine />
              <SaleAction sale={sale} nft={nft} />
            </>
          )}
          <ChainFacts chain={nft.chain} />
        </div>
      </div>
      {sale !== null && (
        <section>
          <h2 className="section-title">{t('history')}</h2>
          <History bids={history} />
        </section>
      )}
    </div>
  );
}

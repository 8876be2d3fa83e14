import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/error-message.ts';
import { formatDateTime } from '../../lib/time.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';
import { ContractForm } from './ContractForm.tsx';
import type { TradingInfo } from './figures.ts';
import { OptionForm } from './OptionForm.tsx';
import { BookBadge, Note, RiskWarningLink, type TradeGate } from './parts.tsx';
import { useLiveTradingInfo, useTradingNudges } from './queries.ts';
import './trading.css';

type Tab = 'contract' | 'option';

function gateOf(info: TradingInfo, signedIn: boolean): TradeGate {
  if (!signedIn) return 'signedOut';
  if (!info.open) return 'closed';
  if (info.bid === null || info.ask === null) return 'noPrice';
  return 'ready';
}

/** Bid and ask of the last tick: a long opens at the ask, a short at the bid. */
function Quote({ info }: { info: TradingInfo }) {
  const { t } = useTranslation('trading');
  return (
    <dl className="trade-quote">
      <div>
        <dt>{t('panel.bid')}</dt>
        <dd className="num down" data-testid="quote-bid" data-value={info.bid ?? ''}>
          <Amount value={info.bid} />
        </dd>
      </div>
      <div>
        <dt>{t('panel.ask')}</dt>
        <dd className="num up" data-testid="quote-ask" data-value={info.ask ?? ''}>
          <Amount value={info.ask} />
        </dd>
      </div>
    </dl>
  );
}

/**
 * The trade panel of a market's detail page (composed there by src/app): leveraged contracts
 * and fixed-period options on the instrument, in the book the person has chosen.
 */
export default function TradePanel({ instrument }: { instrument: { id: number; code: string } }) {
  const { t } = useTranslation('trading');
  const titleId = useId();
  const { isLogin } = useStore(sessionStore);
  useTradingNudges();
  const info = useLiveTradingInfo(instrument.id, instrument.code);
  const [tab, setTab] = useState<Tab>('contract');

  let body;
  if (info.isError) {
    body = <p className="alert alert-error">{errorMessage(t, info.error)}</p>;
  } else if (info.data === undefined) {
    body = <Spinner />;
  } else {
    const data = info.data;
    const gate = gateOf(data, isLogin);
    body = (
      <>
        <Quote info={data} />
        {!data.open && (
          <p className="alert alert-info" data-testid="market-closed">
            {data.opensAt === null
              ? t('panel.closed')
              : t('panel.closedUntil', {
                  time: formatDateTime(new Date(data.opensAt).toISOString()),
                })}
          </p>
        )}
        {data.open && data.bid === null && (
          <p className="alert alert-info" data-testid="no-price">
            {t('panel.noPrice')}
          </p>
        )}
        <div className="tabs" role="tablist" aria-label={t('panel.kind')}>
          {(['contract', 'option'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              className="tab"
              aria-selected={tab === k}
              data-testid={`trade-tab-${k}`}
              onClick={() => setTab(k)}
            >
              {t(`panel.tabs.${k}`)}
            </button>
          ))}
        </div>
        {tab === 'contract' ? (
          data.contract === null ? (
            <Note text={t('panel.noContracts', { code: data.code })} testId="no-contracts" />
          ) : (
            <ContractForm
              key={`${data.instrumentId}`}
              info={data}
              spec={data.contract}
              gate={gate}
            />
          )
        ) : (
          <OptionForm key={`${data.instrumentId}`} info={data} gate={gate} />
        )}
      </>
    );
  }

  return (
    <section className="card trade-panel" aria-labelledby={titleId} data-testid="trade-panel">
      <header className="trade-head">
        <h2 id={titleId} className="section-title">
          {t('panel.title', { code: instrument.code })}
        </h2>
        <BookBadge />
      </header>
      {body}
      <p className="muted trade-foot">
        {t('panel.riskNote')} <RiskWarningLink />
      </p>
    </section>
  );
}

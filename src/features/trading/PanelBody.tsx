/**
 * The trade panel's body: the quote and the open tab's form. Its own chunk (with the forms and
 * their validation), fetched at once on a wide screen and when the order sheet first opens on
 * a phone, so a phone's first seconds on a market go to its chart.
 */
import { useTranslation } from 'react-i18next';
import { formatZonedDateTime } from '../../lib/time.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { ContractForm } from './ContractForm.tsx';
import type { TradingInfo } from './figures.ts';
import type { PanelTab } from './last-market.ts';
import { OptionForm } from './OptionForm.tsx';
import { Note, type TradeGate } from './parts.tsx';
import type { Choice } from './TradePanel.tsx';

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

/** Why the forms cannot be sent now, when the market is the reason. */
function MarketNotes({ info }: { info: TradingInfo }) {
  const { t } = useTranslation('trading');
  return (
    <>
      {!info.open && (
        <p className="alert alert-info" data-testid="market-closed">
          {info.opensAt === null
            ? t('panel.closed')
            : t('panel.closedUntil', { time: formatZonedDateTime(info.opensAt) })}
        </p>
      )}
      {info.open && info.bid === null && (
        <p className="alert alert-info" data-testid="no-price">
          {t('panel.noPrice')}
        </p>
      )}
    </>
  );
}

/**
 * The open tab: the URL's `panel` (the shell's Contracts and Options entries set it) when the
 * page opens or the entry is chosen again, then the person's own choice.
 */
export default function PanelBody({
  data,
  tab,
  choice,
}: {
  data: TradingInfo;
  tab: PanelTab;
  choice: Choice;
}) {
  const { t } = useTranslation('trading');
  const { isLogin } = useStore(sessionStore);
  const gate = gateOf(data, isLogin);
  return (
    <>
      <Quote info={data} />
      <MarketNotes info={data} />
      {tab === 'contract' ? (
        data.contract === null ? (
          <Note text={t('panel.noContracts', { code: data.code })} testId="no-contracts" />
        ) : (
          <ContractForm
            key={`${data.instrumentId}`}
            info={data}
            spec={data.contract}
            gate={gate}
            side={choice.side}
            onSide={choice.setSide}
          />
        )
      ) : (
        <OptionForm
          key={`${data.instrumentId}`}
          info={data}
          gate={gate}
          direction={choice.direction}
          onDirection={choice.setDirection}
        />
      )}
    </>
  );
}

/**
 * The panel's contract and option tabs with its book, its body and the risk note, as one card
 * or in one sheet.
 */

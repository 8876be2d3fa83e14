import { Suspense, useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { lazyPart } from '../../lib/lazy.ts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { Side } from '../../../contract/trading/formulas.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { layout } from '../../lib/layout.ts';
import { ActionBar } from '../../ui/ActionBar.tsx';
import { Spinner } from '../../ui/EmptyState.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import type { Direction } from './figures.ts';
import { rememberMarket, type PanelTab, type TradedMarket } from './last-market.ts';
import { BookBadge, RiskWarningLink } from './parts.tsx';
import { useLiveTradingInfo, useTradingNudges } from './queries.ts';
import './trading.css';

const loadBody = () => import('./PanelBody.tsx');
const PanelBody = lazyPart(loadBody);
// A wide screen shows the form at once: its code is asked for with the panel's.
if (layout === 'desktop') void loadBody();

function usePanelTab(): [PanelTab, (tab: PanelTab) => void] {
  const [params] = useSearchParams();
  const asked: PanelTab = params.get('panel') === 'option' ? 'option' : 'contract';
  const [tab, setTab] = useState(asked);
  const [lastAsked, setLastAsked] = useState(asked);
  if (asked !== lastAsked) {
    setLastAsked(asked);
    setTab(asked);
  }
  return [tab, setTab];
}

export interface Choice {
  side: Side;
  setSide: (side: Side) => void;
  direction: Direction;
  setDirection: (direction: Direction) => void;
}

/** The quote, what stands in the way, and the open tab's form. */ function PanelFrame({
  title,
  tab,
  setTab,
  children,
}: {
  title: ReactNode;
  tab: PanelTab;
  setTab: (tab: PanelTab) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('trading');
  return (
    <>
      {title}
      <header className="trade-head">
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
        <BookBadge />
      </header>
      {children}
      <p className="muted trade-foot">
        {t('panel.riskNote')} <RiskWarningLink />
      </p>
    </>
  );
}

/**
 * On a phone: Buy and Sell (Up and Down on the option tab) pinned at the bottom of the screen,
 * above the tab bar, as exchanges' apps have them; each opens the order sheet on its side.
 */
function MobileTrade({
  code,
  tab,
  choice,
  opened,
  onOpen,
  children,
}: {
  code: string;
  tab: PanelTab;
  choice: Choice;
  /** Whether the sheet has been opened once: its form is made then, and kept with what was typed. */
  opened: boolean;
  onOpen: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('trading');
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const buttons =
    tab === 'contract'
      ? (['long', 'short'] as const).map((side) => ({
          key: side,
          tone: side,
          label: t(`contract.side.${side}`),
          pick: () => choice.setSide(side),
        }))
      : (['up', 'down'] as const).map((direction) => ({
          key: direction,
          tone: direction === 'up' ? 'long' : 'short',
          label: t(`option.direction.${direction}`),
          pick: () => choice.setDirection(direction),
        }));
  return (
    <>
      <ActionBar testId="trade-bar">
        {buttons.map((b) => (
          <button
            key={b.key}
            type="button"
            className={`btn trade-side-${b.tone}`}
            data-testid={`bar-${b.key}`}
            onClick={() => {
              b.pick();
              setOpen(true);
              onOpen();
            }}
          >
            {b.label}
          </button>
        ))}
      </ActionBar>
      <Sheet open={open} title={t('panel.title', { code })} onClose={close} testId="trade-sheet">
        {opened && (
          <section className="trade-panel" data-testid="trade-panel">
            {children}
          </section>
        )}
      </Sheet>
    </>
  );
}

/**
 * The trade panel of a market's detail page (composed there by src/app): leveraged contracts
 * and fixed-period options on the instrument, in the book the person has chosen. Beside the
 * chart on a wide screen; on a phone, a Buy/Sell bar opening the form in a sheet.
 */
export default function TradePanel({ instrument }: { instrument: TradedMarket }) {
  const { t } = useTranslation('trading');
  const titleId = useId();
  useTradingNudges();
  // On a phone the quote and the form wait for the sheet's first opening (not with the page:
  // a phone's first seconds go to the chart); a wide screen shows them at once.
  const [opened, setOpened] = useState(layout === 'desktop');
  const info = useLiveTradingInfo(instrument.id, instrument.code, opened);
  const [tab, setTab] = usePanelTab();
  const [side, setSide] = useState<Side>('long');
  const [direction, setDirection] = useState<Direction>('up');
  const choice: Choice = { side, setSide, direction, setDirection };
  // Only a market with contracts: the shell's Contracts entry opens it again.
  const tradable = info.data !== undefined && info.data.contract !== null;
  useEffect(() => {
    if (tradable) rememberMarket(instrument);
  }, [tradable, instrument]);

  let body;
  if (info.isError) {
    body = <p className="alert alert-error">{errorMessage(t, info.error)}</p>;
  } else if (info.data === undefined) {
    body = <Spinner />;
  } else {
    body = (
      <Suspense fallback={<Spinner />}>
        <PanelBody data={info.data} tab={tab} choice={choice} />
      </Suspense>
    );
  }
  if (layout === 'mobile') {
    return (
      <MobileTrade
        code={instrument.code}
        tab={tab}
        choice={choice}
        opened={opened}
        onOpen={() => setOpened(true)}
      >
        <PanelFrame title={null} tab={tab} setTab={setTab}>
          {body}
        </PanelFrame>
      </MobileTrade>
    );
  }
  // Named for screen readers; on screen the tabs and the page's heading say it.
  const title = (
    <h2 id={titleId} className="visually-hidden">
      {t('panel.title', { code: instrument.code })}
    </h2>
  );
  return (
    <section className="card trade-panel" aria-labelledby={titleId} data-testid="trade-panel">
      <PanelFrame title={title} tab={tab} setTab={setTab}>
        {body}
      </PanelFrame>
    </section>
  );
}

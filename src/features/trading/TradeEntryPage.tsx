import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { marketTradePath, rememberedMarket, type PanelTab } from './last-market.ts';

/** Where a first visit trades: the most traded crypto contract (exchanges open BTC/USDT). */
const FIRST_MARKET = { code: 'BTCUSDT', type: 2, search: 'BTC' } as const;

/**
 * /trade/contract and /trade/option, the shell's trade entries: the market the person traded
 * last, else BTCUSDT, with its trade panel open at the contract or option tab.
 */
export default function TradeEntryPage() {
  const { t } = useTranslation('trading');
  const { kind } = useParams();
  const tab: PanelTab = kind === 'option' ? 'option' : 'contract';
  const remembered = rememberedMarket();
  const first = useQuery({
    queryKey: ['markets', FIRST_MARKET.type, FIRST_MARKET.search],
    queryFn: () =>
      call('listMarketByType', {
        query: { type: FIRST_MARKET.type, size: 100, search: FIRST_MARKET.search },
      }),
    enabled: remembered === undefined,
  });
  if (remembered !== undefined) return <Navigate to={marketTradePath(remembered, tab)} replace />;
  if (first.isError) return <EmptyState icon="market" title={errorMessage(t, first.error)} />;
  if (first.data === undefined) return <Spinner />;
  const list = first.data.list;
  const market = list.find((m) => m.code === FIRST_MARKET.code) ?? list[0];
  if (market === undefined) return <EmptyState icon="market" title={t('panel.noMarket')} />;
  return <Navigate to={marketTradePath(market, tab)} replace />;
}

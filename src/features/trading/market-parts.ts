/**
 * What a market's detail page shows of this feature, and the shell's trade entry that leads
 * there, in one chunk (routes.tsx).
 */
export { default as MarketOrders } from './MarketOrders.tsx';
export { default as TradePanel } from './TradePanel.tsx';
export { default as TradeEntryPage } from './TradeEntryPage.tsx';

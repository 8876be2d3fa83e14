import type { MarketItem } from '../../../contract/market/schemas.ts';
import { coinIcon, currencyFlag } from './icons.ts';

const FOREX = 1;
const CRYPTO = 2;
/** Crypto markets are quoted in USDT (BTCUSDT); forex codes are two ISO currencies (EURUSD). */
const CRYPTO_QUOTE = 'USDT';

/**
 * A market's picture: the coin's icon, the two currencies' flags, or, for anything without an
 * icon (stocks, futures, ETFs, a coin the icon set lacks), the lettered logo the server names.
 */
export function MarketLogo({
  item,
  size,
}: {
  item: Pick<MarketItem, 'code' | 'type' | 'logo'>;
  size: number;
}) {
  if (item.type === CRYPTO && item.code.endsWith(CRYPTO_QUOTE)) {
    const icon = coinIcon(item.code.slice(0, -CRYPTO_QUOTE.length));
    if (icon !== undefined) return <Picture src={icon} size={size} />;
  }
  if (item.type === FOREX && item.code.length === 6) {
    const base = currencyFlag(item.code.slice(0, 3));
    const quote = currencyFlag(item.code.slice(3));
    if (base !== undefined && quote !== undefined)
      return (
        <span className="pair-logo" style={{ width: size, height: size }} data-logo="flags">
          <img src={base} alt="" loading="lazy" />
          <img src={quote} alt="" loading="lazy" />
        </span>
      );
  }
  return <Picture src={item.logo} size={size} kind="letters" />;
}

function Picture({
  src,
  size,
  kind = 'icon',
}: {
  src: string;
  size: number;
  kind?: 'icon' | 'letters';
}) {
  return (
    <img
      className="market-logo"
      src={src}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      data-logo={kind}
    />
  );
}

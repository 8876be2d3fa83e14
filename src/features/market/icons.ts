/*
 * Coin icons (cryptocurrency-icons, CC0) and currency flags (flag-icons, MIT), bundled as
 * files: only the ones imported here are emitted, each fetched as an image when a row shows
 * it. `?no-inline` keeps even the small ones out of the JavaScript, which carries only their
 * file names. A symbol missing here (TON and NEAR, which the set lacks; stocks, futures, ETFs)
 * keeps its lettered logo.
 */
import btcCoin from 'cryptocurrency-icons/svg/color/btc.svg?no-inline';
import ethCoin from 'cryptocurrency-icons/svg/color/eth.svg?no-inline';
import bnbCoin from 'cryptocurrency-icons/svg/color/bnb.svg?no-inline';
import solCoin from 'cryptocurrency-icons/svg/color/sol.svg?no-inline';
import xrpCoin from 'cryptocurrency-icons/svg/color/xrp.svg?no-inline';
import adaCoin from 'cryptocurrency-icons/svg/color/ada.svg?no-inline';
import dogeCoin from 'cryptocurrency-icons/svg/color/doge.svg?no-inline';
import trxCoin from 'cryptocurrency-icons/svg/color/trx.svg?no-inline';
import avaxCoin from 'cryptocurrency-icons/svg/color/avax.svg?no-inline';
import dotCoin from 'cryptocurrency-icons/svg/color/dot.svg?no-inline';
import linkCoin from 'cryptocurrency-icons/svg/color/link.svg?no-inline';
import ltcCoin from 'cryptocurrency-icons/svg/color/ltc.svg?no-inline';
import usdcCoin from 'cryptocurrency-icons/svg/color/usdc.svg?no-inline';
import usdtCoin from 'cryptocurrency-icons/svg/color/usdt.svg?no-inline';
import bchCoin from 'cryptocurrency-icons/svg/color/bch.svg?no-inline';
import xlmCoin from 'cryptocurrency-icons/svg/color/xlm.svg?no-inline';
import uniCoin from 'cryptocurrency-icons/svg/color/uni.svg?no-inline';
import atomCoin from 'cryptocurrency-icons/svg/color/atom.svg?no-inline';
import euFlag from 'flag-icons/flags/1x1/eu.svg?no-inline';
import usFlag from 'flag-icons/flags/1x1/us.svg?no-inline';
import jpFlag from 'flag-icons/flags/1x1/jp.svg?no-inline';
import gbFlag from 'flag-icons/flags/1x1/gb.svg?no-inline';
import chFlag from 'flag-icons/flags/1x1/ch.svg?no-inline';
import auFlag from 'flag-icons/flags/1x1/au.svg?no-inline';
import caFlag from 'flag-icons/flags/1x1/ca.svg?no-inline';
import nzFlag from 'flag-icons/flags/1x1/nz.svg?no-inline';

const COINS: Readonly<Record<string, string>> = {
  BTC: btcCoin,
  ETH: ethCoin,
  BNB: bnbCoin,
  SOL: solCoin,
  XRP: xrpCoin,
  ADA: adaCoin,
  DOGE: dogeCoin,
  TRX: trxCoin,
  AVAX: avaxCoin,
  DOT: dotCoin,
  LINK: linkCoin,
  LTC: ltcCoin,
  USDC: usdcCoin,
  USDT: usdtCoin,
  BCH: bchCoin,
  XLM: xlmCoin,
  UNI: uniCoin,
  ATOM: atomCoin,
};

/** Each currency by the flag of its country (the euro by the EU's). */
const FLAGS: Readonly<Record<string, string>> = {
  EUR: euFlag,
  USD: usFlag,
  JPY: jpFlag,
  GBP: gbFlag,
  CHF: chFlag,
  AUD: auFlag,
  CAD: caFlag,
  NZD: nzFlag,
};

export function coinIcon(symbol: string): string | undefined {
  return COINS[symbol];
}

export function currencyFlag(currency: string): string | undefined {
  return FLAGS[currency];
}

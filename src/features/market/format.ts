import { formatAmount, formatCompact, formatDecimal } from '../../lib/format.ts';

/** A traded volume: compact once large (5.61B), else without the feed's trailing zeros. */
export function formatVolume(value: string | null): string {
  if (value === null) return '—';
  if (Math.abs(Number(value)) >= 10_000) return formatCompact(value);
  return formatAmount(value);
}

export function formatChange(zdf: string): string {
  return `${zdf.startsWith('-') ? '' : '+'}${formatDecimal(zdf)}%`;
}

export function changeClass(zdf: string): 'up' | 'down' | 'muted' {
  if (/^-?0(\.0+)?$/.test(zdf)) return 'muted';
  return zdf.startsWith('-') ? 'down' : 'up';
}

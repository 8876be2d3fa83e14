import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { call } from '../../api/client.ts';
import { formatDecimal } from '../../lib/format.ts';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';
import { Amount } from '../../ui/Amount.tsx';
import { BookBadge as SharedBookBadge } from '../../ui/BookBadge.tsx';
import { Pager as SharedPager } from '../../ui/Pager.tsx';
import { StatusBadge } from '../../ui/StatusBadge.tsx';

/**
 * Whether the panel's forms can be sent: `ready`, or what stands in the way (the visitor is not
 * signed in, the market is closed, there is no price yet).
 */
export type TradeGate = 'ready' | 'signedOut' | 'closed' | 'noPrice';

/** The book every figure here belongs to, as the funds screens show it. */
export function BookBadge() {
  const { t } = useTranslation('trading');
  return <SharedBookBadge testId="trade-book" label={(book) => t(`book.${book}`)} />;
}

/** Statement pages (content type 3) hold the risk warning; the footer lists them the same way. */
const STATEMENTS = 3;
const RISK_WARNING = 'risk-warning';

/**
 * A link to the operator's "Risk warning" page. Found by its slug in the statements list, with
 * the content screens' query key, so the footer's copy of the list serves both.
 */
export function RiskWarningLink() {
  const { t } = useTranslation('trading');
  const { language } = useStore(preferences);
  const list = useQuery({
    queryKey: ['contents', STATEMENTS, language],
    queryFn: () =>
      call('listContents', { params: { type: STATEMENTS }, query: { lang: language } }),
    staleTime: 5 * 60_000,
  });
  const page = list.data?.find((c) => c.slug === RISK_WARNING);
  if (page === undefined) return null;
  return (
    <Link
      to={`/detail?id=${page.id}&title=${encodeURIComponent(page.title)}`}
      className="trade-risk"
      data-testid="risk-warning"
    >
      {t('panel.risk')}
    </Link>
  );
}

/** A line in place of a form: why there is nothing to fill in. */
export function Note({ text, testId }: { text: string; testId: string }) {
  return (
    <p className="alert alert-info trade-note" data-testid={testId}>
      {text}
    </p>
  );
}

/** "0.000000" -> "0", "9.940000" -> "9.94": the total's figures come with all six decimals. */
export function trimZeros(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

/** A USDT amount that may be negative, coloured by its sign. */
export function ProfitAmount({ value: raw }: { value: string | null }) {
  const value = raw === null ? null : trimZeros(raw);
  const tone =
    value === null || /^-?0(\.0+)?$/.test(value) ? 'muted' : value.startsWith('-') ? 'down' : 'up';
  return (
    <span className={tone}>
      <Amount value={value} asset="USDT" signed />
    </span>
  );
}

/** A signed percent ("+12.34%"), coloured by its sign, isolated left to right like amounts. */
export function Percent({ value }: { value: string | null | undefined }) {
  if (value === null || value === undefined) return <span className="num muted">—</span>;
  const tone = /^-?0(\.0+)?$/.test(value) ? 'muted' : value.startsWith('-') ? 'down' : 'up';
  return (
    <span className={`num ${tone}`}>
      {tone === 'up' && '+'}
      {formatDecimal(value)}%
    </span>
  );
}

/** SPEC §4 order statuses, and option states, in this feature's words. */
export function OrderStatus({ status }: { status: string }) {
  const { t } = useTranslation('trading');
  return (
    <StatusBadge status={status} label={t(`status.${status}`)} className={`status-${status}`} />
  );
}

/** An option period in the language's units (30 s, 5 min, 1 h, 1 d). */
export function usePeriodLabel(): (seconds: number) => string {
  const { t } = useTranslation('trading');
  return (seconds) => {
    if (seconds % 86_400 === 0) return t('period.day', { count: seconds / 86_400 });
    if (seconds % 3_600 === 0) return t('period.hour', { count: seconds / 3_600 });
    if (seconds % 60 === 0) return t('period.min', { count: seconds / 60 });
    return t('period.sec', { count: seconds });
  };
}

/** The shared pager in this feature's words. */
export function Pager(props: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('trading');
  return (
    <SharedPager
      {...props}
      className="trade-pager"
      labels={{
        label: t('pager.label'),
        previous: t('pager.previous'),
        next: t('pager.next'),
        status: (pages) => t('pager.page', { page: props.page, pages }),
      }}
    />
  );
}

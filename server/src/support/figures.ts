import type { Queryable } from '../platform/db/database.ts';

interface FiguresRow {
  conversations: number;
  first_median: number | null;
  first_p90: number | null;
  resolution_median: number | null;
  ratings: number;
  rating_average: string | null;
}

const round = (v: number | null) => (v === null ? null : Math.round(Number(v)));

/**
 * A month's figures (UTC months), computed from the conversations begun in it: how many, the
 * first-response time (median and 90th percentile, over the answered ones), the resolution time
 * (median), and the ratings' count and average.
 */
export async function monthFigures(q: Queryable, month: string) {
  const [row] = await q.query<FiguresRow>(
    `with c as (
       select * from support_conversations
        where created_at >= ($1 || '-01')::timestamp at time zone 'UTC'
          and created_at < (($1 || '-01')::timestamp + interval '1 month') at time zone 'UTC')
     select count(*)::int as conversations,
            percentile_cont(0.5) within group (order by extract(epoch from first_response_at - created_at))
              filter (where first_response_at is not null) as first_median,
            percentile_cont(0.9) within group (order by extract(epoch from first_response_at - created_at))
              filter (where first_response_at is not null) as first_p90,
            percentile_cont(0.5) within group (order by extract(epoch from resolved_at - created_at))
              filter (where resolved_at is not null) as resolution_median,
            count(rating)::int as ratings,
            round(avg(rating), 2)::text as rating_average
       from c`,
    [month],
  );
  return {
    month,
    conversations: row?.conversations ?? 0,
    firstResponseMedian: round(row?.first_median ?? null),
    firstResponseP90: round(row?.first_p90 ?? null),
    resolutionMedian: round(row?.resolution_median ?? null),
    ratings: row?.ratings ?? 0,
    ratingAverage: row?.rating_average ?? null,
  };
}

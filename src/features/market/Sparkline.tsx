/** The mini line chart of the last 100 prices (SPEC §9), drawn as one SVG path. */
export function Sparkline({
  prices,
  width = 120,
  height = 36,
}: {
  prices: readonly string[];
  width?: number;
  height?: number;
}) {
  if (prices.length < 2) return <svg width={width} height={height} aria-hidden="true" />;
  const values = prices.map(Number);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || 1;
  const step = width / (values.length - 1);
  const d = values
    .map(
      (v, i) =>
        `${i === 0 ? 'M' : 'L'}${(i * step).toFixed(1)} ${(height - 2 - ((v - min) / span) * (height - 4)).toFixed(1)}`,
    )
    .join(' ');
  const rising = (values.at(-1) ?? 0) >= (values[0] ?? 0);
  return (
    <svg
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      aria-hidden="true"
      className="sparkline"
    >
      <path
        d={d}
        fill="none"
        stroke={rising ? 'var(--color-up)' : 'var(--color-down)'}
        strokeWidth="1.5"
      />
    </svg>
  );
}

import { Link } from 'react-router-dom';

export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Link to="/" className="logo" aria-label="Kestrel Markets">
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#1a2030" />
        <path
          d="M14 44 L30 20 L38 32 L50 16"
          fill="none"
          stroke="#f5b100"
          strokeWidth="6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {!compact && <span className="logo-text">Kestrel Markets</span>}
    </Link>
  );
}

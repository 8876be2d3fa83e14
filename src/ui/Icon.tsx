/** Line icons drawn for this app (24x24, currentColor), so no icon font or CDN is needed. */
const PATHS = {
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 0c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9m0-18C9.5 5.6 8.2 8.6 8.2 12s1.3 6.4 3.8 9M3.5 9h17M3.5 15h17',
  support:
    'M4 13v-1a8 8 0 0 1 16 0v1M4 13a2 2 0 0 1 2-2h1v6H6a2 2 0 0 1-2-2v-2Zm16 0a2 2 0 0 0-2-2h-1v6h1a2 2 0 0 0 2-2v-2Zm-3 4c0 2-2 3-5 3',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0',
  back: 'M15 5l-7 7 7 7',
  chevron: 'M9 5l7 7-7 7',
  home: 'M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-4v-6h-6v6H5a1 1 0 0 1-1-1v-9Z',
  market: 'M4 19h16M6 16l4-5 3 3 5-7',
  trading: 'M5 20V10m7 10V4m7 16v-7M3 10h4m3-6h4m3 9h4',
  contract: 'M7 3v18M5 7h4v9H5zm12-4v18m-2-15h4v6h-4z',
  swap: 'M4 8h15l-4-4m5 12H5l4 4',
  loan: 'M4 9l8-5 8 5M5 10v8m4.7-8v8m4.6-8v8M19 10v8M3 20h18',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  close: 'M6 6l12 12M18 6L6 18',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3 2',
  shield: 'M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3Z',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm-2.5 6.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5v.7m0 3h.01',
  doc: 'M7 3h7l4 4v14H7V3Zm7 0v4h4M9.5 12h6m-6 4h6',
  gift: 'M4 10h16v10H4V10Zm-1-4h18v4H3V6Zm9 0v14M12 6c-1-3-5-3-5-1s3 1 5 1Zm0 0c1-3 5-3 5-1s-3 1-5 1Z',
  wallet: 'M4 7h15a1 1 0 0 1 1 1v11H5a1 1 0 0 1-1-1V7Zm0 0V6a2 2 0 0 1 2-2h11v3m-1 7h2',
  settings:
    'M12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6Zm7.4 3c0-.5 0-1-.1-1.4l2-1.6-2-3.4-2.4 1a7 7 0 0 0-2.4-1.4L14 2.6h-4l-.5 2.6A7 7 0 0 0 7.1 6.6l-2.4-1-2 3.4 2 1.6a7 7 0 0 0 0 2.8l-2 1.6 2 3.4 2.4-1a7 7 0 0 0 2.4 1.4l.5 2.6h4l.5-2.6a7 7 0 0 0 2.4-1.4l2.4 1 2-3.4-2-1.6c.1-.4.1-.9.1-1.4Z',
  lock: 'M6 11h12v10H6V11Zm2 0V8a4 4 0 1 1 8 0v3',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 8v6m0-9.5h.01',
  logout: 'M15 4h4v16h-4M10 8l-4 4 4 4m-4-4h11',
  nft: 'M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3Zm0 5l4 2.3v4.4L12 17l-4-2.3v-4.4L12 8Z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({
  name,
  size = 22,
  label,
}: {
  name: IconName;
  size?: number;
  label?: string;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label === undefined ? undefined : 'img'}
      aria-hidden={label === undefined ? true : undefined}
      aria-label={label}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** Line icons drawn for this app (24x24, currentColor), so no icon font or CDN is needed. */
import { useEffect, useSyncExternalStore } from 'react';
import type { ScreenIconName } from './screen-icons.ts';

/**
 * The chrome's and home's icons, in the start-up code. The screens' others come in a chunk of
 * their own (screen-icons.ts), fetched with any screen's code (lib/routing.ts `page`).
 */
const CHROME_PATHS = {
  globe:
    'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 0c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9m0-18C9.5 5.6 8.2 8.6 8.2 12s1.3 6.4 3.8 9M3.5 9h17M3.5 15h17',
  support:
    'M4 13v-1a8 8 0 0 1 16 0v1M4 13a2 2 0 0 1 2-2h1v6H6a2 2 0 0 1-2-2v-2Zm16 0a2 2 0 0 0-2-2h-1v6h1a2 2 0 0 0 2-2v-2Zm-3 4c0 2-2 3-5 3',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Zm4 4a2 2 0 0 0 4 0',
  back: 'M15 5l-7 7 7 7',
  home: 'M4 11l8-7 8 7v9a1 1 0 0 1-1 1h-4v-6h-6v6H5a1 1 0 0 1-1-1v-9Z',
  market: 'M4 19h16M6 16l4-5 3 3 5-7',
  trading: 'M5 20V10m7 10V4m7 16v-7M3 10h4m3-6h4m3 9h4',
  contract: 'M7 3v18M5 7h4v9H5zm12-4v18m-2-15h4v6h-4z',
  swap: 'M4 8h15l-4-4m5 12H5l4 4',
  loan: 'M4 9l8-5 8 5M5 10v8m4.7-8v8m4.6-8v8M19 10v8M3 20h18',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 4v5l3 2',
  nft: 'M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3Zm0 5l4 2.3v4.4L12 17l-4-2.3v-4.4L12 8Z',
} as const;

export type IconName = keyof typeof CHROME_PATHS | ScreenIconName;

let screenPaths: Readonly<Record<string, string>> | undefined;
let loading: Promise<void> | undefined;
const waiting = new Set<() => void>();

/** The screens' icons, fetched once (with a screen's code, or by the first icon that needs one). */
export function loadScreenIcons(): Promise<void> {
  loading ??= import('./screen-icons.ts').then(
    (module) => {
      screenPaths = module.SCREEN_PATHS;
      for (const redraw of waiting) redraw();
    },
    () => {
      // Offline: the next screen asks again.
      loading = undefined;
    },
  );
  return loading;
}

function subscribe(redraw: () => void): () => void {
  waiting.add(redraw);
  return () => waiting.delete(redraw);
}

export function Icon({
  name,
  size = 22,
  label,
}: {
  name: IconName;
  size?: number;
  label?: string;
}) {
  const more = useSyncExternalStore(subscribe, () => screenPaths);
  const d = (CHROME_PATHS as Record<string, string>)[name] ?? more?.[name];
  useEffect(() => {
    if (d === undefined) void loadScreenIcons();
  }, [d]);
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
      {d !== undefined && <path d={d} />}
    </svg>
  );
}

/**
 * `use-sync-external-store/shim` for React 18 and later, which has the hook built in. The
 * package's shim (for React 16 and 17) is aliased to this in vite.config.ts, so react-i18next's
 * start-up code does not carry a second implementation of it.
 */
export { useSyncExternalStore } from 'react';

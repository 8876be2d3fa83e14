const KEY = 'kestrel.device';

/**
 * This browser's own random id, sent with a password sign-in: once a second factor has vouched
 * for it, its sign-ins ask for the password only (docs/security.md). It names no one and is
 * never shown.
 */
export function deviceId(): string {
  const stored = localStorage.getItem(KEY);
  if (stored !== null && /^[A-Za-z0-9_-]{16,64}$/.test(stored)) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  localStorage.setItem(KEY, id);
  return id;
}

/** Where to go after signing in: only same-app paths, never another site. */
export function safeRedirect(value: string | null): string {
  return value !== null && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** Where to go after a staff sign-in: back-office paths only, not another site nor the app. */
export function safeAdminRedirect(value: string | null): string | null {
  return value !== null && /^\/admin(\/|$)/.test(value) && !value.startsWith('//') ? value : null;
}

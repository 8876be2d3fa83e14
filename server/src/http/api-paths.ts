/** Paths the API owns; everything else is the app (its files, or its shell for a route). */
export const API_PREFIXES = ['/swx/', '/dev/', '/docs', '/message', '/livez'] as const;

export function isApiPath(url: string): boolean {
  return API_PREFIXES.some((p) => url.startsWith(p));
}

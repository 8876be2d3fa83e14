/**
 * A person's name as others may see it (a bidder in a sale's history, a friend they invited):
 * its first and last characters around three stars, never more than a fifth of a long name.
 * Names are Unicode: characters are counted, not UTF-16 units.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  const first = chars[0] ?? '?';
  if (chars.length <= 2) return `${first}***`;
  return `${first}***${chars[chars.length - 1]}`;
}

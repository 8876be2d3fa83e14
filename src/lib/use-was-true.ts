import { useState } from 'react';

/**
 * Whether `value` has been true at any render of this view (a bid that led, an order that
 * waited). A live screen uses it to turn a success line it showed into the news that replaced
 * it ("You were outbid"), instead of keeping a line the figures beside it contradict.
 */
export function useWasTrue(value: boolean): boolean {
  const [was, setWas] = useState(value);
  // React's pattern for information from earlier renders: set during render, re-rendered at once.
  if (value && !was) setWas(true);
  return was || value;
}

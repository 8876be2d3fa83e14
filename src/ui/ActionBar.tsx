import type { ReactNode } from 'react';

/**
 * A phone's Buy and Sell, pinned above the tab bar as exchanges' apps have them; the space
 * before it keeps the end of the page from hiding behind it.
 */
export function ActionBar({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <>
      <div className="action-bar-space" aria-hidden="true" />
      <div className="action-bar" data-testid={testId}>
        {children}
      </div>
    </>
  );
}

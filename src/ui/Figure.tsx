import type { ReactNode } from 'react';

/** One labelled figure of a summary list (`<dl>`); `value` carries the raw decimal for tests and copy. */
export function Figure({
  label,
  testId,
  value,
  children,
}: {
  label: string;
  testId?: string;
  /** The raw decimal (the text is grouped for reading). */
  value?: string | null;
  children: ReactNode;
}) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId} data-value={value ?? undefined}>
        {children}
      </dd>
    </div>
  );
}

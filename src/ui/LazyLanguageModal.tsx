import { Suspense } from 'react';
import { lazyPart } from '../lib/lazy.ts';

const loadLanguageModal = () =>
  import('./LanguageModal.tsx').then((module) => ({ default: module.LanguageModal }));

const LanguageModal = lazyPart(loadLanguageModal);

/**
 * The chromes' language picker, fetched when first wanted rather than before the first paint:
 * call this when the button is pointed at or focused, so the click rarely waits.
 */
export function preloadLanguageModal(): void {
  void loadLanguageModal().catch(() => undefined);
}

/** The language modal, once its code is here (nothing is shown while it loads). */
export function LazyLanguageModal({ onClose }: { onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <LanguageModal onClose={onClose} />
    </Suspense>
  );
}

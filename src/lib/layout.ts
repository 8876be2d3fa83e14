/** SPEC §2: the mobile layout is chosen by the user agent. */
export type Layout = 'desktop' | 'mobile';

export function layoutFor(userAgent: string): Layout {
  return /Android|iPhone|iPad|iPod/i.test(userAgent) ? 'mobile' : 'desktop';
}

/** Mobile scales with the screen (16 px at 390 px wide); SPEC §2 caps the root at 100 px. */
export function mobileRootFontSize(viewportWidth: number): number {
  return Math.min(100, Math.max(14, (viewportWidth / 390) * 16));
}

export function applyLayout(layout: Layout): () => void {
  const root = document.documentElement;
  root.dataset.layout = layout;
  if (layout === 'desktop') return () => undefined;
  const resize = () => {
    root.style.fontSize = `${mobileRootFontSize(window.innerWidth)}px`;
  };
  resize();
  window.addEventListener('resize', resize);
  return () => window.removeEventListener('resize', resize);
}

export const layout: Layout =
  typeof navigator === 'undefined' ? 'desktop' : layoutFor(navigator.userAgent);

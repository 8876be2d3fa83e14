import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Icon } from './Icon.tsx';

export interface Toast {
  id: string;
  tone: 'success' | 'error' | 'info';
  body: ReactNode;
}

/** How long a message stays unless pointed at or focused: long enough to read two lines. */
const SHOW_MS = 12_000;

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  const held = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => {
      if (!held.current) onDismiss(toast.id);
    }, SHOW_MS);
    return () => clearInterval(timer);
  }, [toast.id, onDismiss]);
  return (
    <li
      className={`toast toast-${toast.tone}`}
      data-testid="toast"
      onPointerEnter={() => {
        held.current = true;
      }}
      onPointerLeave={() => {
        held.current = false;
      }}
      onFocus={() => {
        held.current = true;
      }}
      onBlur={() => {
        held.current = false;
      }}
    >
      <div className="toast-body">{toast.body}</div>
      <button
        type="button"
        className="icon-btn toast-close"
        aria-label={t('close')}
        onClick={() => onDismiss(toast.id)}
      >
        <Icon name="close" size={18} />
      </button>
    </li>
  );
}

/**
 * Messages over any screen (what closed a position, and why): newest on top, each read out by
 * screen readers as it comes, gone after a while or when closed.
 */
export function Toasts({
  toasts,
  onDismiss,
  label,
}: {
  toasts: readonly Toast[];
  onDismiss: (id: string) => void;
  label: string;
}) {
  return createPortal(
    <ol className="toasts" role="status" aria-live="polite" aria-label={label}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </ol>,
    document.body,
  );
}

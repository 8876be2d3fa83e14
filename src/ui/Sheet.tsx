import { useEffect, useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { onEscape } from './escape-stack.ts';
import { Icon } from './Icon.tsx';

/**
 * A sheet that slides up from the bottom of a phone's screen (the order form of a market).
 * It stays mounted while closed, only hidden, so what the person typed is still there when it
 * opens again, as in an exchange's app.
 */
export function Sheet({
  open,
  title,
  onClose,
  testId,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  useEffect(() => (open ? onEscape(onClose) : undefined), [open, onClose]);
  return createPortal(
    <div className="sheet-backdrop" hidden={!open} onClick={onClose}>
      <div
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="sheet-title">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-btn" onClick={onClose} aria-label={t('close')}>
            <Icon name="close" />
          </button>
        </div>
        <div className="sheet-body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

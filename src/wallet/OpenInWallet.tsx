import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { walletDeepLinks } from './in-app-browser.ts';

/** Outside any wallet browser (a phone without an injected wallet): reopen this page in one. */
export function OpenInWallet() {
  const { t } = useTranslation('auth');
  const links = useMemo(() => walletDeepLinks(window.location.href), []);
  return (
    <details className="wallet-links" data-testid="wallet-links">
      <summary>{t('wallet.openIn')}</summary>
      <ul>
        {links.map((l) => (
          <li key={l.wallet}>
            <a href={l.href} rel="noopener noreferrer">
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

import { useTranslation } from 'react-i18next';
import { configuredLink, useParam } from './queries.ts';

/** The store links that are configured (SPEC §2 footer): none on a default install. */
export function useAppLinks() {
  const android = configuredLink(useParam('android_url').data);
  const ios = configuredLink(useParam('ios_url').data);
  return [
    ...(android === null ? [] : [{ key: 'android', href: android } as const]),
    ...(ios === null ? [] : [{ key: 'ios', href: ios } as const]),
  ];
}

/** Android and iPhone app links, only those configured; nothing when neither is. */
export function AppDownloadLinks({ small = false }: { small?: boolean }) {
  const { t } = useTranslation('footer');
  const links = useAppLinks();
  if (links.length === 0) return null;
  const className = small ? 'btn btn-ghost btn-small' : 'btn btn-ghost';
  return (
    <div className="footer-apps">
      {links.map((link) => (
        <a
          key={link.key}
          className={className}
          href={link.href}
          rel="noopener"
          data-testid={`app-link-${link.key}`}
        >
          {t(link.key)}
        </a>
      ))}
    </div>
  );
}

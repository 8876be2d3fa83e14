import { useTranslation } from 'react-i18next';
import { useParam } from './queries.ts';

/** Android and iPhone app links from the server's parameters (SPEC §2 footer). */
export function AppDownloadLinks({ small = false }: { small?: boolean }) {
  const { t } = useTranslation();
  const android = useParam('android_url');
  const ios = useParam('ios_url');
  const className = small ? 'btn btn-ghost btn-small' : 'btn btn-ghost';
  return (
    <div className="footer-apps">
      <a className={className} href={android.data ?? '/introduction'}>
        {t('footer.android')}
      </a>
      <a className={className} href={ios.data ?? '/introduction'}>
        {t('footer.ios')}
      </a>
    </div>
  );
}

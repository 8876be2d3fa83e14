import { useTranslation } from 'react-i18next';
import { Pager as SharedPager } from '../../ui/Pager.tsx';

/** The shared pager in this feature's words. */
export function Pager(props: {
  page: number;
  size: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('funds');
  return (
    <SharedPager
      {...props}
      className="pager"
      labels={{
        label: t('pager.label'),
        previous: t('pager.previous'),
        next: t('pager.next'),
        status: (pages) => t('pager.page', { page: props.page, pages }),
      }}
    />
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { errorMessage } from '../../i18n/error-message.ts';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { CONTENT_TYPE } from './content-types.ts';
import { useContentList } from './queries.ts';

export function ContentLinks({ type }: { type: number }) {
  const { t } = useTranslation();
  const list = useContentList(type);
  if (list.isError) return <EmptyState icon="doc" title={errorMessage(t, list.error)} />;
  if (list.data === undefined) return <Spinner />;
  return (
    <ul className="list card card-list">
      {list.data.map((item) => (
        <li key={item.id}>
          <Link
            to={`/detail?id=${item.id}&title=${encodeURIComponent(item.title)}`}
            className="list-item"
          >
            <span>{item.title}</span>
            <span className="chevron">
              <Icon name="chevron" size={18} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /help/faq and /help/notice. */
export default function HelpListPage({ kind }: { kind: 'faq' | 'notice' }) {
  const { t } = useTranslation('help');
  return (
    <div className="page page-narrow">
      <h1 className="page-title">{t(`${kind}.title`)}</h1>
      <ContentLinks type={CONTENT_TYPE[kind]} />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/error-message.ts';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { ContentBody } from './ContentBody.tsx';
import { useContent, useContentList } from './queries.ts';

/** One content page by id, in the current language. */
export function ContentById({ id }: { id: number }) {
  const { t } = useTranslation();
  const page = useContent(id);
  if (!Number.isInteger(id) || id <= 0 || page.isError) {
    return (
      <EmptyState
        icon="doc"
        title={page.isError ? errorMessage(t, page.error) : t('errors:10109')}
      />
    );
  }
  if (page.data === undefined) return <Spinner />;
  return (
    <article className="card content-article">
      <h1 className="page-title">{page.data.title}</h1>
      <ContentBody body={page.data.body} />
      <p className="muted content-updated">
        {t('help:updated', { date: new Date(page.data.updatedAt).toLocaleDateString() })}
      </p>
    </article>
  );
}

/** A seeded page found by its slug within its content type (about-us, introduction). */
export function ContentBySlug({ type, slug }: { type: number; slug: string }) {
  const { t } = useTranslation();
  const list = useContentList(type);
  if (list.isError) return <EmptyState icon="doc" title={errorMessage(t, list.error)} />;
  if (list.data === undefined) return <Spinner />;
  const item = list.data.find((c) => c.slug === slug);
  if (item === undefined) return <EmptyState icon="doc" title={t('errors:10109')} />;
  return <ContentById id={item.id} />;
}

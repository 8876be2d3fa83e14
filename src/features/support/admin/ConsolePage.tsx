import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { QUEUES } from '../../../../contract/support/schemas.ts';
import { staffCall } from '../../../api/staff-session.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { ErrorAlert, PageHeader, Pager, useAdminForm } from '../../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import {
  QUEUE_PAGE_SIZE,
  SUPPORT_KEY,
  useAgents,
  useConsoleLive,
  useConversations,
  type Queue,
} from './console-queries.ts';
import { ConversationPane } from './ConversationPane.tsx';
import { SidebarPane } from './SidebarPane.tsx';
import '../support.css';
import './console.css';

/**
 * The agent's own state: online or away, how many conversations they take at once, and the
 * name people see on their messages (never the staff username).
 */
function AgentBar() {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const agents = useAgents();
  const form = useAdminForm();
  const me = agents.data?.me;
  const capacity = useRef<HTMLInputElement>(null);
  const shown = useRef<HTMLInputElement>(null);
  if (me === undefined) return <ErrorAlert error={agents.error} />;
  const save = (online: boolean) =>
    form.run(async () => {
      const name = shown.current?.value.trim() ?? '';
      const body = {
        online,
        capacity: Number(capacity.current?.value ?? me.capacity),
        ...(name === '' ? {} : { displayName: name }),
      };
      queryClient.setQueryData(
        [...SUPPORT_KEY, 'agents'],
        await staffCall('adminSupportAgent', { body }),
      );
      await queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'list'] });
    });
  function submit(e: FormEvent) {
    e.preventDefault();
    void save(me?.online ?? false);
  }
  return (
    <form className="card console-agent" onSubmit={submit} data-testid="console-agent">
      <span data-testid="console-agent-state">
        {t(me.online ? 'support.online' : 'support.away')} ·{' '}
        {t('support.load', { open: me.open, capacity: me.capacity })}
      </span>
      <label className="field-label" htmlFor="console-capacity">
        {t('support.capacity')}
      </label>
      <input
        id="console-capacity"
        key={me.capacity}
        ref={capacity}
        className="input console-capacity"
        inputMode="numeric"
        defaultValue={me.capacity}
      />
      <label className="field-label" htmlFor="console-display-name">
        {t('support.displayName')}
      </label>
      <input
        id="console-display-name"
        key={me.displayName ?? ''}
        ref={shown}
        className="input console-display-name"
        maxLength={40}
        placeholder={t('support.displayNameHint')}
        defaultValue={me.displayName ?? ''}
        data-testid="console-display-name"
      />
      <button type="submit" className="btn btn-ghost btn-small">
        {t('support.saveCapacity')}
      </button>
      <button
        type="button"
        className="btn btn-primary btn-small"
        onClick={() => void save(!me.online)}
        data-testid="console-toggle"
      >
        {t(me.online ? 'support.goAway' : 'support.goOnline')}
      </button>
      {form.error !== null && (
        <span className="field-error" role="alert">
          {form.error.message}
        </span>
      )}
    </form>
  );
}

function QueueList({
  selected,
  onSelect,
}: {
  selected: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('admin');
  const [queue, setQueue] = useState<Queue>('mine');
  const [page, setPage] = useState(1);
  const list = useConversations(queue, page);
  const choose = (q: Queue) => {
    setQueue(q);
    setPage(1);
  };
  return (
    <section className="card console-queue" data-testid="console-queue">
      <div className="tabs" role="tablist">
        {QUEUES.map((q) => (
          <button
            key={q}
            type="button"
            role="tab"
            className="tab"
            aria-selected={queue === q}
            onClick={() => choose(q)}
          >
            {t(`support.queue.${q}`)}
          </button>
        ))}
      </div>
      <ErrorAlert error={list.error} />
      {list.isPending ? (
        <Spinner />
      ) : (list.data?.rows.length ?? 0) === 0 ? (
        <p className="muted">{t('support.noConversations')}</p>
      ) : (
        <ul className="console-rows">
          {list.data?.rows.map((r) => (
            <li key={r.id}>
              <button
                type="button"
                className={`console-row${r.id === selected ? ' console-row-on' : ''}`}
                onClick={() => onSelect(r.id)}
                data-testid="console-row"
              >
                <strong>{r.who}</strong>{' '}
                <span className="muted">{t(`support.status.${r.status}`)}</span>
                {r.unread > 0 && <span className="console-unread num">{r.unread}</span>}
                <span className="console-last">{r.lastText}</span>
                <span className="muted num">{formatDateTime(r.lastMessageAt)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {list.data !== undefined && (
        <Pager page={page} total={list.data.total} size={QUEUE_PAGE_SIZE} onPage={setPage} />
      )}
    </section>
  );
}

/** /admin/support: the support console (docs/support.md). */
export default function ConsolePage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('c'));
  const selected = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  const typing = useConsoleLive(selected);
  return (
    <div className="admin-page console" data-testid="support-console">
      <PageHeader title={t('support.title')} />
      <AgentBar />
      <div className="console-grid">
        <QueueList selected={selected} onSelect={(id) => setParams({ c: String(id) })} />
        {selected === null ? (
          <p className="muted">{t('support.pick')}</p>
        ) : (
          <>
            <ConversationPane id={selected} typing={typing} />
            <SidebarPane id={selected} />
          </>
        )}
      </div>
    </div>
  );
}

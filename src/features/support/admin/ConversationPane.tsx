import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffConversation } from '../../../../contract/support/schemas.ts';
import { staffCall, staffFile } from '../../../api/staff-session.ts';
import { useRequestKey } from '../../../lib/use-request-key.ts';
import { ErrorAlert, ReasonField, useAdminForm } from '../../../ui/admin/AdminUi.tsx';
import { Spinner } from '../../../ui/EmptyState.tsx';
import { lastSeenOf, MessageItem, StatusLine } from '../parts.tsx';
import { TYPING_EVERY_MS, useReadMark } from '../queries.ts';
import { SUPPORT_KEY, useAgents, useCanned, useConversation } from './console-queries.ts';

const loadStaffFile = (id: string) => staffFile('getStaffFile', { params: { id } });

/** One conversation: its messages and notes, typing, the answer box, transfer and resolve. */
export function ConversationPane({ id, typing }: { id: number; typing: boolean }) {
  const { t } = useTranslation('admin');
  const c = useConversation(id);
  useReadMark(c.data?.id, c.data?.messages.at(-1)?.id, c.data?.agentReadId ?? 0, (body) =>
    staffCall('adminSupportRead', { body }),
  );
  if (c.isPending) return <Spinner />;
  if (c.data === undefined) return <ErrorAlert error={c.error} />;
  const seen = lastSeenOf(c.data, 'agent');
  return (
    <section className="card chat console-conversation" data-testid="console-conversation">
      <h2>{c.data.who}</h2>
      <StatusLine c={c.data} agentsOnline={1} />
      <ol className="chat-messages" data-testid="chat-messages">
        {c.data.messages.map((m) => (
          <MessageItem
            key={m.id}
            m={m}
            mine={m.author === 'agent'}
            seen={m.id === seen}
            loadImage={loadStaffFile}
            staffView
          />
        ))}
      </ol>
      {typing && (
        <p className="chat-typing muted" data-testid="chat-typing">
          {t('support.typing')}
        </p>
      )}
      {c.data.status !== 'resolved' && <Reply c={c.data} />}
      {c.data.status !== 'resolved' && <Actions c={c.data} />}
    </section>
  );
}

function Reply({ c }: { c: StaffConversation }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const canned = useCanned();
  const requestKey = useRequestKey();
  const form = useAdminForm();
  const [text, setText] = useState('');
  const [internal, setInternal] = useState(false);
  const lastTyping = useRef(0);
  function submit(e: FormEvent) {
    e.preventDefault();
    void form.run(async () => {
      const body = { key: requestKey.next(), conversationId: c.id, text, internal };
      try {
        const view = await staffCall('adminSupportReply', { body });
        requestKey.settle();
        queryClient.setQueryData([...SUPPORT_KEY, 'conversation', c.id], view);
        setText('');
      } catch (err) {
        requestKey.settle(err);
        throw err;
      }
    });
  }
  function typed(value: string) {
    setText(value);
    if (internal || Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = Date.now();
    void staffCall('adminSupportTyping', { body: { conversationId: c.id } }).catch(() => undefined);
  }
  return (
    <form className="chat-composer" onSubmit={submit} data-testid="console-reply">
      {(canned.data?.length ?? 0) > 0 && (
        <select
          className="input"
          aria-label={t('support.canned')}
          value=""
          onChange={(e) =>
            setText(canned.data?.find((a) => String(a.id) === e.target.value)?.text ?? text)
          }
        >
          <option value="">{t('support.canned')}</option>
          {canned.data?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.title}
            </option>
          ))}
        </select>
      )}
      <label className="field-label" htmlFor="console-text">
        {t('support.answer')}
      </label>
      <textarea
        id="console-text"
        className="input chat-input"
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(e) => typed(e.target.value)}
      />
      <label className="console-internal">
        <input type="checkbox" checked={internal} onChange={(e) => setInternal(e.target.checked)} />{' '}
        {t('support.internal')}
      </label>
      {form.error !== null && (
        <p className="alert alert-error" role="alert">
          {form.error.message}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={form.busy || text.trim() === ''}>
        {t(internal ? 'support.addNote' : 'support.send')}
      </button>
    </form>
  );
}

/** Resolve, or hand the conversation to another online agent with room (with a reason). */
function Actions({ c }: { c: StaffConversation }) {
  const { t } = useTranslation('admin');
  const queryClient = useQueryClient();
  const agents = useAgents();
  const form = useAdminForm();
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const others = (agents.data?.all ?? []).filter(
    (a) => a.online && a.open < a.capacity && a.staffId !== c.agentId,
  );
  const done = async (view: StaffConversation) => {
    queryClient.setQueryData([...SUPPORT_KEY, 'conversation', c.id], view);
    await queryClient.invalidateQueries({ queryKey: [...SUPPORT_KEY, 'list'] });
  };
  const transfer = () =>
    form.run(async () => {
      const body = { conversationId: c.id, staffId: Number(to), reason };
      await done(await staffCall('adminSupportTransfer', { body }));
      setReason('');
    });
  const resolve = () =>
    form.run(async () =>
      done(await staffCall('adminSupportResolve', { body: { conversationId: c.id } })),
    );
  return (
    <div className="console-actions" data-testid="console-actions">
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={() => void resolve()}
        data-testid="console-resolve"
      >
        {t('support.resolve')}
      </button>
      <select
        className="input"
        aria-label={t('support.transferTo')}
        value={to}
        onChange={(e) => setTo(e.target.value)}
      >
        <option value="">{t('support.transferTo')}</option>
        {others.map((a) => (
          <option key={a.staffId} value={a.staffId}>
            {t('support.agentOption', { name: a.name, open: a.open, capacity: a.capacity })}
          </option>
        ))}
      </select>
      <ReasonField
        id={`transfer-${c.id}`}
        value={reason}
        onChange={setReason}
        error={form.fieldError('reason')}
      />
      <button
        type="button"
        className="btn btn-ghost btn-small"
        disabled={to === ''}
        onClick={() => void transfer()}
      >
        {t('support.transfer')}
      </button>
      {form.error !== null && form.error.field !== 'reason' && (
        <p className="alert alert-error" role="alert">
          {form.error.message}
        </p>
      )}
    </div>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sensitiveKind, type Sensitive } from '../../../contract/support/sensitive.ts';
import { fetchOwnFile, upload } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { useRequestKey } from '../../lib/use-request-key.ts';
import { EmptyState, Spinner } from '../../ui/EmptyState.tsx';
import { ConfirmStep } from '../../ui/ConfirmStep.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { lastSeenOf, MessageItem, StatusLine } from './parts.tsx';
import {
  sideCall,
  TYPING_EVERY_MS,
  useReadMark,
  useSupport,
  useSupportLive,
  type Side,
} from './queries.ts';
import { Rating } from './Rating.tsx';

const loadOwn = (id: string) => fetchOwnFile('getFile', { params: { id } });

/** Tells the other side this one is typing, at most every few seconds. */
function useTypingSignal(side: Side, conversationId: number | undefined) {
  const last = useRef(0);
  return () => {
    if (conversationId === undefined || Date.now() - last.current < TYPING_EVERY_MS) return;
    last.current = Date.now();
    void sideCall(side, 'supportTyping', { body: { conversationId } }).catch(() => undefined);
  };
}

/** The person's (or visitor's) chat: status, messages, typing, and the composer or the rating. */
export function Chat({ side }: { side: Side }) {
  const { t } = useTranslation('support');
  const support = useSupport(side);
  const typing = useSupportLive(side);
  const shown = support.data?.conversation ?? undefined;
  useReadMark(shown?.id, shown?.messages.at(-1)?.id, shown?.personReadId ?? 0, (body) =>
    sideCall(side, 'supportRead', { body }),
  );
  const list = useRef<HTMLOListElement>(null);
  const count = shown?.messages.length ?? 0;
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: 'end' });
  }, [count, typing]);
  if (support.isPending) return <Spinner />;
  if (support.isError) {
    return (
      <p className="alert alert-error" role="alert">
        {errorMessage(t, support.error)}
      </p>
    );
  }
  const { conversation: c, agentsOnline, replyHours } = support.data;
  const seen = c === null ? null : lastSeenOf(c, 'person');
  return (
    <section className="card chat" data-testid="chat">
      {c === null ? (
        <EmptyState icon="support" title={t('emptyTitle')}>
          <p>{agentsOnline > 0 ? t('emptyOnline') : t('emptyOffline', { count: replyHours })}</p>
        </EmptyState>
      ) : (
        <>
          <StatusLine c={c} agentsOnline={agentsOnline} />
          <ol className="chat-messages" ref={list} data-testid="chat-messages">
            {c.messages.map((m) => (
              <MessageItem
                key={m.id}
                m={m}
                mine={m.author === 'person'}
                seen={m.id === seen}
                loadImage={loadOwn}
              />
            ))}
          </ol>
        </>
      )}
      {typing && (
        <p className="chat-typing muted" data-testid="chat-typing">
          {t('typing')}
        </p>
      )}
      {c?.status === 'resolved' && <Rating side={side} conversationId={c.id} />}
      {/* After a resolution, the next message starts a new conversation. */}
      <Composer side={side} conversationId={c?.status === 'resolved' ? undefined : c?.id} />
    </section>
  );
}

/** The text box, the image button (signed-in people) and the warning before a secret goes. */
function Composer({ side, conversationId }: { side: Side; conversationId: number | undefined }) {
  const { t } = useTranslation('support');
  const queryClient = useQueryClient();
  const requestKey = useRequestKey();
  const typing = useTypingSignal(side, conversationId);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [warn, setWarn] = useState<Sensitive | null>(null);

  async function send(fileId?: string) {
    setBusy(true);
    setError(null);
    try {
      const body = { key: requestKey.next(), text, fileId, conversationId };
      const state = await sideCall(side, 'supportSend', { body });
      requestKey.settle();
      queryClient.setQueryData(['support', side.kind], state);
      setText('');
    } catch (err) {
      requestKey.settle(err);
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    const kind = sensitiveKind(text);
    if (kind !== null) setWarn(kind);
    else void send();
  }
  async function attach(file: File | undefined) {
    if (file === undefined) return;
    setError(null);
    try {
      const { fileId } = await upload('supportUpload', file);
      await send(fileId);
    } catch (err) {
      setError(err);
    }
  }
  return (
    <form className="chat-composer" onSubmit={submit} data-testid="chat-composer">
      {error !== null && (
        <p className="alert alert-error" role="alert">
          {errorMessage(t, error)}
        </p>
      )}
      <label className="field-label" htmlFor="chat-text">
        {t('message')}
      </label>
      <textarea
        id="chat-text"
        className="input chat-input"
        rows={3}
        maxLength={2000}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          typing();
        }}
      />
      <div className="chat-actions">
        {side.kind === 'person' && (
          <label className="btn btn-ghost btn-small chat-attach">
            {t('attach')}
            <input
              type="file"
              accept="image/png,image/jpeg,image/jp2,.jp2"
              className="visually-hidden"
              onChange={(e) => void attach(e.target.files?.[0])}
              data-testid="chat-attach"
            />
          </label>
        )}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('send')}
        </button>
      </div>
      {warn !== null && (
        <Modal title={t('warnTitle')} onClose={() => setWarn(null)}>
          <ConfirmStep
            feature="chat"
            text={t(`warn.${warn}`)}
            busy={busy}
            labels={{ back: t('edit'), confirm: t('sendAnyway') }}
            onBack={() => setWarn(null)}
            onConfirm={() => {
              setWarn(null);
              void send();
            }}
          />
        </Modal>
      )}
    </form>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Conversation, SupportMessage } from '../../../contract/support/schemas.ts';
import { dataUrl } from '../../lib/data-url.ts';
import { formatDateTime, formatTime } from '../../lib/time.ts';

/**
 * An attached image, fetched with the reader's token (the files kernel serves it only to its
 * owner and to support staff) and shown from memory.
 */
export function ChatImage({
  fileId,
  load,
}: {
  fileId: string;
  load: (id: string) => Promise<Blob>;
}) {
  const { t } = useTranslation('support');
  const src = useQuery({
    queryKey: ['supportFile', fileId],
    queryFn: async () => dataUrl(await load(fileId)),
    staleTime: Infinity,
  });
  if (src.isError) return <span className="muted">{t('imageFailed')}</span>;
  if (src.data === undefined) return <span className="muted">{t('imageLoading')}</span>;
  return <img className="chat-image" src={src.data} alt={t('image')} data-testid="chat-image" />;
}

/** A system line: who took the conversation, or its end. */
function EventLine({ m }: { m: SupportMessage }) {
  const { t } = useTranslation('support');
  return (
    <li className="chat-event" data-testid="chat-event">
      {t(`event.${m.event ?? 'assigned'}`, { name: m.text === '' ? t('staff') : m.text })}
      <span className="muted num"> {formatTime(m.at)}</span>
    </li>
  );
}

/**
 * One message, its text shown as the text it is (never as HTML), with its side and time.
 * `mine` is the reader's side; `flaggedNote` warns staff of what looked like a secret.
 */
export function MessageItem({
  m,
  mine,
  seen,
  loadImage,
  staffView = false,
}: {
  m: SupportMessage;
  mine: boolean;
  seen: boolean;
  loadImage: (id: string) => Promise<Blob>;
  staffView?: boolean;
}) {
  const { t } = useTranslation('support');
  if (m.author === 'system') return <EventLine m={m} />;
  const who = m.author === 'agent' ? (m.agent ?? t('staff')) : staffView ? t('person') : t('you');
  return (
    <li
      className={`chat-message${mine ? ' chat-mine' : ''}${m.internal ? ' chat-internal' : ''}`}
      data-testid="chat-message"
      data-author={m.author}
    >
      <div className="chat-meta muted">
        <span>{m.internal ? t('internalNote', { name: who }) : who}</span>
        <span className="num">{formatTime(m.at)}</span>
      </div>
      {m.text !== '' && <p className="chat-text">{m.text}</p>}
      {m.fileId !== null && <ChatImage fileId={m.fileId} load={loadImage} />}
      {staffView && m.flagged && (
        <p className="chat-flag" data-testid="chat-flagged">
          {t('flaggedForStaff')}
        </p>
      )}
      {seen && (
        <span className="chat-seen muted" data-testid="chat-seen">
          {t('seen')}
        </span>
      )}
    </li>
  );
}

/** Where the conversation stands: the queue, a ticket's promise, the agent, or its end. */
export function StatusLine({ c, agentsOnline }: { c: Conversation; agentsOnline: number }) {
  const { t } = useTranslation('support');
  let text: string;
  if (c.status === 'open') text = t('status.open', { name: c.agent ?? t('staff') });
  else if (c.status === 'resolved') text = t('status.resolved');
  else if (c.status === 'ticket' && agentsOnline === 0)
    text = t('status.ticket', { time: formatDateTime(c.promisedBy) });
  else {
    const minutes =
      c.queue?.expectedWaitSeconds == null
        ? null
        : Math.max(1, Math.ceil(c.queue.expectedWaitSeconds / 60));
    text =
      minutes === null
        ? t('status.waiting', { position: c.queue?.position ?? 1 })
        : t('status.waitingFor', { position: c.queue?.position ?? 1, count: minutes });
  }
  return (
    <p className="chat-status" role="status" data-testid="chat-status">
      {text}
    </p>
  );
}

/** The last of `side`'s messages the other side has seen (its id), for the "Seen" mark. */
export function lastSeenOf(c: Conversation, side: 'person' | 'agent'): number | null {
  const read = side === 'person' ? c.agentReadId : c.personReadId;
  const seen = c.messages.filter((m) => m.author === side && !m.internal && m.id <= read);
  return seen.at(-1)?.id ?? null;
}

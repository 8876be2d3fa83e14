import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/client.ts';
import { sessionStore } from '../../state/session.ts';
import { useStore } from '../../state/store.ts';
import { Chat } from './Chat.tsx';
import { PERSON_CHAT } from './queries.ts';
import { VisitorStart } from './VisitorStart.tsx';
import { visitorStore, type VisitorChat } from './visitor.ts';
import './support.css';

/** A visitor who has signed in keeps their chat: it becomes the account's, once. */
function useClaim(isLogin: boolean, visitor: VisitorChat | null) {
  const queryClient = useQueryClient();
  const claimed = useRef<string | null>(null);
  useEffect(() => {
    if (!isLogin || visitor === null || claimed.current === visitor.token) return;
    claimed.current = visitor.token;
    // The chat's own first read may still be on its way, from before the claim: it is
    // cancelled, or it would land after the claim's answer and show the chat empty.
    void call('supportClaim', { body: { token: visitor.token } })
      .then(async (state) => {
        await queryClient.cancelQueries({ queryKey: PERSON_CHAT });
        queryClient.setQueryData(PERSON_CHAT, state);
      })
      .catch(() => undefined)
      .finally(() => visitorStore.set(null));
  }, [isLogin, visitor, queryClient]);
}

/** /profile/kefu (SPEC §2): live support, for a signed-in person or a visitor. */
export default function SupportPage() {
  const { t } = useTranslation('support');
  const { isLogin } = useStore(sessionStore);
  const visitor = useStore(visitorStore);
  useClaim(isLogin, visitor);
  const side = useMemo(
    () =>
      isLogin
        ? ({ kind: 'person' } as const)
        : visitor === null
          ? null
          : ({ kind: 'visitor', chat: visitor } as const),
    [isLogin, visitor],
  );
  return (
    <div className="page page-narrow support-page" data-testid="support-page">
      <h1>{t('title')}</h1>
      <p className="alert alert-info chat-safety" data-testid="chat-safety">
        {t('safety')}
      </p>
      {side === null ? <VisitorStart /> : <Chat side={side} />}
    </div>
  );
}

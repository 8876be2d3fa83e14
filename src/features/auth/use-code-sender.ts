import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { sendCodeBody } from '../../../contract/auth/schemas.ts';
import { ApiError, call } from '../../api/client.ts';
import { preferences } from '../../state/preferences.ts';

/** Sends a one-time code and counts down until another may be asked for. */
export function useCodeSender(onError: (err: unknown) => void) {
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  async function send(body: z.input<typeof sendCodeBody>): Promise<void> {
    setSending(true);
    try {
      const res = await call('sendCode', { body: { ...body, lang: preferences.get().language } });
      setSent(true);
      setSecondsLeft(res.resendAfterSeconds);
    } catch (err) {
      const wait = err instanceof ApiError ? err.detail?.retryAfterSeconds : undefined;
      if (wait !== undefined && wait <= 120) setSecondsLeft(wait);
      onError(err);
    } finally {
      setSending(false);
    }
  }

  return { send, sending, sent, secondsLeft, canSend: !sending && secondsLeft <= 0 };
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NoticeKind } from '../../../contract/notifications/schemas.ts';
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { NOTIFICATIONS, useNoticeSettings } from './queries.ts';

/** Each kind of notice, on or off; the money-critical ones are shown always on. */
export function NoticeSettings() {
  const { t } = useTranslation('notifications');
  const settings = useNoticeSettings();
  const queryClient = useQueryClient();
  // The box a person just changed shows their choice at once (the query's own update comes a
  // task later, and a controlled box would spring back meanwhile); a refusal undoes it.
  const [chosen, setChosen] = useState<{ kind: NoticeKind; enabled: boolean } | null>(null);
  const save = useMutation({
    mutationFn: (body: { kind: NoticeKind; enabled: boolean }) =>
      call('setNoticeSetting', { body }),
    onSuccess: (answer) => queryClient.setQueryData([NOTIFICATIONS, 'settings'], answer),
    onError: () => setChosen(null),
  });
  if (settings.data === undefined) return null;
  return (
    <section className="card notice-settings" aria-labelledby="notice-settings-title">
      <h2 id="notice-settings-title" className="section-title">
        {t('settings.title')}
      </h2>
      <p className="muted">{t('settings.hint')}</p>
      {save.error !== null && (
        <p className="alert alert-error" role="alert">
          {errorMessage(t, save.error)}
        </p>
      )}
      <ul className="notice-kinds">
        {settings.data.list.map((s) => (
          <li key={s.kind}>
            <label className="notice-kind" data-testid={`notice-setting-${s.kind}`}>
              <input
                type="checkbox"
                checked={chosen?.kind === s.kind ? chosen.enabled : s.enabled}
                disabled={s.mandatory || save.isPending}
                onChange={(e) => {
                  const choice = { kind: s.kind, enabled: e.target.checked };
                  setChosen(choice);
                  save.mutate(choice);
                }}
              />
              <span>{t(`kinds.${s.kind}`)}</span>
              {s.mandatory && <span className="badge">{t('settings.alwaysOn')}</span>}
            </label>
          </li>
        ))}
      </ul>
    </section>
  );
}

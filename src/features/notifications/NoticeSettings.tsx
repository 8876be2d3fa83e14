import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { NoticeKind, noticeSettings } from '../../../contract/notifications/schemas.ts';

type NoticeSettingsList = z.infer<typeof noticeSettings>;
import { call } from '../../api/client.ts';
import { errorMessage } from '../../i18n/error-message.ts';
import { NOTIFICATIONS, useNoticeSettings } from './queries.ts';

/** Each kind of notice, on or off; the money-critical ones are shown always on. */
export function NoticeSettings() {
  const { t } = useTranslation('notifications');
  const settings = useNoticeSettings();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { kind: NoticeKind; enabled: boolean }) =>
      call('setNoticeSetting', { body }),
    // The box follows the click at once; the server's answer (or a refetch on refusal) settles it.
    onMutate: ({ kind, enabled }) =>
      queryClient.setQueryData<NoticeSettingsList>(
        [NOTIFICATIONS, 'settings'],
        (old) => old && { list: old.list.map((s) => (s.kind === kind ? { ...s, enabled } : s)) },
      ),
    onSuccess: (answer) => queryClient.setQueryData([NOTIFICATIONS, 'settings'], answer),
    onError: () => queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS, 'settings'] }),
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
                checked={s.enabled}
                disabled={s.mandatory || save.isPending}
                onChange={(e) => save.mutate({ kind: s.kind, enabled: e.target.checked })}
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

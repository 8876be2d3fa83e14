import { useQuery } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { preferences } from '../../state/preferences.ts';
import { useStore } from '../../state/store.ts';

/** Content titles of one type in the current language (reloaded when the language changes). */
export function useContentList(type: number) {
  const { language } = useStore(preferences);
  return useQuery({
    queryKey: ['contents', type, language],
    queryFn: () => call('listContents', { params: { type }, query: { lang: language } }),
    staleTime: 5 * 60_000,
  });
}

export function useContent(id: number) {
  const { language } = useStore(preferences);
  return useQuery({
    queryKey: ['content', id, language],
    queryFn: () => call('getContentsById', { params: { id }, query: { lang: language } }),
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 5 * 60_000,
  });
}

/**
 * A link parameter the operator has set, or null. The server accepts only https addresses
 * or empty (not configured); anything else, such as a path kept from an older install, is
 * treated as not configured so no button leads nowhere.
 */
export function configuredLink(value: string | undefined): string | null {
  return value?.startsWith('https://') === true ? value : null;
}

/** A public parameter such as down_url (SPEC §3). */
export function useParam(key: 'down_url' | 'android_url' | 'ios_url' | 'support_email') {
  return useQuery({
    queryKey: ['param', key],
    queryFn: async () => (await call('getParamByKey', { params: { key } })).paramValue,
    staleTime: 30 * 60_000,
  });
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../contract/languages.ts';
import { currentLocaleTag } from '../../i18n/i18n.ts';
import { AREA_CODES } from './areaCodes.ts';

/** The region a language most often means, to preselect its area code. */
export const DEFAULT_REGION: Record<Language, string> = {
  en: 'GB',
  ja: 'JP',
  ko: 'KR',
  de: 'DE',
  fr: 'FR',
  it: 'IT',
  es: 'ES',
  ar: 'AE',
  hk: 'HK',
  zh: 'CN',
};

/** Value is `ISO:+dial` so regions sharing a code (+1, +7, +44) stay distinct. */
export function AreaCodeSelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t, i18n } = useTranslation('auth');
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([currentLocaleTag()], { type: 'region' });
    const collator = new Intl.Collator(currentLocaleTag());
    return AREA_CODES.map((a) => ({
      value: `${a.iso}:${a.dial}`,
      label: `${names.of(a.iso) ?? a.iso} ${a.dial}`,
    })).sort((a, b) => collator.compare(a.label, b.label));
    // Region names follow the interface language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);
  return (
    <select
      className="select area-code"
      aria-label={t('fields.areaCode')}
      name="areaCode"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

export function dialOf(value: string): string {
  return value.split(':')[1] ?? '';
}

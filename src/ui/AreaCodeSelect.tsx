import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocaleTag } from '../i18n/i18n.ts';
import { AREA_CODES } from '../lib/area-codes.ts';

/**
 * The phone area code picker (registration, identity check). Value is `ISO:+dial`
 * (lib/area-codes.ts); each region is named in the interface language.
 */
export function AreaCodeSelect({
  value,
  onChange,
  label,
  id,
}: {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name, in the caller's words. */
  label: string;
  id?: string;
}) {
  const { i18n } = useTranslation();
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
      id={id}
      className="select area-code"
      aria-label={label}
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

import { useMemo, type SelectHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocaleTag } from '../i18n/i18n.ts';
import { AREA_CODES } from '../lib/area-codes.ts';

/**
 * A country picker: the regions of the area code list (ISO 3166-1 alpha-2 values), named and
 * sorted in the interface language, after a first empty choice the caller words.
 */
export function CountrySelect({
  placeholder,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { placeholder: string }) {
  const { i18n } = useTranslation();
  const options = useMemo(() => {
    const names = new Intl.DisplayNames([currentLocaleTag()], { type: 'region' });
    const collator = new Intl.Collator(currentLocaleTag());
    const regions = [...new Set(AREA_CODES.map((a) => a.iso))];
    return regions
      .map((iso) => ({ value: iso, label: names.of(iso) ?? iso }))
      .sort((a, b) => collator.compare(a.label, b.label));
    // Region names follow the interface language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [i18n.language]);
  return (
    <select className="select" {...select}>
      <option value="">{placeholder}</option>
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CATEGORIES } from './categories.ts';

/** The five market categories as tabs (SPEC §1), with optional tabs before them. */
export function CategoryTabs({
  selected,
  onSelect,
  before,
}: {
  selected: number | string;
  onSelect: (type: number) => void;
  before?: ReactNode;
}) {
  const { t } = useTranslation('market');
  return (
    <div className="tabs market-tabs" role="tablist" aria-label={t('categories.label')}>
      {before}
      {CATEGORIES.map((c) => (
        <button
          key={c.type}
          type="button"
          role="tab"
          className="tab"
          aria-selected={selected === c.type}
          onClick={() => onSelect(c.type)}
        >
          {t(`categories.${c.key}`)}
        </button>
      ))}
    </div>
  );
}

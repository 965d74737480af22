export interface SelectOption {
  value: string;
  label: string;
}

/** Lower case without diacritics: "Économie" → "economie", "Ärzte" → "arzte". */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();

/**
 * SPEC §2 usage context: options sorted alphabetically ignoring accents and case, the value `other`
 * last. Pure; returns a new array. `locale` picks the collation (default: the runtime's).
 */
export function sortOptions<T extends SelectOption>(options: readonly T[], locale?: string): T[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...options].sort((a, b) => {
    const aOther = a.value === 'other';
    const bOther = b.value === 'other';
    if (aOther !== bOther) return aOther ? 1 : -1;
    return collator.compare(fold(a.label), fold(b.label)) || a.label.localeCompare(b.label);
  });
}

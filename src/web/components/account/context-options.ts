import { type SelectOption, sortOptions } from '../../../../machines/usage-context.machine';

/**
 * Option values of the professional usage-context selects (SPEC §2 Usage context). Values are stable
 * slugs stored on the account and profile; labels are translated in `context-labels.ts`. Pure: no
 * macros, so the unit tests can import it.
 */
export const COMPANY_ACTIVITY_SECTORS = [
  'agriculture_food',
  'architecture_construction',
  'arts_culture',
  'education_research',
  'finance_insurance',
  'health_care',
  'hospitality_tourism',
  'industry_manufacturing',
  'it_software',
  'marketing_advertising',
  'media_publishing',
  'non_profit',
  'public_sector',
  'real_estate',
  'retail_ecommerce',
  'other',
] as const;
export type CompanyActivitySector = (typeof COMPANY_ACTIVITY_SECTORS)[number];

export const JOB_TITLES = [
  'owner_executive',
  'manager',
  'marketing',
  'communication',
  'sales',
  'designer',
  'editor_journalist',
  'teacher_trainer',
  'engineer_developer',
  'consultant',
  'administration',
  'student_intern',
  'other',
] as const;
export type JobTitle = (typeof JOB_TITLES)[number];

/** Company sizes keep their natural order (they are ranges, not names). */
export const COMPANY_SIZES = ['1', '2-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

/**
 * Labels the values with `label` and sorts them as the spec asks: alphabetically ignoring accents and
 * case, `other` last (`sortOptions` of the usage-context machine), in the reader's locale.
 */
export function sortedOptions<V extends string>(values: readonly V[], label: (value: V) => string, locale?: string): SelectOption[] {
  return sortOptions(
    values.map((value) => ({ value, label: label(value) })),
    locale,
  );
}

/** Options in the given order (company sizes). */
export const orderedOptions = <V extends string>(values: readonly V[], label: (value: V) => string): SelectOption[] =>
  values.map((value) => ({ value, label: label(value) }));

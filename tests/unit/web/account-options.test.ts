import { describe, expect, it } from 'vitest';
import {
  COMPANY_ACTIVITY_SECTORS,
  COMPANY_SIZES,
  JOB_TITLES,
  orderedOptions,
  sortedOptions,
} from '../../../src/web/components/account/context-options';

describe('usage-context select options (SPEC §2)', () => {
  it('values are unique, stable slugs that fit the contract limits', () => {
    for (const list of [COMPANY_ACTIVITY_SECTORS, JOB_TITLES, COMPANY_SIZES]) {
      expect(new Set(list).size).toBe(list.length);
      for (const value of list) {
        expect(value).toMatch(/^[a-z0-9_+-]+$/);
        expect(value.length).toBeLessThanOrEqual(40);
      }
    }
    expect(COMPANY_ACTIVITY_SECTORS).toContain('other');
    expect(JOB_TITLES).toContain('other');
  });

  it('sorts by label ignoring accents and case, "other" last', () => {
    const labels: Record<string, string> = { other: 'Autre', b: 'économie', a: 'Éducation', c: 'finance', d: 'Agriculture' };
    const options = sortedOptions(['other', 'b', 'a', 'c', 'd'], (v) => labels[v] ?? v, 'fr');
    expect(options.map((o) => o.label)).toEqual(['Agriculture', 'économie', 'Éducation', 'finance', 'Autre']);
    expect(options.at(-1)?.value).toBe('other');
  });

  it('keeps every sector and job title, and company sizes in their natural order', () => {
    expect(
      sortedOptions(COMPANY_ACTIVITY_SECTORS, (v) => v)
        .map((o) => o.value)
        .sort(),
    ).toEqual([...COMPANY_ACTIVITY_SECTORS].sort());
    expect(sortedOptions(JOB_TITLES, (v) => v).at(-1)?.value).toBe('other');
    expect(orderedOptions(COMPANY_SIZES, (v) => v).map((o) => o.value)).toEqual(['1', '2-10', '11-50', '51-200', '201-1000', '1000+']);
  });
});

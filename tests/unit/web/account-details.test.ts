import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — plain JS module without types
import { parsePo } from '../../../src/tools/i18n-check-lib.mjs';
import { JOB_TITLES } from '../../../src/web/components/account/context-options';
import { jobTitleOptions } from '../../../src/web/pages/account/details';

const root = join(import.meta.dirname, '../../..');
const catalog = (lang: string): Map<string, string> => parsePo(readFileSync(join(root, `locales/${lang}/messages.po`), 'utf8'));

/** The label the personal details give a job title: its usage-context message (`account.job.<value>`) in a language. */
const labelIn = (lang: string) => {
  const messages = catalog(lang);
  return (value: string) => messages.get(`account.job.${value}`) ?? `missing account.job.${value}`;
};

describe('personal details: the job title (issue 16: shown by its label, chosen from the usage-context list)', () => {
  it('shows a stored code by its translated label, not the code', () => {
    for (const [lang, label] of [
      ['en', 'Administration and office'],
      ['de', catalog('de').get('account.job.administration')],
    ] as const) {
      const options = jobTitleOptions('administration', labelIn(lang), lang);
      const chosen = options.find((o) => o.value === 'administration');
      expect(chosen?.label).toBe(label);
      expect(chosen?.label).not.toBe('administration');
    }
  });

  it('offers the whole list of the usage-context question, sorted with "other" last, in every language', () => {
    for (const lang of ['de', 'en', 'es', 'fr', 'it', 'pt', 'ru']) {
      const options = jobTitleOptions('', labelIn(lang), lang);
      expect(options.map((o) => o.value).sort()).toEqual([...JOB_TITLES].sort());
      expect(options.at(-1)?.value).toBe('other');
      expect(options.every((o) => !o.label.startsWith('missing'))).toBe(true);
      const labels = options.slice(0, -1).map((o) => o.label);
      expect(labels).toEqual([...labels].sort((a, b) => a.localeCompare(b, lang, { sensitivity: 'base' })));
    }
  });

  it('keeps a title stored outside the list choosable as written, so saving the other fields keeps it', () => {
    const options = jobTitleOptions('Chief of staff', labelIn('en'), 'en');
    expect(options[0]).toEqual({ value: 'Chief of staff', label: 'Chief of staff' });
    expect(options).toHaveLength(JOB_TITLES.length + 1);
  });
});

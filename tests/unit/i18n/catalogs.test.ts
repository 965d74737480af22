import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGE_IDS } from '../../../src/api';
import { ERRORS } from '../../../src/contracts/errors';
// @ts-expect-error — plain JS module without types
import { parsePo } from '../../../src/tools/i18n-check-lib.mjs';

const root = join(import.meta.dirname, '../../..');
const en: Map<string, string> = parsePo(readFileSync(join(root, 'locales/en/messages.po'), 'utf8'));

describe('message ids the code emits exist in the catalogs', () => {
  it('every error catalogue entry has errors.{type}.{code}', () => {
    const missing = Object.values(ERRORS)
      .map((e) => `errors.${e.type}.${e.code}`)
      .filter((id) => !en.has(id));
    expect(missing).toEqual([]);
  });
  it('every id the API client can emit', () => {
    expect(CLIENT_MESSAGE_IDS.filter((id) => !en.has(id))).toEqual([]);
  });
  it('the spec keys of the foundation', () => {
    for (const id of ['commons.requestTooLong', 'commons.parseError', 'commons.requestError', 'list.empty', 'validation.required']) {
      expect(en.has(id), id).toBe(true);
    }
  });
});

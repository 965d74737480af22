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

describe('one name per view mode (issue 22)', () => {
  it('the book settings, the embed modal and the reader name each document.view value by the same message', async () => {
    const { VIEW_MODE_LABELS } = await import('../../../src/web/i18n/view-modes');
    const { VIEW_LABELS } = await import('../../../src/web/components/books/settings/labels');
    const { M } = await import('../../../src/viewer/messages');
    expect(VIEW_LABELS).toBe(VIEW_MODE_LABELS);
    expect([M.modeAuto, M.modeBook, M.modeSlide, M.modeScroll]).toEqual([
      VIEW_MODE_LABELS.auto,
      VIEW_MODE_LABELS.book,
      VIEW_MODE_LABELS.slide,
      VIEW_MODE_LABELS.scroll,
    ]);
    const widget = readFileSync(join(root, 'src/web/components/widget/WidgetOptionsForm.tsx'), 'utf8');
    expect(widget).toMatch(/view: \{\s*auto: t\(VIEW_MODE_LABELS\.auto\)/);
    // No other live message of any catalog names a view mode under another id.
    for (const id of ['reader.mode.slide', 'widget.view.slide', 'book.settings.view.slide']) expect(en.has(id), id).toBe(false);
  });
});

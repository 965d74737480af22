import { describe, expect, it } from 'vitest';
import { PUBLICATION } from '../../machines/book-list/fixtures';
import { formatPublication, isoOf, LAYOUT_KEY, pageWindow, readLayout, writeLayout } from '../../src/web/components/books/format';

describe('formatPublication (scheduled flag date in the UI language)', () => {
  it('formats for the language', () => {
    const en = formatPublication(PUBLICATION, 'en', 'UTC');
    const de = formatPublication(PUBLICATION, 'de', 'UTC');
    const fr = formatPublication(PUBLICATION, 'fr', 'UTC');
    expect(en).toMatch(/Jan 1, 2026/);
    expect(en).toMatch(/12:00/);
    expect(de).toMatch(/01\.01\.2026/);
    expect(de).toMatch(/12:00/);
    expect(fr).toMatch(/1 janv\. 2026/);
  });

  it('falls back to English on an unknown locale tag and is empty for no date', () => {
    expect(formatPublication(PUBLICATION, 'not a locale!', 'UTC')).toMatch(/2026/);
    expect(formatPublication(Number.NaN, 'en')).toBe('');
    expect(isoOf(PUBLICATION)).toBe('2026-01-01T12:00:00.000Z');
  });
});

describe('pageWindow', () => {
  it('shows first, last and two pages around the current one, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
    expect(pageWindow(1, 12)).toEqual([1, 2, 3, null, 12]);
    expect(pageWindow(12, 12)).toEqual([1, null, 10, 11, 12]);
  });
});

describe('layout memory', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
  };

  it('defaults to the grid and remembers the list', () => {
    const store = memory();
    expect(readLayout(store)).toBe('grid');
    writeLayout('list', store);
    expect(store.data.get(LAYOUT_KEY)).toBe('list');
    expect(readLayout(store)).toBe('list');
    writeLayout('grid', store);
    expect(readLayout(store)).toBe('grid');
  });

  it('storage that throws or holds nonsense gives the grid', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
    };
    expect(readLayout(broken)).toBe('grid');
    expect(() => writeLayout('list', broken)).not.toThrow();
    expect(readLayout({ getItem: () => 'tiles', setItem: () => {} })).toBe('grid');
    expect(readLayout(undefined)).toBe('grid');
  });
});

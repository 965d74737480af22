import { describe, expect, it } from 'vitest';
import { bboxParser, type PageWord } from '../../src/server/convert/words';
import { foldQuery, MAX_PAGE_RECTS, matchRects } from '../../src/server/reader/search';

/** Matching a search on a page's word boxes (the highlights drawn over the page image). */
const line = (y: number, ...texts: string[]): PageWord[] => texts.map((t, i) => [t, 0.1 + i * 0.2, y, 0.15, 0.02]);

describe('matchRects', () => {
  const words = [...line(0.1, 'Le', 'café', 'est'), ...line(0.2, 'chaud.', 'CAFÉ')];

  it('finds every match accent- and case-insensitively, one rectangle per match', () => {
    const rects = matchRects(words, foldQuery('Cafe'));
    expect(rects).toHaveLength(2);
    expect(rects[0]).toEqual([0.3, 0.1, 0.15, 0.02]);
    expect(rects[1]).toEqual([0.3, 0.2, 0.15, 0.02]);
  });

  it('gives part of a word its share of the width', () => {
    const [r] = matchRects(words, foldQuery('fé'));
    expect(r?.[0]).toBeCloseTo(0.3 + 0.15 / 2, 4);
    expect(r?.[2]).toBeCloseTo(0.15 / 2, 4);
  });

  it('joins the words of a phrase on one line and splits it at a line break', () => {
    expect(matchRects(words, foldQuery('le café'))).toEqual([[0.1, 0.1, 0.35, 0.02]]);
    const across = matchRects(words, foldQuery('est chaud'));
    expect(across).toHaveLength(2);
    expect(across[0]).toEqual([0.5, 0.1, 0.15, 0.02]);
    expect(across[1]?.[1]).toBe(0.2);
  });

  it('finds nothing for an absent word or an empty query, and caps the rectangles', () => {
    expect(matchRects(words, foldQuery('thé'))).toEqual([]);
    expect(matchRects(words, '')).toEqual([]);
    const many: PageWord[] = Array.from({ length: 300 }, (_, i) => ['ab', (i % 10) / 10, Math.floor(i / 10) / 30, 0.05, 0.02]);
    expect(matchRects(many, 'ab')).toHaveLength(MAX_PAGE_RECTS);
  });
});

describe('bboxParser', () => {
  it('reads pdftotext -bbox pages into normalised word boxes, entities decoded', () => {
    const pages: PageWord[][] = [];
    const p = bboxParser((w) => pages.push(w));
    for (const l of [
      '<doc>',
      '  <page width="200.000000" height="100.000000">',
      '    <word xMin="20.000000" yMin="10.000000" xMax="60.000000" yMax="20.000000">Tom&amp;Jerry</word>',
      '  </page>',
      '  <page width="200.000000" height="100.000000">',
      '  </page>',
    ])
      p.line(l);
    expect(pages).toEqual([[['Tom&Jerry', 0.1, 0.1, 0.2, 0.1]], []]);
  });
});

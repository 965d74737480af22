import { describe, expect, it } from 'vitest';
import {
  anchorPage,
  classifyGesture,
  edgeToNav,
  imageWidth,
  isDoubleTap,
  keyToNav,
  pagesToLoad,
  pagesToRelease,
  parsePageHash,
  parseSearchHash,
  resolveLayout,
  safeExternalUrl,
  screenOrder,
  spreadOf,
  step,
  swipeToNav,
} from '../../machines/reader/layout';
import { parseReaderLocation, takePreloadedBook, viewModeParam } from '../../src/viewer/api';

describe('reader spreads', () => {
  it('shows the cover alone, then pairs, and the last page alone when the count is even', () => {
    expect(spreadOf(1, 6)).toEqual([1]);
    expect(spreadOf(2, 6)).toEqual([2, 3]);
    expect(spreadOf(3, 6)).toEqual([2, 3]);
    expect(spreadOf(6, 6)).toEqual([6]);
    expect(spreadOf(5, 5)).toEqual([4, 5]);
    expect(spreadOf(99, 5)).toEqual([4, 5]);
  });
  it('mirrors the spread on screen for right-to-left books', () => {
    expect(screenOrder([2, 3], 'ltr')).toEqual([2, 3]);
    expect(screenOrder([2, 3], 'rtl')).toEqual([3, 2]);
  });
  it('steps by spread in book layout and by page otherwise, within the book', () => {
    expect(step('book', 1, 6, 1)).toBe(2);
    expect(step('book', 2, 6, 1)).toBe(4);
    expect(step('book', 4, 6, 1)).toBe(6);
    expect(step('book', 6, 6, 1)).toBe(6);
    expect(step('book', 4, 6, -1)).toBe(2);
    expect(step('book', 2, 6, -1)).toBe(1);
    expect(step('slide', 2, 6, 1)).toBe(3);
    expect(step('slide', 1, 6, -1)).toBe(1);
    expect(anchorPage('book', 5, 6)).toBe(4);
    expect(anchorPage('slide', 5, 6)).toBe(5);
  });
  it('picks the book spread only on wide landscape screens in auto mode', () => {
    expect(resolveLayout('auto', { width: 1280, height: 800 })).toBe('book');
    expect(resolveLayout('auto', { width: 991, height: 600 })).toBe('slide');
    expect(resolveLayout('auto', { width: 1024, height: 1366 })).toBe('slide');
    expect(resolveLayout('scroll', { width: 1280, height: 800 })).toBe('scroll');
  });
});

describe('page window', () => {
  it('preloads two neighbours around the shown pages', () => {
    expect(pagesToLoad([5], 300)).toEqual([3, 4, 5, 6, 7]);
    expect(pagesToLoad([1], 300)).toEqual([1, 2, 3]);
    expect(pagesToLoad([2, 3], 3)).toEqual([1, 2, 3]);
  });
  it('releases pages farther than six from the shown ones, whatever the book length', () => {
    expect(pagesToRelease([1, 2, 10, 16, 17, 30], [10, 11])).toEqual([1, 2, 30]);
    const held = new Set<number>();
    for (let p = 1; p <= 300; p++) {
      for (const q of pagesToLoad([p], 300)) held.add(q);
      for (const q of pagesToRelease(held, [p])) held.delete(q);
      expect(held.size).toBeLessThanOrEqual(13);
    }
  });
});

describe('input mapping', () => {
  it('maps keys, mirrored for right-to-left', () => {
    expect(keyToNav('ArrowRight', 'ltr')).toBe('next');
    expect(keyToNav('ArrowLeft', 'ltr')).toBe('prev');
    expect(keyToNav('ArrowLeft', 'rtl')).toBe('next');
    expect(keyToNav('PageDown', 'rtl')).toBe('next');
    expect(keyToNav('Home', 'ltr')).toBe('first');
    expect(keyToNav('End', 'ltr')).toBe('last');
    expect(keyToNav('a', 'ltr')).toBeNull();
  });
  it('turns on clicks at the outer quarters only', () => {
    expect(edgeToNav(950, 1000, 'ltr')).toBe('next');
    expect(edgeToNav(50, 1000, 'ltr')).toBe('prev');
    expect(edgeToNav(50, 1000, 'rtl')).toBe('next');
    expect(edgeToNav(500, 1000, 'ltr')).toBeNull();
  });
  it('classifies gestures with the spec thresholds', () => {
    expect(classifyGesture({ dx: 3, dy: 2, ms: 120 })).toBe('tap');
    expect(classifyGesture({ dx: 3, dy: 2, ms: 600 })).toBe('hold');
    expect(classifyGesture({ dx: -120, dy: 10, ms: 150 })).toBe('swipeLeft');
    expect(classifyGesture({ dx: 120, dy: 10, ms: 150 })).toBe('swipeRight');
    // 120 px in 400 ms = 0.3 px/ms: too slow for a swipe.
    expect(classifyGesture({ dx: 120, dy: 0, ms: 400 })).toBe('drag');
    expect(classifyGesture({ dx: 5, dy: 120, ms: 100 })).toBe('drag');
    expect(swipeToNav('swipeLeft', 'ltr')).toBe('next');
    expect(swipeToNav('swipeLeft', 'rtl')).toBe('prev');
    expect(swipeToNav('drag', 'ltr')).toBeNull();
  });
  it('recognises a double tap within 300 ms and 20 px', () => {
    expect(isDoubleTap({ t: 0, x: 0, y: 0 }, { t: 250, x: 10, y: 10 })).toBe(true);
    expect(isDoubleTap({ t: 0, x: 0, y: 0 }, { t: 350, x: 0, y: 0 })).toBe(false);
    expect(isDoubleTap({ t: 0, x: 0, y: 0 }, { t: 100, x: 30, y: 0 })).toBe(false);
    expect(isDoubleTap(null, { t: 100, x: 0, y: 0 })).toBe(false);
  });
  it('asks for the sharp image only when the page is drawn wider than 1240 device pixels', () => {
    expect(imageWidth(600, 2)).toBe(1240);
    expect(imageWidth(700, 2)).toBe(2480);
    expect(imageWidth(1300, 1)).toBe(2480);
  });
});

describe('links and addresses', () => {
  it('reads the deep link', () => {
    expect(parsePageHash('#page=12')).toBe(12);
    expect(parsePageHash('#p=3')).toBe(3);
    expect(parsePageHash('#7')).toBe(7);
    expect(parsePageHash('#page=0')).toBeNull();
    expect(parsePageHash('#page=abc')).toBeNull();
    expect(parsePageHash('')).toBeNull();
  });
  it("reads the site search's words beside the page (#page=N&q=…)", () => {
    expect(parsePageHash('#page=12&q=harbour%20wall')).toBe(12);
    expect(parseSearchHash('#page=12&q=harbour%20wall')).toBe('harbour wall');
    expect(parseSearchHash('#q=%C3%89cole')).toBe('École');
    expect(parseSearchHash('#page=12')).toBeNull();
    expect(parseSearchHash('#page=2&q=a')).toBeNull();
    expect(parseSearchHash('#page=2&q=%E0%A4%A')).toBeNull();
    expect(parseSearchHash(`#q=${'x'.repeat(300)}`)).toHaveLength(100);
  });
  it('lets only web and mail links out', () => {
    expect(safeExternalUrl('https://example.org/a')).toBe('https://example.org/a');
    expect(safeExternalUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,x')).toBeNull();
    expect(safeExternalUrl(undefined)).toBeNull();
  });
  it('reads the book id and private token from the reader address', () => {
    expect(parseReaderLocation('/read/abc_1', '')).toEqual({ id: 'abc_1', token: null });
    expect(parseReaderLocation('/read/abc', '?token=0123456789abcdef0')).toEqual({ id: 'abc', token: '0123456789abcdef0' });
    expect(parseReaderLocation('/read/abc', '?token=short')).toEqual({ id: 'abc', token: null });
    expect(parseReaderLocation('/other', '')).toEqual({ id: null, token: null });
  });
  it('reads an embed’s view mode and ignores anything else', () => {
    expect(viewModeParam('?mode=slide')).toBe('slide');
    expect(viewModeParam('?mode=scroll&x=1')).toBe('scroll');
    expect(viewModeParam('?mode=cube')).toBeUndefined();
    expect(viewModeParam('')).toBeUndefined();
  });
  it('takes the book the server inlined once, and its gate as the reader’s failure', async () => {
    const docWith = (json: string | null) => {
      let el: { textContent: string; remove: () => void } | null = json === null ? null : { textContent: json, remove: () => (el = null) };
      return { getElementById: () => el } as unknown as Document;
    };
    const doc = docWith(JSON.stringify({ book: { id: 'b1' } }));
    await expect(takePreloadedBook(doc)).resolves.toEqual({ id: 'b1' });
    expect(takePreloadedBook(doc)).toBeNull();
    await expect(takePreloadedBook(docWith(JSON.stringify({ error: { type: 'BOOK', code: 403 } })))).rejects.toEqual({
      failure: 'private',
    });
    expect(takePreloadedBook(docWith('{not json'))).toBeNull();
    expect(takePreloadedBook(docWith(null))).toBeNull();
  });
});

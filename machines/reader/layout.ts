import { GESTURES } from '../../src/contracts/reader';
import { MOBILE_MAX_WIDTH_WIDE } from '../constants';

/**
 * Pure reader geometry: spreads, navigation steps, which pages to keep in memory, gestures, deep
 * links and key mapping. No DOM; the reader machine and the renderer (src/viewer) both use it.
 */

export type ViewMode = 'auto' | 'book' | 'slide' | 'scroll';
export type Layout = 'book' | 'slide' | 'scroll';
export type Direction = 'ltr' | 'rtl';
export interface Viewport {
  width: number;
  height: number;
}

/** Auto mode: the book spread on wide landscape screens (> 991 px, SPEC §2's wide area), else one page. */
export function resolveLayout(mode: ViewMode, viewport: Viewport): Layout {
  if (mode !== 'auto') return mode;
  return viewport.width > MOBILE_MAX_WIDTH_WIDE && viewport.width > viewport.height ? 'book' : 'slide';
}

export const clampPage = (page: number, total: number): number => Math.min(Math.max(1, Math.round(page) || 1), Math.max(1, total));

/**
 * The spread holding a page in book layout, in reading order: the cover alone, then pairs (2–3,
 * 4–5 …); the last page is alone when the count is even.
 */
export function spreadOf(page: number, total: number): number[] {
  const p = clampPage(page, total);
  if (p === 1) return [1];
  const left = p % 2 === 0 ? p : p - 1;
  return left + 1 <= total ? [left, left + 1] : [left];
}

/** The pages shown at once for a layout (scroll shows the current page as the anchor). */
export function visiblePages(layout: Layout, page: number, total: number): number[] {
  return layout === 'book' ? spreadOf(page, total) : [clampPage(page, total)];
}

/** Pages left to right on screen: a right-to-left book mirrors the spread (binding on the right). */
export function screenOrder(pages: number[], direction: Direction): number[] {
  return direction === 'rtl' ? [...pages].reverse() : pages;
}

/** The page one step forward (+1) or back (-1) from `page`, by spread in book layout. */
export function step(layout: Layout, page: number, total: number, delta: 1 | -1): number {
  if (layout !== 'book') return clampPage(page + delta, total);
  const spread = spreadOf(page, total);
  const target = delta > 0 ? (spread[spread.length - 1] as number) + 1 : (spread[0] as number) - 1;
  return clampPage(spreadOf(clampPage(target, total), total)[0] as number, total);
}

/** The page the reader lands on when showing `page` in `layout` (book layout: the spread's first page). */
export function anchorPage(layout: Layout, page: number, total: number): number {
  return visiblePages(layout, page, total)[0] as number;
}

/** Preload ±2 neighbours; release images farther than 6 pages, so memory stays flat in the page count. */
export const PRELOAD_RADIUS = 2;
export const KEEP_RADIUS = 6;

/** Pages whose images should be loading or loaded around the visible ones. */
export function pagesToLoad(visible: number[], total: number, radius = PRELOAD_RADIUS): number[] {
  if (visible.length === 0) return [];
  const lo = Math.max(1, Math.min(...visible) - radius);
  const hi = Math.min(total, Math.max(...visible) + radius);
  const out: number[] = [];
  for (let p = lo; p <= hi; p++) out.push(p);
  return out;
}

/** Of the pages currently holding an image, those to release (farther than KEEP_RADIUS from the visible ones). */
export function pagesToRelease(held: Iterable<number>, visible: number[], radius = KEEP_RADIUS): number[] {
  if (visible.length === 0) return [...held];
  const lo = Math.min(...visible) - radius;
  const hi = Math.max(...visible) + radius;
  return [...held].filter((p) => p < lo || p > hi);
}

/** `#page=N` (also `#p=N`, `#N`): the 1-based page, or null when the fragment names none. */
export function parsePageHash(hash: string): number | null {
  const m = /^#?(?:.*[&/])?(?:page|p)=(\d{1,6})(?:[&/]|$)/.exec(hash) ?? /^#(\d{1,6})$/.exec(hash);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 ? n : null;
}

export const pageHash = (page: number): string => `#page=${page}`;

/** The reader's search takes 2 to 100 characters (ReaderSearchQuerySchema). */
const OPENING_SEARCH_MAX = 100;

/**
 * `#page=N&q=words` (the site search's "page N" link, machines/search/query.ts): the words to search
 * for when the reader opens, or null when the fragment names none (or fewer than two characters).
 */
export function parseSearchHash(hash: string): string | null {
  const m = /^#?(?:.*[&/])?q=([^&/]*)/.exec(hash);
  if (!m) return null;
  let words: string;
  try {
    words = decodeURIComponent(m[1] ?? '');
  } catch {
    return null;
  }
  words = words.trim().replace(/\s+/g, ' ').slice(0, OPENING_SEARCH_MAX).trim();
  return words.length >= 2 ? words : null;
}

export type NavIntent = 'next' | 'prev' | 'first' | 'last';

/** Keyboard: ArrowRight goes forward in a left-to-right book, ArrowLeft in a right-to-left one. */
export function keyToNav(key: string, direction: Direction): NavIntent | null {
  switch (key) {
    case 'ArrowRight':
      return direction === 'rtl' ? 'prev' : 'next';
    case 'ArrowLeft':
      return direction === 'rtl' ? 'next' : 'prev';
    case 'PageDown':
    case ' ':
      return 'next';
    case 'PageUp':
      return 'prev';
    case 'Home':
      return 'first';
    case 'End':
      return 'last';
    default:
      return null;
  }
}

/** A click on the outer 25 % of the stage turns toward that side (mirrored for right-to-left). */
export function edgeToNav(x: number, width: number, direction: Direction, edge = 0.25): NavIntent | null {
  if (width <= 0) return null;
  const side = x < width * edge ? 'left' : x > width * (1 - edge) ? 'right' : null;
  if (!side) return null;
  return (side === 'right') === (direction === 'ltr') ? 'next' : 'prev';
}

export interface PointerTrack {
  dx: number;
  dy: number;
  /** Milliseconds between down and up. */
  ms: number;
}
export type Gesture = 'tap' | 'swipeLeft' | 'swipeRight' | 'drag' | 'hold' | 'none';

/**
 * SPEC §9 gestures: tap ≤ 250 ms and ≤ 10 px; hold ≥ 500 ms without moving; a horizontal move of at
 * least 10 px is a swipe when its speed reaches 0.6 px/ms, otherwise a drag.
 */
export function classifyGesture({ dx, dy, ms }: PointerTrack): Gesture {
  const dist = Math.hypot(dx, dy);
  if (dist <= GESTURES.tapMaxPx) {
    if (ms <= GESTURES.tapMaxMs) return 'tap';
    return ms >= GESTURES.holdMs ? 'hold' : 'none';
  }
  if (dist < GESTURES.dragMinPx) return 'none';
  const velocity = Math.abs(dx) / Math.max(ms, 1);
  if (Math.abs(dx) > Math.abs(dy) && velocity >= GESTURES.swipeVelocity) return dx < 0 ? 'swipeLeft' : 'swipeRight';
  return 'drag';
}

/** A swipe toward the left turns forward in a left-to-right book (the page is pushed away), mirrored for right-to-left. */
export function swipeToNav(gesture: Gesture, direction: Direction): NavIntent | null {
  if (gesture !== 'swipeLeft' && gesture !== 'swipeRight') return null;
  return (gesture === 'swipeLeft') === (direction === 'ltr') ? 'next' : 'prev';
}

/** Two taps within 300 ms and 20 px are a double tap. */
export function isDoubleTap(prev: { t: number; x: number; y: number } | null, next: { t: number; x: number; y: number }): boolean {
  return !!prev && next.t - prev.t <= GESTURES.doubleTapMs && Math.hypot(next.x - prev.x, next.y - prev.y) <= GESTURES.doubleTapPx;
}

/**
 * Two-finger pinch (not in the spec's gesture list; chosen here): spreading the fingers to 1.25× their
 * starting distance zooms in, closing them to 0.8× zooms out; anything between is ignored, so a
 * hesitant touch does nothing.
 */
export const PINCH = { inScale: 1.25, outScale: 0.8 } as const;
export function pinchToZoom(scale: number): 'in' | 'out' | null {
  if (!Number.isFinite(scale)) return null;
  return scale >= PINCH.inScale ? 'in' : scale <= PINCH.outScale ? 'out' : null;
}

/** The image width to request: 1240 px unless the page is drawn wider than that in device pixels. */
export function imageWidth(displayedCssWidth: number, devicePixelRatio: number, normal = 1240, zoom = 2480): number {
  return displayedCssWidth * (devicePixelRatio || 1) > normal ? zoom : normal;
}

/** Only web and mail links leave the reader (no javascript:, data: …). */
export function safeExternalUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:' ? u.href : null;
  } catch {
    return null;
  }
}

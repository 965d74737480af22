import * as v from 'valibot';
import type { BookImages, DocumentKind, PublishingMode } from './books';

/**
 * The reader's contracts (issue "Reading"; SPEC §3 Book presentation fields; DESIGN §8:
 * `{viewer}/read/{bookId}`). Shared by the server (public book call, page images, text, search) and
 * the reader entry (src/viewer).
 */

/** Gestures (SPEC §9). */
export const GESTURES = {
  holdMs: 500,
  tapMaxMs: 250,
  tapMaxPx: 10,
  doubleTapMs: 300,
  doubleTapPx: 20,
  swipeVelocity: 0.6,
  dragMinPx: 10,
} as const;

/**
 * Page image widths the server makes (normal view 1240 px; 2480 px for zoom and dense screens; 240 px
 * thumbnails; 620 px for page 1 as the server's HTML shows it on a screen that draws it at most that
 * many device pixels wide: a desktop at 1 device pixel per CSS pixel, where page 1 fits the window's
 * height at ~450–650 px — a quarter of the normal image's pixels to send and decode before it shows).
 */
export const READER_WIDTHS = { thumb: 240, small: 620, normal: 1240, zoom: 2480 } as const;

export interface OutlineEntry {
  title: string;
  /** 1-based target page, or null. */
  page: number | null;
  items: OutlineEntry[];
}

export interface PageLinkArea {
  /** Fractions of the page, origin top left: [left, top, width, height]. */
  rect: [number, number, number, number];
  url?: string;
  page?: number;
}

export interface ReaderPage {
  /** Size in points (aspect ratio of the page). */
  width: number;
  height: number;
  links: PageLinkArea[];
}

/** What the reader gets for a publication it may show (GET {api}/public/book/get?id=&token=). */
export interface ReaderBook {
  id: string;
  name: string;
  description: string;
  account: { name: string; url: { overview: string } };
  /** Unix seconds. */
  publication: number;
  pages: ReaderPage[];
  outline: OutlineEntry[];
  /** 'rtl' when read_mode is 1 (or the PDF says so and the owner kept the default). */
  direction: 'ltr' | 'rtl';
  view: 'auto' | 'book' | 'scroll' | 'slide';
  /**
   * Page image URL pattern: replace `{w}` by a width of READER_WIDTHS and `{n}` by the 1-based page
   * number (`…/pages/<id>/{w}/{n}.webp?r=<revision>[&t=<private token>]`).
   */
  pageUrl: string;
  image: BookImages;
  skin: string;
  /**
   * The colours and toolbar style of one of the account's own skins (`skin.url` = `resource:<id>`,
   * issue 16); `skin` is then the default. Absent or null: the preset `skin` alone.
   */
  theme?: ReaderTheme | null;
  background: string | null;
  logo: { url: string; link: string | null } | null;
  music: { url: string; loop: boolean } | null;
  sfx: { url: string | null; enabled: boolean };
  download: boolean;
  print: boolean;
  share: boolean;
  /** '' = all rights reserved, else a Creative Commons variant or pd. */
  license: string;
  comments: 0 | 1 | 4;
  subscribe: boolean;
  is_adult: boolean;
  publishing_mode: PublishingMode;
  source_kind: DocumentKind;
  /**
   * Progressive reading (issue 14): present while the book is still being converted (its owner's
   * reader only). Pages 1…pages_done have images; the later ones are laid out (their sizes, or page 1's
   * proportions) but not drawn yet. Outline, links, search, text, download and print wait for the
   * finished book (the reader asks again until this is absent).
   */
  converting?: ReaderConverting | null;
}

/** How far the conversion of a book being read is (ReaderBook.converting). */
export interface ReaderConverting {
  pages_done: number;
  pages_total: number;
}

/** An account's own skin as the reader applies it (src/contracts/library.ts SkinDesign): `#rrggbb` colours. */
export interface ReaderTheme {
  toolbar: string;
  text: string;
  accent: string;
  background: string;
  style: 'solid' | 'translucent' | 'minimal';
}

/** Why a publication is not shown (error codes of the public book call). */
export const READER_GATES = ['notFound', 'private', 'scheduled', 'deactivated', 'blocked', 'converting'] as const;
export type ReaderGate = (typeof READER_GATES)[number];

export const ReaderBookQuerySchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  /** The private link's token (publishing_mode 2 with private_url). */
  token: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/))),
});

export const ReaderSearchQuerySchema = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  token: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/))),
  q: v.pipe(v.string(), v.trim(), v.minLength(2), v.maxLength(100)),
});

/** A highlight on a page image: fractions of the page, origin top left: [left, top, width, height]. */
export type SearchRect = [number, number, number, number];

/** A search hit: the page and a short excerpt around the first match. */
export interface ReaderSearchHit {
  page: number;
  excerpt: string;
  /** Matches on that page. */
  count: number;
  /** Where the matches stand on the page image (absent when the book has no word boxes). */
  rects?: SearchRect[];
}

/**
 * SPEC §2 safe mode: a visitor's "continue" to explicit content (is_adult), shared by the public
 * pages (server-rendered interstitial) and the reader: the cookie `quire_explicit=1`, path /, 365
 * days (SPEC §9 cookie defaults), readable by the reader's script (not HttpOnly: it holds no secret).
 */
export const EXPLICIT_COOKIE = 'quire_explicit';

/**
 * The query parameter of a private link (`{viewer}/read/{id}?token=…`, also `token` of the reader's
 * calls). Page image URLs of a private book carry their own token as `t` (already in `pageUrl`).
 */
export const READER_TOKEN_PARAM = 'token';

/**
 * `{viewer}/read/{id}` inlines the answer of the public book call in
 * `<script type="application/json" id="quire-book">`, so the reader can start without a round trip
 * (and `<link rel="preload" as="image">` of page 1 at READER_WIDTHS.normal): either the book, or the
 * error the call would answer (its catalogue type and code). The reader may still call
 * `{api}/public/book/get` when the script is missing.
 */
export const READER_PRELOAD_ID = 'quire-book';
export type ReaderPreload = { book: ReaderBook } | { error: { type: string; code: number } };

// ── Device classes (the statistics of issue 17 count them; src/contracts/stats.ts) ─────────────

export const READER_DEVICES = ['desktop', 'tablet', 'phone'] as const;
export type ReaderDevice = (typeof READER_DEVICES)[number];

/** The device classes' viewport widths (the statistics' batches name the class, src/contracts/stats.ts). */
export const READER_STATS = {
  /** Viewport widths of the device classes (SPEC §2 mobile ≤ 745 px; touch tablets up to 1180 px). */
  phoneMaxPx: 745,
  tabletMaxPx: 1180,
} as const;

import * as v from 'valibot';
import { DOCUMENT_VIEWS } from './books';

type DocumentView = (typeof DOCUMENT_VIEWS)[number];

/**
 * Widget options (SPEC §3 Widget options, §9 widget constants) and the library widget's query
 * (DESIGN §8: `{embed}/library/?<widget options>`). The widget modal writes the query with
 * `widgetQuery`, the server reads it back with `parseWidgetQuery`: one definition for both.
 */

export const WIDGET_TYPES = ['account', 'folder'] as const;
export const WIDGET_SORTS = ['latestPublished', 'latestIssue', 'mostViews', 'mostPages', 'title'] as const;
export const WIDGET_THEMES = ['white', 'stone', 'metal', 'wood', 'black', 'any'] as const;
export const WIDGET_THUMB_SIZES = ['small', 'normal', 'large'] as const;
export const WIDGET_INFOS = ['no', 'account', 'views', 'pages', 'date'] as const;
export const WIDGET_LINKS = ['embed', 'default', 'view'] as const;
export const WIDGET_TARGETS = ['_blank', '_parent'] as const;

export type WidgetType = (typeof WIDGET_TYPES)[number];
export type WidgetSort = (typeof WIDGET_SORTS)[number];
export type WidgetTheme = (typeof WIDGET_THEMES)[number];
export type WidgetThumbSize = (typeof WIDGET_THUMB_SIZES)[number];
export type WidgetInfo = (typeof WIDGET_INFOS)[number];
export type WidgetLink = (typeof WIDGET_LINKS)[number];
export type WidgetLinkTarget = (typeof WIDGET_TARGETS)[number];

/** SPEC §9: rows 1 to 5. */
export const WIDGET_ROWS_MIN = 1;
export const WIDGET_ROWS_MAX = 5;
/** SPEC §9: thumbnail width per size, in CSS pixels. */
export const WIDGET_THUMB_PX: Readonly<Record<WidgetThumbSize, number>> = { small: 150, normal: 185, large: 240 };
/** Ids are the server's (isSafeId): letters, digits, '-' and '_'. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
/** SPEC §5 widget colour: #rgb or #rrggbb. */
export const WIDGET_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
export const isWidgetColor = (s: string): boolean => WIDGET_COLOR.test(s);

export interface WidgetOptions {
  type: WidgetType;
  id: string;
  rows: number;
  sortBy: WidgetSort;
  theme: WidgetTheme;
  /** The custom background of theme `any` (required valid then; ignored otherwise). */
  bgColor: string;
  thumbSize: WidgetThumbSize;
  showTitle: boolean;
  showShadow: boolean;
  showGloss: boolean;
  showInfo: WidgetInfo;
  linkTo: WidgetLink;
  /** Ignored when linkTo is embed (the reader opens in the widget's own frame). */
  linkTarget: WidgetLinkTarget;
}

export const WIDGET_DEFAULTS: Readonly<Omit<WidgetOptions, 'type' | 'id'>> = Object.freeze({
  rows: 1,
  sortBy: 'latestPublished',
  theme: 'wood',
  bgColor: '#ffffff',
  thumbSize: 'normal',
  showTitle: true,
  showShadow: true,
  showGloss: false,
  showInfo: 'no',
  linkTo: 'default',
  linkTarget: '_blank',
});

export const WidgetOptionsSchema = v.pipe(
  v.object({
    type: v.picklist(WIDGET_TYPES),
    id: v.pipe(v.string(), v.regex(ID)),
    rows: v.pipe(v.number(), v.integer(), v.minValue(WIDGET_ROWS_MIN), v.maxValue(WIDGET_ROWS_MAX)),
    sortBy: v.picklist(WIDGET_SORTS),
    theme: v.picklist(WIDGET_THEMES),
    bgColor: v.pipe(v.string(), v.maxLength(7)),
    thumbSize: v.picklist(WIDGET_THUMB_SIZES),
    showTitle: v.boolean(),
    showShadow: v.boolean(),
    showGloss: v.boolean(),
    showInfo: v.picklist(WIDGET_INFOS),
    linkTo: v.picklist(WIDGET_LINKS),
    linkTarget: v.picklist(WIDGET_TARGETS),
  }),
  v.check((o) => o.theme !== 'any' || isWidgetColor(o.bgColor), 'bgColor'),
);

const BOOLEAN_KEYS = ['showTitle', 'showShadow', 'showGloss'] as const;

/**
 * The query string of the options (without `?`). Keys keep the spec's names; values equal to the
 * defaults are still written, so a pasted code keeps its look if the defaults ever change. The
 * colour goes only with theme `any`, the target only when it matters (not for linkTo embed).
 */
export function widgetQuery(o: WidgetOptions, extra: Record<string, string> = {}): string {
  const q = new URLSearchParams({
    type: o.type,
    id: o.id,
    rows: String(o.rows),
    sortBy: o.sortBy,
    theme: o.theme,
    thumbSize: o.thumbSize,
    showTitle: o.showTitle ? '1' : '0',
    showShadow: o.showShadow ? '1' : '0',
    showGloss: o.showGloss ? '1' : '0',
    showInfo: o.showInfo,
    linkTo: o.linkTo,
  });
  if (o.theme === 'any') q.set('bgColor', o.bgColor);
  if (o.linkTo !== 'embed') q.set('linkTarget', o.linkTarget);
  for (const [k, value] of Object.entries(extra)) q.set(k, value);
  return q.toString();
}

const pick = <T extends string>(list: readonly T[], value: unknown, fallback: T): T =>
  typeof value === 'string' && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/**
 * Options from a query (server side). Unknown or malformed optional values take their defaults (an
 * old or hand-edited snippet still shows something); a missing or bad `id`/`type`, or theme `any`
 * without a valid colour, makes it invalid (undefined).
 */
export function parseWidgetQuery(query: Record<string, unknown>): WidgetOptions | undefined {
  const str = (k: string) => (typeof query[k] === 'string' ? (query[k] as string) : undefined);
  const rows = Number(str('rows') ?? WIDGET_DEFAULTS.rows);
  const options: Record<string, unknown> = {
    type: pick(WIDGET_TYPES, str('type') ?? 'account', 'account'),
    id: str('id') ?? '',
    rows: Number.isInteger(rows) ? Math.min(WIDGET_ROWS_MAX, Math.max(WIDGET_ROWS_MIN, rows)) : WIDGET_DEFAULTS.rows,
    sortBy: pick(WIDGET_SORTS, str('sortBy'), WIDGET_DEFAULTS.sortBy),
    theme: pick(WIDGET_THEMES, str('theme'), WIDGET_DEFAULTS.theme),
    bgColor: str('bgColor') ?? WIDGET_DEFAULTS.bgColor,
    thumbSize: pick(WIDGET_THUMB_SIZES, str('thumbSize'), WIDGET_DEFAULTS.thumbSize),
    showInfo: pick(WIDGET_INFOS, str('showInfo'), WIDGET_DEFAULTS.showInfo),
    linkTo: pick(WIDGET_LINKS, str('linkTo'), WIDGET_DEFAULTS.linkTo),
    linkTarget: pick(WIDGET_TARGETS, str('linkTarget'), WIDGET_DEFAULTS.linkTarget),
  };
  for (const k of BOOLEAN_KEYS) {
    const raw = str(k);
    options[k] = raw === undefined ? WIDGET_DEFAULTS[k] : raw === '1' || raw === 'true';
  }
  if (str('type') !== undefined && str('type') !== options.type) return undefined;
  const parsed = v.safeParse(WidgetOptionsSchema, options);
  return parsed.success ? parsed.output : undefined;
}

/** Single-publication embed options (SPEC §2 widget modal for one book): where the reader starts. */
export interface BookEmbedOptions {
  /** 1-based start page. */
  page: number;
  view: DocumentView;
}
export const BOOK_EMBED_DEFAULTS: Readonly<BookEmbedOptions> = Object.freeze({ page: 1, view: 'auto' });
export { DOCUMENT_VIEWS };

/** The reader's URL for an embed: `{viewer}/read/{id}` with the view mode and the start page. */
export function bookEmbedUrl(viewer: string, bookId: string, o: BookEmbedOptions): string {
  const query = o.view === 'auto' ? '' : `?mode=${o.view}`;
  const hash = o.page > 1 ? `#page=${o.page}` : '';
  return `${viewer}/read/${encodeURIComponent(bookId)}${query}${hash}`;
}

const escapeAttr = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** Height of the single-book embed as a share of its width (a 4:3 box suits spreads and pages). */
export const BOOK_EMBED_RATIO = 0.75;

/** The responsive iframe snippet of a reader URL (padding-ratio wrapper: the frame keeps its shape at any width). */
export function bookEmbedCode(src: string, title: string): string {
  const ratio = `${(BOOK_EMBED_RATIO * 100).toFixed(2)}%`;
  return (
    `<div style="position:relative;width:100%;height:0;padding-bottom:${ratio};overflow:hidden">` +
    `<iframe src="${escapeAttr(src)}" title="${escapeAttr(title)}" style="position:absolute;inset:0;width:100%;height:100%;border:0" ` +
    `allow="fullscreen; clipboard-write" allowfullscreen loading="lazy"></iframe></div>`
  );
}

/** Height of a cover as a share of its width (A-series pages, √2): the widget's cover boxes. */
export const COVER_RATIO = Math.SQRT2;

/** Outer height of the library widget's frame: rows of thumbnails (COVER_RATIO) plus titles, info and paging. */
export function libraryFrameHeight(o: Pick<WidgetOptions, 'rows' | 'thumbSize' | 'showTitle' | 'showInfo'>): number {
  const px = WIDGET_THUMB_PX[o.thumbSize];
  const caption = (o.showTitle ? 22 : 0) + (o.showInfo !== 'no' ? 18 : 0);
  return o.rows * (Math.round(px * COVER_RATIO) + caption + 24) + 48;
}

/** The library widget's iframe snippet for a URL of `{embed}/library/?…`. */
export function libraryEmbedCode(src: string, title: string, height: number): string {
  return `<iframe src="${escapeAttr(src)}" title="${escapeAttr(title)}" style="width:100%;height:${height}px;border:0" loading="lazy"></iframe>`;
}

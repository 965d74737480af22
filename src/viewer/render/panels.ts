import type { ReaderEvent, ReaderPanel } from '../../../machines/reader.machine';
import type { OutlineEntry, ReaderBook, ReaderSearchHit } from '../../contracts/reader';
import { READER_WIDTHS } from '../../contracts/reader';
import { pageImageUrl } from '../api';
import { h, iconButton } from './dom';

/** The side panels: thumbnail grid, table of contents (outline) and search. */

export interface PanelTexts {
  title: string;
  close: string;
  pageN: (page: number) => string;
  searchLabel: string;
  searching: string;
  none: string;
  failed: string;
  count: (n: number) => string;
  /** Phones: the button that brings the results list back over the page. */
  showResults: string;
}
export interface SearchView {
  status: 'idle' | 'searching' | 'results' | 'failed';
  query: string;
  hits: ReaderSearchHit[];
}

/**
 * `shown`: the pages on screen (both pages of a spread), marked current in the thumbnails and the
 * outline.
 */
export function panelView(
  kind: ReaderPanel,
  book: ReaderBook,
  shown: readonly number[],
  search: SearchView,
  t: PanelTexts,
  send: (e: ReaderEvent) => void,
): HTMLElement {
  releasePanel();
  const body =
    kind === 'thumbnails'
      ? thumbnails(book, shown, t, send)
      : kind === 'outline'
        ? outline(book.outline, shown, send)
        : searchPane(search, t, send);
  return h(
    'aside',
    { class: `qr-panel qr-panel-${kind}`, 'aria-label': t.title },
    h(
      'div',
      { class: 'qr-panel-head' },
      h('h2', null, t.title),
      iconButton('close', t.close, () => send({ type: 'user.closePanel' })),
    ),
    body,
  );
}

/** Watches the thumbnail grid's images while it is shown (one grid at a time). */
let thumbObserver: IntersectionObserver | null = null;

/** Stops watching the last panel's images (the view calls it when the panel closes or is redrawn). */
export function releasePanel(): void {
  thumbObserver?.disconnect();
  thumbObserver = null;
}

/**
 * Thumbnails within this distance of the grid's visible area have their image; farther ones lose it
 * (src removed), so a long book's grid holds a screenful or two of images whatever its page count.
 */
export const THUMB_MARGIN_PX = 600;

function thumbnails(book: ReaderBook, shown: readonly number[], t: PanelTexts, send: (e: ReaderEvent) => void): HTMLElement {
  const watch = typeof IntersectionObserver !== 'undefined';
  const imgs = book.pages.map((p, i) =>
    h('img', {
      // Without an observer (old browsers) every image loads, lazily.
      src: watch ? undefined : pageImageUrl(book.pageUrl, READER_WIDTHS.thumb, i + 1),
      'data-src': pageImageUrl(book.pageUrl, READER_WIDTHS.thumb, i + 1),
      loading: 'lazy',
      decoding: 'async',
      alt: '',
      width: 120,
      height: Math.round((120 * p.height) / p.width),
    }),
  );
  const grid = h(
    'ol',
    { class: 'qr-thumbs' },
    ...imgs.map((img, i) => {
      const n = i + 1;
      return h(
        'li',
        null,
        h(
          'button',
          {
            type: 'button',
            class: 'qr-thumb',
            'aria-current': shown.includes(n) ? 'page' : undefined,
            onClick: () => send({ type: 'nav.go', page: n }),
          },
          img,
          h('span', null, t.pageN(n)),
        ),
      );
    }),
  );
  if (watch) {
    // The grid is the scroller: the margin extends its own visible area (a viewport root would not
    // see the grid's clipping margin).
    thumbObserver = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const img = e.target as HTMLImageElement;
          if (!e.isIntersecting) img.removeAttribute('src');
          else if (!img.getAttribute('src')) img.src = img.dataset.src ?? '';
        }
      },
      { root: grid, rootMargin: `${THUMB_MARGIN_PX}px 0px` },
    );
    for (const img of imgs) thumbObserver.observe(img);
  }
  requestAnimationFrame(() => grid.querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest' }));
  return grid;
}

function outline(entries: OutlineEntry[], shown: readonly number[], send: (e: ReaderEvent) => void): HTMLElement {
  return h(
    'ul',
    { class: 'qr-outline' },
    ...entries.map((e) =>
      h(
        'li',
        null,
        e.page
          ? h(
              'button',
              {
                type: 'button',
                'aria-current': e.page && shown.includes(e.page) ? 'page' : undefined,
                onClick: () => e.page && send({ type: 'nav.go', page: e.page }),
              },
              h('span', null, e.title),
              h('span', { class: 'qr-outline-n' }, e.page),
            )
          : h('span', { class: 'qr-outline-title' }, e.title),
        e.items.length ? outline(e.items, shown, send) : null,
      ),
    ),
  );
}

/** An excerpt with the query's occurrences marked. */
export function highlight(text: string, query: string): (Node | string)[] {
  const q = query.trim().toLowerCase();
  if (!q) return [text];
  const out: (Node | string)[] = [];
  const lower = text.toLowerCase();
  let from = 0;
  for (let i = lower.indexOf(q); i >= 0; i = lower.indexOf(q, from)) {
    out.push(text.slice(from, i), h('mark', null, text.slice(i, i + q.length)));
    from = i + q.length;
  }
  out.push(text.slice(from));
  return out;
}

/** Where panels are sheets over the stage (reader.css, SPEC §2 mobile layout). */
const NARROW = '(max-width: 745px)';

function searchPane(s: SearchView, t: PanelTexts, send: (e: ReaderEvent) => void): HTMLElement {
  const input = h('input', {
    type: 'search',
    name: 'q',
    value: s.query,
    'aria-label': t.searchLabel,
    placeholder: t.searchLabel,
    minlength: 2,
    maxlength: 100,
    autocomplete: 'off',
  });
  const form = h(
    'form',
    {
      class: 'qr-search-form',
      role: 'search',
      onSubmit: (e: Event) => {
        e.preventDefault();
        send({ type: 'user.search', query: input.value });
      },
    },
    input,
    iconButton('search', t.searchLabel, () => form.requestSubmit(), { type: 'submit' }),
  );
  const status =
    s.status === 'searching'
      ? t.searching
      : s.status === 'failed'
        ? t.failed
        : s.status === 'results'
          ? s.hits.length
            ? t.count(s.hits.reduce((a, x) => a + x.count, 0))
            : t.none
          : '';
  const results = h(
    'ol',
    { class: 'qr-hits' },
    ...(s.status === 'results' ? s.hits : []).map((hit) =>
      h(
        'li',
        null,
        h(
          'button',
          {
            type: 'button',
            onClick: (e: MouseEvent) => {
              send({ type: 'nav.go', page: hit.page });
              // On a phone the panel is a sheet over the page: it folds down to its search form, so
              // the highlights on the page can be seen (a pure presentation matter, kept in the DOM).
              if (matchMedia(NARROW).matches) (e.currentTarget as HTMLElement).closest('.qr-panel')?.classList.add('qr-peek');
            },
          },
          h('strong', null, t.pageN(hit.page)),
          h('span', null, ...highlight(hit.excerpt, s.query)),
        ),
      ),
    ),
  );
  requestAnimationFrame(() => {
    if (s.status === 'idle') input.focus();
  });
  const unfold = h(
    'button',
    {
      type: 'button',
      class: 'qr-search-unfold',
      onClick: (e: MouseEvent) => (e.currentTarget as HTMLElement).closest('.qr-panel')?.classList.remove('qr-peek'),
    },
    t.showResults,
  );
  return h(
    'div',
    { class: 'qr-search' },
    form,
    h('p', { class: 'qr-search-status' }, h('span', { role: 'status' }, status), s.status === 'results' && s.hits.length ? unfold : null),
    results,
  );
}

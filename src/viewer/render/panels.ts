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
}
export interface SearchView {
  status: 'idle' | 'searching' | 'results' | 'failed';
  query: string;
  hits: ReaderSearchHit[];
}

export function panelView(
  kind: ReaderPanel,
  book: ReaderBook,
  current: number,
  search: SearchView,
  t: PanelTexts,
  send: (e: ReaderEvent) => void,
): HTMLElement {
  const body =
    kind === 'thumbnails'
      ? thumbnails(book, current, t, send)
      : kind === 'outline'
        ? outline(book.outline, current, send)
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

function thumbnails(book: ReaderBook, current: number, t: PanelTexts, send: (e: ReaderEvent) => void): HTMLElement {
  const grid = h(
    'ol',
    { class: 'qr-thumbs' },
    ...book.pages.map((p, i) => {
      const n = i + 1;
      return h(
        'li',
        null,
        h(
          'button',
          {
            type: 'button',
            class: 'qr-thumb',
            'aria-current': n === current ? 'page' : undefined,
            onClick: () => send({ type: 'nav.go', page: n }),
          },
          h('img', {
            src: pageImageUrl(book.pageUrl, READER_WIDTHS.thumb, n),
            loading: 'lazy',
            decoding: 'async',
            alt: '',
            width: 120,
            height: Math.round((120 * p.height) / p.width),
          }),
          h('span', null, t.pageN(n)),
        ),
      );
    }),
  );
  requestAnimationFrame(() => grid.querySelector('[aria-current]')?.scrollIntoView({ block: 'nearest' }));
  return grid;
}

function outline(entries: OutlineEntry[], current: number, send: (e: ReaderEvent) => void): HTMLElement {
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
                'aria-current': e.page === current ? 'page' : undefined,
                onClick: () => e.page && send({ type: 'nav.go', page: e.page }),
              },
              h('span', null, e.title),
              h('span', { class: 'qr-outline-n' }, e.page),
            )
          : h('span', { class: 'qr-outline-title' }, e.title),
        e.items.length ? outline(e.items, current, send) : null,
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
          { type: 'button', onClick: () => send({ type: 'nav.go', page: hit.page }) },
          h('strong', null, t.pageN(hit.page)),
          h('span', null, ...highlight(hit.excerpt, s.query)),
        ),
      ),
    ),
  );
  requestAnimationFrame(() => {
    if (s.status === 'idle') input.focus();
  });
  return h('div', { class: 'qr-search' }, form, h('p', { class: 'qr-search-status', role: 'status' }, status), results);
}

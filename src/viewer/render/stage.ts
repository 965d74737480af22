import { type Direction, imageWidth, type Layout, safeExternalUrl, screenOrder, visiblePages } from '../../../machines/reader/layout';
import type { ReaderEvent } from '../../../machines/reader.machine';
import type { ReaderBook, SearchRect } from '../../contracts/reader';
import { READER_WIDTHS } from '../../contracts/reader';
import { A4_PAGE, h } from './dom';
import type { ImagePool } from './images';
import { markBoxes } from './marks';

/** Book and slide layouts: the shown spread or page, sized to the stage, with the page-turn leaf. */

export interface StageView {
  layout: Layout;
  page: number;
  direction: Direction;
  width: number;
  height: number;
}
export interface StageDeps {
  book: ReaderBook;
  pool: ImagePool;
  send: (e: ReaderEvent) => void;
  label: (page: number) => string;
  linkLabel: (page: number) => string;
  reducedMotion: () => boolean;
  /** Search highlights of a page (none when no search is shown). */
  marks?: (page: number) => readonly SearchRect[];
  /** Pages with images (progressive reading: pages_done while the book converts); absent: all. */
  ready?: () => number;
  /** The placeholder's words for a page not converted yet. */
  pendingLabel?: () => string;
}

const TURN_MS = 650;

/** Width/height of one page slot for the stage size (the page's own proportions). */
export function slotSize(book: ReaderBook, page: number, slots: number, w: number, h: number): { w: number; h: number } {
  const p = book.pages[page - 1] ?? book.pages[0] ?? A4_PAGE;
  const ratio = p.height / p.width;
  const sw = Math.max(40, Math.min(w / slots, h / ratio));
  return { w: Math.floor(sw), h: Math.floor(sw * ratio) };
}

/** One page: its image (from the pool) and its link areas. */
export function pageElement(deps: StageDeps, page: number, size: { w: number; h: number }, width: number): HTMLElement {
  if (deps.ready && page > deps.ready())
    // Not converted yet (progressive reading): a placeholder of the page's size, never a broken image.
    return h(
      'div',
      {
        class: 'qr-page qr-pending',
        'data-page': page,
        role: 'group',
        'aria-label': deps.label(page),
        style: { width: `${size.w}px`, height: `${size.h}px` },
      },
      h('p', null, deps.pendingLabel?.() ?? ''),
    );
  const el = h('div', {
    class: 'qr-page',
    'data-page': page,
    // A group, not an image: it holds the page's links, and an image's content is hidden from assistive technology.
    role: 'group',
    'aria-label': deps.label(page),
    style: { width: `${size.w}px`, height: `${size.h}px` },
  });
  el.appendChild(deps.pool.img(page, width));
  el.append(...markBoxes(deps.marks?.(page) ?? []));
  for (const link of deps.book.pages[page - 1]?.links ?? []) {
    const [x, y, lw, lh] = link.rect;
    const style = { left: `${x * 100}%`, top: `${y * 100}%`, width: `${lw * 100}%`, height: `${lh * 100}%` };
    const external = safeExternalUrl(link.url);
    if (link.page) {
      const target = link.page;
      el.appendChild(
        h('a', {
          class: 'qr-link',
          href: `#page=${target}`,
          'aria-label': deps.linkLabel(target),
          style,
          onClick: (e: MouseEvent) => {
            e.preventDefault();
            e.stopPropagation();
            deps.send({ type: 'nav.go', page: target });
          },
        }),
      );
    } else if (external) {
      el.appendChild(
        h('a', {
          class: 'qr-link',
          href: external,
          target: '_blank',
          rel: 'noopener noreferrer',
          'aria-label': external,
          style,
          onClick: (e: MouseEvent) => e.stopPropagation(),
        }),
      );
    }
  }
  return el;
}

export class PagedStage {
  readonly el = h('div', { class: 'qr-paged' });
  private shown: StageView | null = null;
  private turning: { timer: number; finish: () => void } | null = null;

  constructor(private readonly deps: StageDeps) {}

  /** Draws the shown pages again on the next update (pages were converted meanwhile). */
  refresh(): void {
    if (this.el.querySelector('.qr-pending')) this.shown = null;
  }

  update(view: StageView): void {
    const prev = this.shown;
    if (
      prev &&
      prev.layout === view.layout &&
      prev.page === view.page &&
      prev.width === view.width &&
      prev.height === view.height &&
      prev.direction === view.direction
    )
      return;
    this.turning?.finish();
    this.shown = view;
    const total = this.deps.book.pages.length;
    const visible = visiblePages(view.layout, view.page, total);
    const slots = view.layout === 'book' ? 2 : 1;
    const size = slotSize(this.deps.book, visible[0] ?? 1, slots, view.width, view.height);
    const width = imageWidth(size.w, window.devicePixelRatio, READER_WIDTHS.normal, READER_WIDTHS.zoom);
    this.deps.pool.keep(visible, width);
    const turn = prev && view.layout === 'book' && prev.layout === 'book' && prev.width === view.width && !this.deps.reducedMotion();
    if (turn && prev.page !== view.page) this.turnBook(prev, view, size, width);
    else if (view.layout === 'book') this.el.replaceChildren(this.spread(view, size, width));
    else this.el.replaceChildren(this.slide(view, size, width, prev && prev.layout === view.layout ? Math.sign(view.page - prev.page) : 0));
  }

  /** Screen-left and screen-right slots of a spread (the cover sits on the binding's far side). */
  private sides(view: StageView): [number | null, number | null] {
    const total = this.deps.book.pages.length;
    const spread = visiblePages('book', view.page, total);
    const [a, b] = screenOrder(spread, view.direction);
    if (spread.length === 2) return [a ?? null, b ?? null];
    // Alone: the cover opens to the right of the binding, the last page to its left (mirrored in RTL).
    const cover = spread[0] === 1;
    const onRight = cover === (view.direction === 'ltr');
    return onRight ? [null, a ?? null] : [a ?? null, null];
  }

  private slot(page: number | null, size: { w: number; h: number }, width: number, side: 'l' | 'r'): HTMLElement {
    return h(
      'div',
      { class: `qr-slot qr-slot-${side}`, style: { width: `${size.w}px`, height: `${size.h}px` } },
      page ? pageElement(this.deps, page, size, width) : null,
    );
  }

  private spread(view: StageView, size: { w: number; h: number }, width: number): HTMLElement {
    const [l, r] = this.sides(view);
    return h('div', { class: 'qr-spread' }, this.slot(l, size, width, 'l'), this.slot(r, size, width, 'r'));
  }

  private slide(view: StageView, size: { w: number; h: number }, width: number, delta: number): HTMLElement {
    const forward = delta > 0 === (view.direction === 'ltr');
    const cls = delta === 0 || this.deps.reducedMotion() ? '' : forward ? ' qr-enter-right' : ' qr-enter-left';
    return h('div', { class: `qr-single${cls}` }, pageElement(this.deps, view.page, size, width));
  }

  /**
   * The page turn: a leaf with the old page on its front and the new facing page on its back rotates
   * around the binding (CSS 3D); under it the slots already show the new page on the leaf's side and
   * the old one on the other side. Ends by drawing the new spread.
   */
  private turnBook(prev: StageView, view: StageView, size: { w: number; h: number }, width: number): void {
    const [oldL, oldR] = this.sides(prev);
    const [newL, newR] = this.sides(view);
    const fromRight = view.page > prev.page === (view.direction === 'ltr');
    const under = fromRight
      ? [this.slot(oldL, size, width, 'l'), this.slot(newR, size, width, 'r')]
      : [this.slot(newL, size, width, 'l'), this.slot(oldR, size, width, 'r')];
    const front = fromRight ? oldR : oldL;
    const back = fromRight ? newL : newR;
    const face = (page: number | null, cls: string) =>
      h('div', { class: `qr-face ${cls}` }, page ? pageElement(this.deps, page, size, width) : null);
    const leaf = h(
      'div',
      {
        class: `qr-leaf qr-leaf-${fromRight ? 'r' : 'l'}`,
        style: { width: `${size.w}px`, height: `${size.h}px`, transitionDuration: `${TURN_MS}ms` },
      },
      face(front, 'qr-face-front'),
      face(back, 'qr-face-back'),
    );
    const spread = h('div', { class: 'qr-spread qr-turning' }, ...under, leaf);
    this.el.replaceChildren(spread);
    const finish = () => {
      if (!this.turning) return;
      clearTimeout(this.turning.timer);
      this.turning = null;
      this.el.replaceChildren(this.spread(view, size, width));
    };
    this.turning = { timer: window.setTimeout(finish, TURN_MS + 80), finish };
    // Next frame, so the start transform is laid out before the end one.
    requestAnimationFrame(() => requestAnimationFrame(() => leaf.classList.add('qr-leaf-turned')));
  }
}

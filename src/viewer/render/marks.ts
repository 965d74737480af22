import type { SearchRect } from '../../contracts/reader';
import { h } from './dom';

/**
 * Search highlights: boxes over a page image where the matches stand (fractions of the page from the
 * search answer), so they follow the page at any size, in spreads, the turning leaf, scroll and zoom.
 */
export function markBoxes(rects: readonly SearchRect[]): HTMLElement[] {
  return rects.map(([x, y, w, hgt]) =>
    h('span', {
      class: 'qr-hl',
      'aria-hidden': 'true',
      // A little air around the glyphs: word boxes hug them.
      style: {
        left: `${(x - 0.002) * 100}%`,
        top: `${(y - 0.002) * 100}%`,
        width: `${(w + 0.004) * 100}%`,
        height: `${(hgt + 0.004) * 100}%`,
      },
    }),
  );
}

/** Redraws the highlights of every page element under `root` (`[data-page]` of class qr-page). */
export function paintMarks(root: ParentNode, marks: (page: number) => readonly SearchRect[]): void {
  for (const el of root.querySelectorAll<HTMLElement>('.qr-page[data-page]')) {
    for (const old of el.querySelectorAll(':scope > .qr-hl')) old.remove();
    el.append(...markBoxes(marks(Number(el.dataset.page))));
  }
}

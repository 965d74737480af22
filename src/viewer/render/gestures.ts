import { classifyGesture, type Direction, edgeToNav, isDoubleTap, type NavIntent, swipeToNav } from '../../../machines/reader/layout';

/**
 * Pointer input on the book/slide stage: swipes turn (SPEC §9 velocity and distance), clicks on the
 * outer quarters turn, double click or double tap zooms the page under the pointer.
 */
export function bindStageGestures(
  el: HTMLElement,
  opts: { direction: () => Direction; paged: () => boolean; nav: (i: NavIntent) => void; zoom: (page: number | undefined) => void },
): void {
  let down: { x: number; y: number; t: number; id: number } | null = null;
  let lastTap: { t: number; x: number; y: number } | null = null;
  let suppressClick = false;
  const pageAt = (target: EventTarget | null) => {
    const p = (target as HTMLElement | null)?.closest?.('[data-page]') as HTMLElement | null;
    return p ? Number(p.dataset.page) : undefined;
  };
  el.addEventListener('pointerdown', (e) => {
    // A touch swipe fires no click: a flag it left must not swallow the next tap.
    suppressClick = false;
    if (!opts.paged() || e.button !== 0) return;
    down = { x: e.clientX, y: e.clientY, t: e.timeStamp, id: e.pointerId };
  });
  el.addEventListener('pointerup', (e) => {
    if (!down || down.id !== e.pointerId) return;
    const g = classifyGesture({ dx: e.clientX - down.x, dy: e.clientY - down.y, ms: e.timeStamp - down.t });
    down = null;
    const swipe = swipeToNav(g, opts.direction());
    if (swipe) {
      suppressClick = true;
      opts.nav(swipe);
      return;
    }
    if (g === 'drag') suppressClick = true;
    if (g === 'tap' && e.pointerType !== 'mouse') {
      const tap = { t: e.timeStamp, x: e.clientX, y: e.clientY };
      if (isDoubleTap(lastTap, tap)) {
        lastTap = null;
        suppressClick = true;
        opts.zoom(pageAt(e.target));
        return;
      }
      lastTap = tap;
    }
  });
  el.addEventListener('pointercancel', () => {
    down = null;
  });
  el.addEventListener('click', (e) => {
    if (suppressClick || !opts.paged()) {
      suppressClick = false;
      return;
    }
    const rect = el.getBoundingClientRect();
    const intent = edgeToNav(e.clientX - rect.left, rect.width, opts.direction());
    if (intent) opts.nav(intent);
  });
  el.addEventListener('dblclick', (e) => {
    const rect = el.getBoundingClientRect();
    // A quick double click on an edge turns twice; only the page area zooms.
    if (opts.paged() && !edgeToNav(e.clientX - rect.left, rect.width, opts.direction())) opts.zoom(pageAt(e.target));
  });
  el.addEventListener(
    'wheel',
    (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      if (e.deltaY < 0) opts.zoom(undefined);
    },
    { passive: false },
  );
}

import {
  classifyGesture,
  type Direction,
  edgeToNav,
  isDoubleTap,
  type NavIntent,
  pinchToZoom,
  swipeToNav,
} from '../../../machines/reader/layout';

type Pinch = 'in' | 'out';

/**
 * Two-finger pinch, from touch events (they keep coming whatever the element's touch-action, and list
 * both fingers): `move` follows the scale (distance now / at the start) around the fingers' middle,
 * `end` gets the outcome when a finger lifts, with the element first touched.
 */
export function bindPinch(
  el: HTMLElement,
  opts: { move?: (scale: number, x: number, y: number) => void; end: (pinch: Pinch | null, target: EventTarget | null) => void },
): () => boolean {
  let start: { d: number; target: EventTarget | null } | null = null;
  let scale = 1;
  const two = (t: TouchList) => {
    const a = t[0] as Touch;
    const b = t[1] as Touch;
    return { d: Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY), x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 };
  };
  el.addEventListener(
    'touchstart',
    (e) => {
      if (e.touches.length !== 2) return;
      start = { d: Math.max(1, two(e.touches).d), target: e.touches[0]?.target ?? e.target };
      scale = 1;
    },
    { passive: true },
  );
  el.addEventListener(
    'touchmove',
    (e) => {
      if (!start || e.touches.length < 2) return;
      const now = two(e.touches);
      scale = now.d / start.d;
      opts.move?.(scale, now.x, now.y);
    },
    { passive: true },
  );
  const end = (e: TouchEvent) => {
    if (!start || e.touches.length >= 2) return;
    const target = start.target;
    start = null;
    opts.end(pinchToZoom(scale), target);
  };
  el.addEventListener('touchend', end);
  el.addEventListener('touchcancel', end);
  return () => start !== null;
}

/**
 * Pointer input on the book/slide stage: swipes turn (SPEC §9 velocity and distance), clicks on the
 * outer quarters turn, double click or double tap zooms the page under the pointer, and a two-finger
 * pinch out zooms it (the pages follow the fingers meanwhile). Once a second finger touches, the
 * gesture is a pinch until every finger is up: it never ends as a swipe or a tap.
 */
export function bindStageGestures(
  el: HTMLElement,
  opts: { direction: () => Direction; paged: () => boolean; nav: (i: NavIntent) => void; zoom: (page: number | undefined) => void },
): void {
  let down: { x: number; y: number; t: number; id: number } | null = null;
  let lastTap: { t: number; x: number; y: number } | null = null;
  let suppressClick = false;
  /** Touch pointers down now; more than one makes the gesture a pinch until all are up. */
  const touching = new Set<number>();
  let multi = false;
  const pageAt = (target: EventTarget | null) => {
    const p = (target as HTMLElement | null)?.closest?.('[data-page]') as HTMLElement | null;
    return p ? Number(p.dataset.page) : undefined;
  };
  const follow = (scale: number, x: number, y: number) => {
    const content = el.firstElementChild as HTMLElement | null;
    if (!content) return;
    const r = el.getBoundingClientRect();
    content.style.transformOrigin = `${x - r.left}px ${y - r.top}px`;
    content.style.transform = scale === 1 ? '' : `scale(${Math.min(3, Math.max(0.5, scale))})`;
  };
  const startMulti = () => {
    multi = true;
    down = null;
    lastTap = null;
    suppressClick = true;
  };
  bindPinch(el, {
    move: (scale, x, y) => {
      startMulti();
      if (opts.paged()) follow(scale, x, y);
    },
    end: (pinch, target) => {
      follow(1, 0, 0);
      if (pinch === 'in' && opts.paged()) opts.zoom(pageAt(target));
    },
  });
  el.addEventListener(
    'touchstart',
    (e) => {
      if (e.touches.length > 1) startMulti();
    },
    { passive: true },
  );
  const lift = (e: PointerEvent) => {
    touching.delete(e.pointerId);
    if (touching.size === 0) multi = false;
  };
  el.addEventListener('pointerdown', (e) => {
    // A touch swipe fires no click: a flag it left must not swallow the next tap.
    suppressClick = false;
    if (e.pointerType === 'touch') {
      touching.add(e.pointerId);
      if (touching.size > 1) startMulti();
    }
    if (multi || !opts.paged() || e.button !== 0) return;
    down = { x: e.clientX, y: e.clientY, t: e.timeStamp, id: e.pointerId };
  });
  el.addEventListener('pointerup', (e) => {
    lift(e);
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
  el.addEventListener('pointercancel', (e) => {
    lift(e);
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

import type { ReaderEvent } from '../../../machines/reader.machine';
import type { ReaderBook, SearchRect } from '../../contracts/reader';
import { READER_WIDTHS } from '../../contracts/reader';
import { pageImageUrl } from '../api';
import { A4_PAGE, h, iconButton } from './dom';
import { bindPinch } from './gestures';
import { markBoxes } from './marks';

/**
 * Zoom: the page drawn 2.5× its fitted size from the 2480 px image (the 1240 px one shows first),
 * panned by dragging with a mouse and by native scrolling on touch; double click or tap, Escape,
 * ctrl+wheel back or the close button leave it.
 */
export function zoomView(
  book: ReaderBook,
  page: number,
  vw: number,
  vh: number,
  send: (e: ReaderEvent) => void,
  closeLabel: string,
  pageLabel: string,
  marks: readonly SearchRect[] = [],
): HTMLElement {
  const size = book.pages[page - 1] ?? A4_PAGE;
  const ratio = size.height / size.width;
  const fitW = Math.min(vw, vh / ratio);
  const w = Math.round(Math.min(READER_WIDTHS.zoom, Math.max(fitW * 2.5, vw * 1.2)));
  const img = h('img', {
    class: 'qr-zoom-img',
    alt: pageLabel,
    draggable: 'false',
    width: w,
    height: Math.round(w * ratio),
    src: pageImageUrl(book.pageUrl, READER_WIDTHS.normal, page),
  });
  const sharp = new Image();
  sharp.onload = () => {
    img.src = sharp.src;
  };
  sharp.src = pageImageUrl(book.pageUrl, READER_WIDTHS.zoom, page);
  // The sheet carries the image and the search highlights, sized together.
  const sheet = h('div', { class: 'qr-zoom-sheet', style: { width: `${w}px` } }, img, ...markBoxes(marks));
  const pane = h('div', { class: 'qr-zoom-pane', tabindex: '0' }, sheet);
  let drag: { x: number; y: number; left: number; top: number } | null = null;
  pane.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'mouse') return;
    drag = { x: e.clientX, y: e.clientY, left: pane.scrollLeft, top: pane.scrollTop };
    pane.setPointerCapture(e.pointerId);
    pane.classList.add('qr-grabbing');
  });
  pane.addEventListener('pointermove', (e) => {
    if (!drag) return;
    pane.scrollLeft = drag.left - (e.clientX - drag.x);
    pane.scrollTop = drag.top - (e.clientY - drag.y);
  });
  const end = () => {
    drag = null;
    pane.classList.remove('qr-grabbing');
  };
  pane.addEventListener('pointerup', end);
  pane.addEventListener('pointercancel', end);
  pane.addEventListener('dblclick', () => send({ type: 'user.zoomOut' }));
  // Pinching the fingers together leaves the zoom (spreading them is the pane's own business: the
  // image is already at its sharpest).
  bindPinch(pane, { end: (pinch) => pinch === 'out' && send({ type: 'user.zoomOut' }) });
  let lastTap = 0;
  /** A gesture with two fingers is a pinch: its two lifts are not a double tap. */
  let multi = false;
  pane.addEventListener(
    'touchstart',
    (e) => {
      if (e.touches.length > 1) multi = true;
    },
    { passive: true },
  );
  pane.addEventListener('touchend', (e) => {
    if (multi) {
      if (e.touches.length === 0) multi = false;
      lastTap = 0;
      return;
    }
    if (e.timeStamp - lastTap < 300) send({ type: 'user.zoomOut' });
    lastTap = e.timeStamp;
  });
  pane.addEventListener(
    'wheel',
    (e) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      if (e.deltaY > 0) send({ type: 'user.zoomOut' });
    },
    { passive: false },
  );
  // Start centred horizontally once laid out.
  requestAnimationFrame(() => {
    pane.scrollLeft = (pane.scrollWidth - pane.clientWidth) / 2;
    pane.focus({ preventScroll: true });
  });
  return h(
    'div',
    { class: 'qr-zoom' },
    pane,
    iconButton('close', closeLabel, () => send({ type: 'user.zoomOut' }), { class: 'qr-btn qr-zoom-close' }),
  );
}

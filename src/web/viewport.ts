import { useEffect } from 'react';
import { MOBILE_MAX_WIDTH, MOBILE_MAX_WIDTH_WIDE } from '../../machines/first-load-constants';

/** SPEC §2: mobile layout at ≤ 745 px (another area reads ≤ 991 px); touch devices get a marker. */
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
export const MOBILE_WIDE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_WIDE}px)`;

export function isTouchDevice(win: Pick<Window, 'matchMedia' | 'navigator'> = window): boolean {
  return win.matchMedia('(pointer: coarse)').matches || (win.navigator.maxTouchPoints ?? 0) > 0;
}

/** Keeps `is-mobile`, `is-mobile-wide` and `is-touch` classes on <html> in sync with the viewport. */
export function useViewportMarkers(): void {
  useEffect(() => {
    const root = document.documentElement;
    const queries = [
      [window.matchMedia(MOBILE_QUERY), 'is-mobile'],
      [window.matchMedia(MOBILE_WIDE_QUERY), 'is-mobile-wide'],
    ] as const;
    const sync = () => {
      for (const [mq, cls] of queries) root.classList.toggle(cls, mq.matches);
      root.classList.toggle('is-touch', isTouchDevice());
    };
    sync();
    for (const [mq] of queries) mq.addEventListener('change', sync);
    return () => {
      for (const [mq] of queries) mq.removeEventListener('change', sync);
    };
  }, []);
}

import { API_VERSION } from '../contracts/envelope';
import { READER_STATS, type ReaderDevice, type ReaderStatsReport } from '../contracts/reader';

/**
 * Reading statistics, first-party (issue "Reading"): the visible time of each shown page, sent to
 * our own server (POST {api}/public/book/stats) with navigator.sendBeacon every 30 s and when the
 * tab is left. No cookie and nothing personal: a random id per tab (sessionStorage) and a device class.
 */

/** Visible time per page: every page of the shown spread gets the time it was on screen. */
export class PageTimer {
  private shown: number[] = [];
  private since: number | null = null;
  private hidden = false;
  private acc = new Map<number, number>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** The pages now on screen (the spread in book layout, else one page; [] while nothing is shown). */
  show(pages: number[]): void {
    if (pages.length === this.shown.length && pages.every((p, i) => p === this.shown[i])) return;
    this.settle();
    this.shown = [...pages];
    this.since = this.hidden || pages.length === 0 ? null : this.now();
  }

  /** The document is hidden (another tab, minimised): time stops until it is visible again. */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) return;
    this.settle();
    this.hidden = hidden;
    this.since = hidden || this.shown.length === 0 ? null : this.now();
  }

  /** The time gathered since the last take (capped per page as the server wants), then starts over. */
  take(): { page: number; ms: number }[] {
    this.settle();
    if (this.since !== null) this.since = this.now();
    const pages = [...this.acc]
      .filter(([, ms]) => ms > 0)
      .slice(0, READER_STATS.maxPages)
      .map(([page, ms]) => ({ page, ms: Math.min(READER_STATS.maxMs, Math.round(ms)) }));
    this.acc.clear();
    return pages;
  }

  private settle(): void {
    if (this.since === null) return;
    const now = this.now();
    const ms = Math.max(0, now - this.since);
    for (const p of this.shown) this.acc.set(p, (this.acc.get(p) ?? 0) + ms);
    this.since = now;
  }
}

/** SPEC §2: phone at 745 px wide or less; a touch screen up to 1180 px is a tablet; else desktop. */
export function deviceClass(width: number, touch: boolean): ReaderDevice {
  if (width <= READER_STATS.phoneMaxPx) return 'phone';
  if (touch && width <= READER_STATS.tabletMaxPx) return 'tablet';
  return 'desktop';
}

const SESSION_KEY = 'quire.stats.session';

/** The tab's reading session id: 128 random bits, base64url (kept across reloads of the tab only). */
function sessionId(): string {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked: a fresh id per page load is still a session.
  }
  const kept = storage?.getItem(SESSION_KEY);
  if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  storage?.setItem(SESSION_KEY, id);
  return id;
}

export interface ReadingStats {
  /** The pages on screen ([] when the reader shows no page: loading, a gate, an error). */
  show(pages: number[]): void;
}

/** Starts the timer, the 30 s reports and the reports when the tab is hidden or left. */
export function startReadingStats(api: string, id: string, token: string | null): ReadingStats {
  const timer = new PageTimer();
  const session = sessionId();
  const url = `${api}/public/book/stats?v=${API_VERSION}`;
  let opened = false;
  const flush = () => {
    const pages = timer.take();
    // Nothing read yet: no report (a gate or an error page is not a view).
    if (pages.length === 0) return;
    const touch = navigator.maxTouchPoints > 0 || matchMedia('(pointer: coarse)').matches;
    const body: ReaderStatsReport = { id, session, device: deviceClass(innerWidth, touch), pages };
    if (token) body.token = token;
    if (!opened) body.open = opened = true;
    const blob = new Blob([JSON.stringify(body)], { type: 'application/json' });
    // sendBeacon survives the page being closed; fetch keepalive where it is missing or refuses.
    if (!navigator.sendBeacon?.(url, blob)) {
      fetch(url, { method: 'POST', body: blob, keepalive: true, credentials: 'include' }).catch(() => {});
    }
  };
  timer.setHidden(document.hidden);
  setInterval(flush, READER_STATS.intervalMs);
  document.addEventListener('visibilitychange', () => {
    if (document.hidden) flush();
    timer.setHidden(document.hidden);
  });
  addEventListener('pagehide', flush);
  return { show: (pages) => timer.show(pages) };
}

import { READER_STATS, type ReaderDevice } from '../contracts/reader';
import { isShareSource, type ShareSource } from '../contracts/share';
import type { StatContext, StatEvent, StatEventType, StatsBatch } from '../contracts/stats';
import { STATS_LIMITS, STATS_PARAMS, STATS_PATH, STATS_VIA_WIDGET } from '../contracts/stats-limits';

/**
 * Reading statistics (issue 17), sent to our own beacon `POST {beacon}/e` (src/server/routes/beacon-stats.ts):
 * the reader collects its events — open, page views with their visible time, zoom, search, download,
 * print, share, link, lead — and sends them in batches with navigator.sendBeacon (text/plain JSON: no
 * CORS preflight) every STATS_LIMITS.flushMs and when the tab is hidden or left. No cookie and nothing
 * personal: a random visit id per tab (sessionStorage), the device class, where the reader runs (reader,
 * embed, widget), the referrer's origin, the share marker of the address, the browser's language.
 * Do Not Track / Global Privacy Control: nothing is collected or sent at all.
 * Types and constants only from the contracts (the reader's bundle stays free of the schemas).
 */

/** SPEC §2: phone at 745 px wide or less; a touch screen up to 1180 px is a tablet; else desktop. */
export function deviceClass(width: number, touch: boolean): ReaderDevice {
  if (width <= READER_STATS.phoneMaxPx) return 'phone';
  if (touch && width <= READER_STATS.tabletMaxPx) return 'tablet';
  return 'desktop';
}

/** The batch's fields other than its events. */
export type BatchHead = Omit<StatsBatch, 'ev'>;

/**
 * The events of a visit and their batches, without the DOM: page views are timed while their pages are
 * on screen and the document visible (a spread gives each of its pages the time), and end when the pages
 * change, the document is hidden or the batch goes on leaving. `take()` answers the bodies to send, each
 * at most STATS_LIMITS.batchMax events and STATS_LIMITS.bodyMaxBytes bytes.
 */
export class VisitEvents {
  private shown: number[] = [];
  private since: number | null = null;
  private hidden = false;
  private opened = false;
  private queue: StatEvent[] = [];
  private readonly start: number;

  constructor(
    private readonly head: BatchHead,
    private readonly now: () => number = () => Date.now(),
  ) {
    this.start = now();
  }

  private at(): number {
    return Math.min(86_400_000, Math.max(0, Math.round(this.now() - this.start)));
  }

  /** Adds an event now (`p`: the page it is about). */
  track(k: StatEventType, p?: number, service?: ShareSource): void {
    const e: StatEvent = { k, at: this.at() };
    if (p !== undefined && Number.isSafeInteger(p) && p >= 1) e.p = p;
    if (k === 'share' && service !== undefined) e.s = service;
    this.queue.push(e);
  }

  /** The pages now on screen ([] while no page shows: loading, a gate, an error). The first pages shown are the open. */
  show(pages: number[]): void {
    if (pages.length === this.shown.length && pages.every((p, i) => p === this.shown[i])) return;
    this.endView();
    if (!this.opened && pages.length > 0) {
      this.opened = true;
      this.track('open', pages[0]);
    }
    this.shown = [...pages];
    this.since = this.hidden || pages.length === 0 ? null : this.now();
  }

  /** Whether an open is known (the first batch goes at once then). */
  get isOpen(): boolean {
    return this.opened;
  }

  /** The document is hidden (another tab, minimised): the view ends; a new one starts when visible again. */
  setHidden(hidden: boolean): void {
    if (hidden === this.hidden) {
      // Shown again after the tab was left (pageshow from the back-forward cache): the view starts over.
      if (!hidden && this.since === null && this.shown.length > 0) this.since = this.now();
      return;
    }
    this.endView();
    this.hidden = hidden;
    this.since = hidden || this.shown.length === 0 ? null : this.now();
  }

  /** Ends the shown pages' view: a page event each with its visible time (capped). */
  private endView(): void {
    if (this.since === null) return;
    const ms = Math.min(STATS_LIMITS.pageMsMax, Math.max(0, Math.round(this.now() - this.since)));
    const at = this.at();
    for (const p of this.shown) this.queue.push({ k: 'page', p, ms, at });
    this.since = null;
  }

  /**
   * The bodies to send now. `leaving`: the tab is hidden or closed, so the view on screen ends with it
   * (while reading on, a view is sent once it ends).
   */
  take(leaving: boolean): string[] {
    // The view ends with the tab; it starts again only when the document shows again (setHidden(false),
    // e.g. back from the back-forward cache), so a pagehide and the hidden that follows count it once.
    if (leaving) this.endView();
    const events = this.queue;
    this.queue = [];
    const bodies: string[] = [];
    // A referrer near its limit with many events: fewer events per body (halves until each fits, or is one event).
    const add = (ev: StatEvent[]) => {
      const body = JSON.stringify({ ...this.head, ev });
      if (body.length <= STATS_LIMITS.bodyMaxBytes || ev.length === 1) bodies.push(body);
      else {
        const half = Math.ceil(ev.length / 2);
        add(ev.slice(0, half));
        add(ev.slice(half));
      }
    };
    for (let i = 0; i < events.length; i += STATS_LIMITS.batchMax) add(events.slice(i, i + STATS_LIMITS.batchMax));
    return bodies;
  }
}

/** The browser asks not to be tracked (Do Not Track, Global Privacy Control). */
export function optedOut(nav: Navigator = navigator, win: Window = window): boolean {
  const n = nav as Navigator & { globalPrivacyControl?: boolean; msDoNotTrack?: string };
  const dnt = n.doNotTrack ?? (win as Window & { doNotTrack?: string }).doNotTrack ?? n.msDoNotTrack;
  return n.globalPrivacyControl === true || dnt === '1' || dnt === 'yes';
}

/** Where the reader runs: opened from the library widget (`?via=widget`), framed by a page (an embed), or on its own. */
export function contextOf(search: string, framed: boolean): StatContext {
  if (new URLSearchParams(search).get(STATS_PARAMS.via) === STATS_VIA_WIDGET) return 'widget';
  return framed ? 'embed' : 'reader';
}

/** The share marker of the address (`?src=facebook`, SPEC §7), if it is one. */
export function shareMarker(search: string): string | undefined {
  const marker = new URLSearchParams(search).get(STATS_PARAMS.share)?.toLowerCase();
  return marker && /^[a-z]{1,16}$/.test(marker) ? marker : undefined;
}

/** An address with the share marker of a service (the links the share menu gives out; shared with the app's share modal). */
export { withShareMarker } from '../contracts/stats-limits';

/**
 * The origin the visit came from: for a reader opened from the library widget, the page that embeds the
 * widget (`site`, which the widget's script adds: the reader's own referrer is the widget's page);
 * otherwise the referrer's.
 */
export function visitReferrer(search: string, referrer: string): string | undefined {
  const params = new URLSearchParams(search);
  const site = params.get(STATS_PARAMS.via) === STATS_VIA_WIDGET ? params.get(STATS_PARAMS.site) : null;
  return (site ? referrerOrigin(site) : undefined) ?? referrerOrigin(referrer);
}

/** Only the referrer's origin goes (the server keeps its host). */
export function referrerOrigin(referrer: string): string | undefined {
  try {
    const u = new URL(referrer);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin.slice(0, STATS_LIMITS.refMaxLength) : undefined;
  } catch {
    return undefined;
  }
}

const VISIT_KEY = 'quire.stats.visit';

/** The tab's visit id: 128 random bits, base64url (kept across reloads of the tab only). */
function visitId(): string {
  let storage: Storage | null = null;
  try {
    storage = window.sessionStorage;
  } catch {
    // Storage blocked: a fresh id per page load is still a visit.
  }
  const kept = storage?.getItem(VISIT_KEY);
  if (kept && /^[A-Za-z0-9_-]{16,64}$/.test(kept)) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const id = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    storage?.setItem(VISIT_KEY, id);
  } catch {
    // Full or blocked storage: the id lives for this page.
  }
  return id;
}

/** What the reader's state shows, as the statistics need it (main.ts derives it from the reader machine). */
export interface ReaderShown {
  /** The pages on screen ([] when no page shows). */
  pages: number[];
  zoomed: boolean;
  searching: boolean;
}

export interface ReadingStats {
  update(shown: ReaderShown): void;
  track(kind: StatEventType, page?: number): void;
}

const NONE: ReadingStats = { update: () => {}, track: () => {} };

export interface ReadingStatsOptions {
  /** The beacon host (client config `beacon`; '' = this origin). */
  beacon: string;
  bookId: string;
  /** A private book's link token. */
  token: string | null;
  framed: boolean;
}

/** Starts the reader's statistics: the events, the batches every flushMs, on hidden and on pagehide. */
export function startReadingStats(o: ReadingStatsOptions): ReadingStats {
  if (optedOut()) return NONE;
  const url = `${o.beacon.replace(/\/+$/, '')}${STATS_PATH}`;
  const touch = navigator.maxTouchPoints > 0 || matchMedia('(pointer: coarse)').matches;
  const head: BatchHead = {
    b: o.bookId,
    visit: visitId(),
    ctx: contextOf(location.search, o.framed),
    device: deviceClass(innerWidth, touch),
  };
  if (o.token) head.t = o.token;
  const ref = visitReferrer(location.search, document.referrer);
  if (ref) head.ref = ref;
  const share = shareMarker(location.search);
  if (share) head.share = share;
  const lang = /^[a-z]{2,3}/.exec((navigator.language ?? '').toLowerCase())?.[0];
  if (lang) head.lang = lang;
  if (navigator.webdriver) head.wd = 1;
  const visit = new VisitEvents(head);

  const flush = (leaving: boolean) => {
    for (const body of visit.take(leaving)) {
      // sendBeacon survives the page being closed; fetch keepalive where it is missing or refuses.
      if (!navigator.sendBeacon?.(url, body)) {
        fetch(url, { method: 'POST', body, keepalive: true, credentials: 'include', headers: { 'content-type': 'text/plain' } }).catch(
          () => {},
        );
      }
    }
  };
  visit.setHidden(document.hidden);
  setInterval(() => flush(false), STATS_LIMITS.flushMs);
  document.addEventListener('visibilitychange', () => {
    visit.setHidden(document.hidden);
    if (document.hidden) flush(true);
  });
  addEventListener('pagehide', () => flush(true));
  addEventListener('pageshow', () => visit.setHidden(document.hidden));

  // Clicks the toolbar and the pages make: links in a page (which stop their clicks: seen while capturing),
  // the share menu's services, and the file links once their lead gate lets them go (not prevented).
  document.addEventListener(
    'click',
    (e) => {
      const target = e.target instanceof Element ? e.target : null;
      if (target?.closest('a.qr-link')) visit.track('link');
      // The share menu's items name their service (data-share: a service, or `copy`).
      const service = target?.closest('[data-share]')?.getAttribute('data-share');
      if (service != null) visit.track('share', undefined, isShareSource(service) ? service : undefined);
    },
    true,
  );
  document.addEventListener('click', (e) => {
    const link = e.target instanceof Element ? e.target.closest<HTMLAnchorElement>('a[href*="/public/book/download"]') : null;
    if (!link || e.defaultPrevented) return;
    visit.track(link.href.includes('disposition=inline') ? 'print' : 'download');
  });

  let last: ReaderShown = { pages: [], zoomed: false, searching: false };
  return {
    update(shown) {
      const wasOpen = visit.isOpen;
      visit.show(shown.pages);
      if (shown.zoomed && !last.zoomed) visit.track('zoom', shown.pages[0]);
      if (shown.searching && !last.searching) visit.track('search');
      last = shown;
      // The open goes at once (a view shows on the dashboard without waiting for the next flush).
      if (!wasOpen && visit.isOpen) flush(false);
    },
    track: (kind, page) => visit.track(kind, page),
  };
}

import * as v from 'valibot';
import { READER_STATS } from './reader';

/**
 * Sharing (issue 7; SPEC §2 share modal, §3 Share tracking parameters, §5 unknown share service, §7
 * Share tracking, §9 share services, beacon cache-buster). Shared by the share machine, the app's
 * share modal, the reader's share menu and the server's beacon.
 *
 * The usage beacon is `GET {beacon}/b.gif?<params>`: always a 1×1 transparent GIF89a, `no-store`.
 * Its query parameters (BEACON_PARAMS):
 *   e    event type: `share`
 *   cb   cache-buster: a random integer 0..999999999 (SPEC §9), only there to defeat caches
 *   d    device class of the sharer: desktop | tablet | phone
 *   s    source: the service opened (facebook, x, tumblr, pinterest, linkedin, mail) or `copy`
 *   aid  the account whose item is shared (optional when bid is given: the server takes the book's owner)
 *   bid  the book shared (list variant; absent when a whole account is shared)
 *   t    type of the shared item: book | account (list variant)
 * A hit with any bad or missing parameter is answered the same GIF and recorded nowhere.
 */

export const SHARE_SERVICES = ['facebook', 'x', 'tumblr', 'pinterest', 'linkedin', 'mail'] as const;
export type ShareService = (typeof SHARE_SERVICES)[number];
/** What a beacon counts: a service opened, or the link copied. */
export const SHARE_SOURCES = [...SHARE_SERVICES, 'copy'] as const;
export type ShareSource = (typeof SHARE_SOURCES)[number];
export const SHARE_DEVICES = ['desktop', 'tablet', 'phone'] as const;
export type ShareDevice = (typeof SHARE_DEVICES)[number];
export const SHARE_KINDS = ['book', 'account'] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** Path of the beacon below the `beacon` host (DESIGN §8). */
export const BEACON_PATH = '/b.gif';
/** SPEC §9: the cache-buster is random up to 999999999. */
export const BEACON_CACHE_BUSTER_MAX = 999_999_999;
export const BEACON_EVENT = 'share';
export const BEACON_PARAMS = {
  event: 'e',
  cacheBuster: 'cb',
  device: 'd',
  source: 's',
  account: 'aid',
  book: 'bid',
  type: 't',
} as const;

/**
 * SPEC §2: mobile layout at 745 px or less; a touch screen up to 1180 px wide is a tablet (the same
 * classes as the reading statistics, so both statistics count a device alike).
 */
export const SHARE_DEVICE_WIDTHS = { phoneMaxPx: READER_STATS.phoneMaxPx, tabletMaxPx: READER_STATS.tabletMaxPx } as const;

export function shareDevice(width: number, touch: boolean): ShareDevice {
  if (width <= SHARE_DEVICE_WIDTHS.phoneMaxPx) return 'phone';
  if (touch && width <= SHARE_DEVICE_WIDTHS.tabletMaxPx) return 'tablet';
  return 'desktop';
}

const Id = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/));

/** The beacon's query (server side); anything else in the query is ignored. */
export const BeaconQuerySchema = v.pipe(
  v.object({
    e: v.literal(BEACON_EVENT),
    cb: v.pipe(v.string(), v.regex(/^\d{1,9}$/)),
    d: v.picklist(SHARE_DEVICES),
    s: v.picklist(SHARE_SOURCES),
    aid: v.optional(Id),
    bid: v.optional(Id),
    t: v.optional(v.picklist(SHARE_KINDS)),
  }),
  // Something must say whose share it is; a book share names its book.
  v.check((q) => q.aid !== undefined || q.bid !== undefined),
  v.check((q) => q.t !== 'book' || q.bid !== undefined),
);
export type BeaconQuery = v.InferOutput<typeof BeaconQuerySchema>;

/** One share to report (client side). */
export interface BeaconHit {
  source: ShareSource;
  device: ShareDevice;
  /** Account of the shared item (may be unknown to the reader: then bid alone). */
  accountId?: string;
  bookId?: string;
  kind: ShareKind;
}

/** The beacon URL of a hit; `cacheBuster` is drawn by the caller (0..BEACON_CACHE_BUSTER_MAX). */
export function beaconUrl(base: string, hit: BeaconHit, cacheBuster: number): string {
  const q = new URLSearchParams();
  q.set(BEACON_PARAMS.event, BEACON_EVENT);
  q.set(BEACON_PARAMS.cacheBuster, String(Math.min(BEACON_CACHE_BUSTER_MAX, Math.max(0, Math.floor(cacheBuster)))));
  q.set(BEACON_PARAMS.device, hit.device);
  q.set(BEACON_PARAMS.source, hit.source);
  if (hit.accountId) q.set(BEACON_PARAMS.account, hit.accountId);
  if (hit.bookId) q.set(BEACON_PARAMS.book, hit.bookId);
  q.set(BEACON_PARAMS.type, hit.kind);
  return `${base.replace(/\/+$/, '')}${BEACON_PATH}?${q}`;
}

/** A random cache-buster in 0..999999999 (SPEC §9). */
export const randomCacheBuster = (random: () => number = Math.random): number => Math.floor(random() * (BEACON_CACHE_BUSTER_MAX + 1));

/** What a share link needs. */
export interface ShareLinkTarget {
  /** Absolute public URL of the publication or publisher page. */
  url: string;
  /** Title (publication name or account name). */
  name: string;
  /** Absolute image URL (pinterest's media), if any. */
  image?: string;
}

const enc = encodeURIComponent;

/** SPEC §9 share services → the URL each opens; every value encoded with encodeURIComponent. */
export function shareLink(service: ShareService, target: ShareLinkTarget): string {
  const u = enc(target.url);
  const text = enc(target.name);
  switch (service) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case 'x':
      return `https://x.com/intent/tweet?url=${u}&text=${text}`;
    case 'tumblr':
      return `https://www.tumblr.com/widgets/share/tool?canonicalUrl=${u}&title=${text}`;
    case 'pinterest':
      return `https://www.pinterest.com/pin/create/button/?url=${u}&media=${enc(target.image ?? '')}&description=${text}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case 'mail':
      return `mailto:?subject=${text}&body=${enc(`${target.name}\n${target.url}`)}`;
  }
}

export const isShareService = (s: string): s is ShareService => (SHARE_SERVICES as readonly string[]).includes(s);
export const isShareSource = (s: string): s is ShareSource => (SHARE_SOURCES as readonly string[]).includes(s);

/** GET {api}/account/book/shares?id= (the owner; without id: shares of the whole account page). */
export const ShareCountsQuerySchema = v.object({ id: v.optional(Id) });

/** The owner's share counts (every source and device listed, zeros included). */
export interface ShareCounts {
  total: number;
  sources: Record<ShareSource, number>;
  devices: Record<ShareDevice, number>;
  /** Per day (YYYY-MM-DD, UTC), oldest first, days with shares only. */
  days: { day: string; count: number }[];
}

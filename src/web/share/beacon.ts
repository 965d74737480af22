import type { ShareBeaconParams } from '../../../machines/share.machine';
import { beaconUrl, randomCacheBuster, type ShareDevice, shareDevice } from '../../contracts/share';

/**
 * The client side of the usage beacon (SPEC §7 Share tracking): a 1×1 image request to
 * `{beacon}/b.gif` with the §3 parameters and a random cache-buster ≤ 999999999, skipped when the
 * shared account is the current user's. Plain DOM, no React: the reader uses it too.
 */

/** What a hit names: the reader knows the book but not always its account (the server finds it). */
export type BeaconParams = Omit<ShareBeaconParams, 'accountId'> & { accountId?: string };

export interface BeaconEnv {
  device: ShareDevice;
  /** Starts the request (default: an Image, which needs no CORS and outlives a pop-up opening). */
  load: (url: string) => void;
  random: () => number;
}

/** The browser's device class (SPEC §2: phone ≤ 745 px; touch tablet ≤ 1180 px; else desktop). */
export function browserDevice(win: Pick<Window, 'innerWidth' | 'navigator' | 'matchMedia'> = window): ShareDevice {
  const touch = (win.navigator.maxTouchPoints ?? 0) > 0 || win.matchMedia?.('(pointer: coarse)').matches === true;
  return shareDevice(win.innerWidth, touch);
}

function loadImage(url: string): void {
  const img = new Image(1, 1);
  img.referrerPolicy = 'no-referrer';
  img.src = url;
}

/** Sends one share hit; answers the URL requested, or null when skipped (the user's own account). */
export function sendShareBeacon(
  base: string,
  params: BeaconParams,
  currentAccountId: string | null,
  env: Partial<BeaconEnv> = {},
): string | null {
  if (params.accountId !== undefined && currentAccountId !== null && params.accountId === currentAccountId) return null;
  const url = beaconUrl(base, { ...params, device: env.device ?? browserDevice() }, randomCacheBuster(env.random));
  (env.load ?? loadImage)(url);
  return url;
}

/** The publisher's account id from its page URL (`/publisher/<id>`, src/server/publish/views.ts). */
export const publisherId = (overviewUrl: string): string | undefined => /\/publisher\/([A-Za-z0-9_-]{1,64})$/.exec(overviewUrl)?.[1];

/**
 * The signed-in user's account id, read from the app's stored user (USER_KEY of
 * src/web/session/user-store.ts, same origin) without its schemas: the reader's budget spares them.
 */
export function storedAccountId(storage: Pick<Storage, 'getItem'> | null = safeLocalStorage()): string | null {
  try {
    const id = JSON.parse(storage?.getItem('quire.user') ?? 'null')?.account?.id;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

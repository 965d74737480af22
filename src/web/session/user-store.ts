import type { LoginContent } from '../../contracts/accounts';
import { ASSOCIATION_DROPPED_KEY, ASSOCIATION_KEY, type KeyValueStorage, KNOWN_ACCOUNT_KEY, USER_KEY } from './keys';
import type { Association, CurrentUser } from './user-schema';

/**
 * The current user kept in local browser storage (SPEC §3 Current user), shared by every tab of the
 * browser; the association session (a manager acting for a child account) lives in session storage.
 * The schema that reads them back is ./user-schema.ts (loaded apart: not in the app's first load).
 */
export { ASSOCIATION_KEY, type KeyValueStorage, KNOWN_ACCOUNT_KEY, USER_KEY } from './keys';
export type { Association, CurrentUser } from './user-schema';

/**
 * The id of the child account a manager acts for (the association session), read without the schema
 * (the app's first load: every API call's account id header): a stored id of the expected form, or undefined.
 */
export function associationId(storage: KeyValueStorage | undefined): string | undefined {
  return storedAssociation(storage)?.id;
}

/** The stored association session (id, name, mode, type), read without the schema (the menu's gating); null without one. */
export function storedAssociation(storage: KeyValueStorage | undefined): Association | null {
  try {
    const raw = storage?.getItem(ASSOCIATION_KEY);
    const a = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
    if (!a || typeof a.id !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(a.id)) return null;
    const text = (x: unknown) => (typeof x === 'string' ? x : '');
    return { id: a.id, name: text(a.name), mode: text(a.mode), type: text(a.type) };
  } catch {
    return null;
  }
}

/** Builds the stored user from a login or session-check answer. */
export function userFromLogin(content: LoginContent, now: number, previous?: CurrentUser | null): CurrentUser {
  return {
    ...(previous ?? {}),
    id: content.profile.id,
    session: {
      id: content.session.id,
      access_token: content.session.access_token,
      expires_at: now + content.session.expires_in * 1000,
      issued_at: now,
    },
    profile: content.profile,
    account: content.account,
    tos: content.tos,
    subscriptions: content.subscriptions,
    explicit: previous?.explicit ?? false,
    // The user record's flags are the server's (a tour seen in another browser is not shown again).
    tour: content.tour ?? previous?.tour ?? {},
    consents: content.consents ?? previous?.consents ?? {},
    config: previous?.config ?? {},
    origin: previous?.origin ?? { source: null, campaign: null },
    activities: previous?.activities ?? { unacked: 0, hasUnackedPopup: false },
    language: content.profile.language,
    ats: previous?.ats ?? 0,
  };
}

export function writeUser(storage: KeyValueStorage | undefined, user: CurrentUser | null): void {
  try {
    if (user) {
      storage?.setItem(USER_KEY, JSON.stringify(user));
      storage?.setItem(KNOWN_ACCOUNT_KEY, '1');
    } else storage?.removeItem(USER_KEY);
  } catch {
    // Private mode or full storage: the session still works in this tab.
  }
}

export function hasKnownAccount(storage: KeyValueStorage | undefined): boolean {
  try {
    return storage?.getItem(KNOWN_ACCOUNT_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeAssociation(storage: KeyValueStorage | undefined, association: Association | null): void {
  try {
    if (association) storage?.setItem(ASSOCIATION_KEY, JSON.stringify(association));
    else storage?.removeItem(ASSOCIATION_KEY);
  } catch {
    // ignore: see writeUser
  }
}

/** The current user with same-tab change notifications (views read it with useSyncExternalStore). */
export interface UserStore {
  get(): CurrentUser | null;
  set(user: CurrentUser | null): void;
  subscribe(listener: () => void): () => void;
}

/**
 * The store starts with `initial` (the app's boot gives null and `restore`s the stored user once its
 * schema has loaded, before the session check ends: ./user-schema.ts `readUser`).
 */
export function createUserStore(
  storage: KeyValueStorage | undefined,
  initial: CurrentUser | null = null,
): UserStore & { restore(user: CurrentUser | null): void } {
  let current = initial;
  let changed = false;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };
  return {
    get: () => current,
    set(user) {
      current = user;
      changed = true;
      writeUser(storage, user);
      notify();
    },
    /** The stored user as read back, unless this store has been set since (nothing is written). */
    restore(user) {
      if (changed) return;
      current = user;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The server refused the stored association (issue 20: the child was detached in another tab or by its
 * owner, MANAGER 1101) for the id a call sent: clears it when it is still that one, and marks that the
 * next page says why (`takeDroppedAssociation`). True when the manager is back to its own account now
 * (the app then reloads); false when there was nothing of that id to clear (another call did it
 * already) or the storage would not clear it (no reload then: it would loop).
 */
export function dropAssociation(storage: KeyValueStorage | undefined, refused: string): boolean {
  if (associationId(storage) !== refused) return false;
  try {
    storage?.removeItem(ASSOCIATION_KEY);
    storage?.setItem(ASSOCIATION_DROPPED_KEY, '1');
  } catch {
    return false;
  }
  return associationId(storage) === undefined;
}

/** Whether a refused association was cleared before this page (once: the mark is removed). */
export function takeDroppedAssociation(storage: KeyValueStorage | undefined): boolean {
  try {
    if (storage?.getItem(ASSOCIATION_DROPPED_KEY) !== '1') return false;
    storage.removeItem(ASSOCIATION_DROPPED_KEY);
    return true;
  } catch {
    return false;
  }
}

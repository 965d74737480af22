import * as v from 'valibot';
import { AccountSchema, type LoginContent, ProfileSchema } from '../../contracts/accounts';

/**
 * The current user kept in local browser storage (SPEC §3 Current user), shared by every tab of the
 * browser; the association session (a manager acting for a child account) lives in session storage.
 */
export const USER_KEY = 'quire.user';
export const ASSOCIATION_KEY = 'quire.association';
/** Set once a browser has signed in: the sign-up modal then opens on login rather than register. */
export const KNOWN_ACCOUNT_KEY = 'quire.knownAccount';

export const CurrentUserSchema = v.object({
  id: v.string(),
  /** issued_at/expires_at: epoch ms, as this browser saw them (a refresh is due past half the lifetime). */
  session: v.object({ id: v.string(), access_token: v.string(), expires_at: v.number(), issued_at: v.optional(v.number(), 0) }),
  profile: ProfileSchema,
  account: AccountSchema,
  tos: v.object({ required: v.boolean(), accepted: v.boolean() }),
  subscriptions: v.object({ modification: v.number() }),
  explicit: v.optional(v.boolean(), false),
  tour: v.optional(v.record(v.string(), v.boolean()), {}),
  /** Whether each third-party script may load (SCRIPT_CONSENTS; the server's answer, SPEC §7). */
  consents: v.optional(v.record(v.string(), v.boolean()), {}),
  config: v.optional(v.record(v.string(), v.unknown()), {}),
  origin: v.optional(v.object({ source: v.nullable(v.string()), campaign: v.nullable(v.string()) }), { source: null, campaign: null }),
  activities: v.optional(v.object({ unacked: v.number(), hasUnackedPopup: v.boolean() }), { unacked: 0, hasUnackedPopup: false }),
  language: v.string(),
  ats: v.optional(v.number(), 0),
});
export type CurrentUser = v.InferOutput<typeof CurrentUserSchema>;

export const AssociationSchema = v.object({ id: v.string(), name: v.string(), mode: v.string(), type: v.string() });
export type Association = v.InferOutput<typeof AssociationSchema>;

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

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

export function readUser(storage: KeyValueStorage | undefined): CurrentUser | null {
  return parseStored(storage?.getItem(USER_KEY) ?? null, CurrentUserSchema);
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

export function readAssociation(storage: KeyValueStorage | undefined): Association | null {
  return parseStored(storage?.getItem(ASSOCIATION_KEY) ?? null, AssociationSchema);
}

export function writeAssociation(storage: KeyValueStorage | undefined, association: Association | null): void {
  try {
    if (association) storage?.setItem(ASSOCIATION_KEY, JSON.stringify(association));
    else storage?.removeItem(ASSOCIATION_KEY);
  } catch {
    // ignore: see writeUser
  }
}

/** Calls back when another tab changes the stored user (the `storage` event fires only in other tabs). */
export function onUserChangedInOtherTab(win: Window, callback: (user: CurrentUser | null) => void): () => void {
  const listener = (e: StorageEvent) => {
    if (e.key === USER_KEY || e.key === null) callback(parseStored(e.newValue, CurrentUserSchema));
  };
  win.addEventListener('storage', listener);
  return () => win.removeEventListener('storage', listener);
}

function parseStored<T>(raw: string | null, schema: v.GenericSchema<unknown, T>): T | null {
  if (!raw) return null;
  try {
    const parsed = v.safeParse(schema, JSON.parse(raw));
    return parsed.success ? parsed.output : null;
  } catch {
    return null;
  }
}

/** The current user with same-tab change notifications (views read it with useSyncExternalStore). */
export interface UserStore {
  get(): CurrentUser | null;
  set(user: CurrentUser | null): void;
  subscribe(listener: () => void): () => void;
}

export function createUserStore(storage: KeyValueStorage | undefined): UserStore {
  let current = readUser(storage);
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    set(user) {
      current = user;
      writeUser(storage, user);
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

import * as v from 'valibot';
import { AccountSchema, ProfileSchema } from '../../contracts/accounts';
import { ASSOCIATION_KEY, type KeyValueStorage, USER_KEY } from './keys';

/**
 * The stored user's schema and its readers (SPEC §3 Current user): loaded with the session's side
 * effects (./io.ts), not with the app's first load, which keeps the validation library out of it.
 */
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

export function readUser(storage: KeyValueStorage | undefined): CurrentUser | null {
  return parseStored(safeGet(storage, USER_KEY), CurrentUserSchema);
}

export function readAssociation(storage: KeyValueStorage | undefined): Association | null {
  return parseStored(safeGet(storage, ASSOCIATION_KEY), AssociationSchema);
}

/** Calls back when another tab changes the stored user (the `storage` event fires only in other tabs). */
export function onUserChangedInOtherTab(win: Window, callback: (user: CurrentUser | null) => void): () => void {
  const listener = (e: StorageEvent) => {
    if (e.key === USER_KEY || e.key === null) callback(parseStored(e.newValue, CurrentUserSchema));
  };
  win.addEventListener('storage', listener);
  return () => win.removeEventListener('storage', listener);
}

function safeGet(storage: KeyValueStorage | undefined, key: string): string | null {
  return storage?.getItem(key) ?? null;
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

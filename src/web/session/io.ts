import * as v from 'valibot';
import type { AdoptedToken } from '../../../machines/accounts/refresh-lock.machine';
import { type LoginContent, LoginContentSchema } from '../../contracts/accounts';
import { type CurrentUser, CurrentUserSchema } from './user-schema';
import { userFromLogin } from './user-store';

export { accountTimestampMachine } from '../../../machines/accounts/account-timestamp.machine';
export { LoginContentSchema, LoginHashSchema } from '../../contracts/accounts';
export { onUserChangedInOtherTab, readUser } from './user-schema';

/**
 * What the session's side effects need of the validation library: the stored user's and the session
 * answer's schemas. Loaded apart from the app's first load, from boot on (src/web/app/session.ts
 * `loadSessionIo`); the session check waits for it as it waits for the API client.
 */

/** A session answer (another tab's message), or null when it is not one. */
export function parseLoginContent(raw: unknown): LoginContent | null {
  const parsed = v.safeParse(LoginContentSchema, raw);
  return parsed.success ? parsed.output : null;
}

/** The stored user an adopted token stands for (what the machine got from this app's own reads and listeners). */
export function currentUserOf(token: AdoptedToken): CurrentUser | null {
  const stored = v.safeParse(CurrentUserSchema, token.stored);
  if (token.from === 'stored') return stored.success ? stored.output : null;
  const content = parseLoginContent(token.handoff.content);
  return content ? userFromLogin(content, token.handoff.receivedAt, stored.success ? stored.output : null) : null;
}

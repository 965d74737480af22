import type { UsageContext } from '../../src/contracts/accounts';

/**
 * Shapes the accounts machines read. They are structural subsets of `LoginContent`
 * (src/contracts/accounts.ts) and of the stored current user (SPEC §3), so either can be passed.
 */

/** What the session machine needs from a login answer, a session check or the stored user. */
export interface SessionSource {
  session: { access_token: string; expires_in: number };
  profile: { id: string };
}

/** The stored user essentials the session machine keeps (SPEC §4 Session). */
export interface SessionUser {
  profileId: string;
  /** `sub` of the access token; differs from the profile id → refresh at once. */
  tokenSubject: string | null;
  /** Token lifetime in seconds when it was issued (`session.expires_in`). */
  expiresIn: number;
}

/** What the post-login sequence reads to decide which modals run (SPEC §4 Login). */
export interface PostLoginUser {
  tos: { required: boolean };
  profile: { type: number };
  account: { context: UsageContext | null };
  subscriptions: { modification: number };
}

/** Output of each full-screen step machine (terms, usage context, consents). */
export interface StepOutput {
  result: 'done' | 'signedOut';
  /** The refreshed user when the step refreshed it (null when the refresh failed or did not run). */
  user: PostLoginUser | null;
}

/** The stored user as the refresh lock reads it (a structural subset of the stored current user, SPEC §3). */
export interface StoredToken {
  /** issued_at/expires_at: epoch ms as the browser saw them (issued_at 0: unknown). */
  session: { access_token: string; issued_at: number; expires_at: number };
  profile: { id: string };
}

/** A token another tab handed over on the channel while it held the refresh lock. */
export interface HandedOverToken {
  /** The session answer that tab received (a login answer, so it also carries the profile). */
  content: SessionSource;
  /** Epoch ms when this tab received it: the token counts as issued then. */
  receivedAt: number;
}

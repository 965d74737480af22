import type { PublishModalInput } from './publish-modal.machine';
import type { Route } from './router.machine';
import type { Visitor } from './visitor';

/**
 * What the app root (machines/app.machine.ts) sees of its children and of the stored user (sent by
 * `watch` on every change); the root forwards it to its signed-in part (machines/workspace.machine.ts).
 */
export interface AppFacts {
  /** The session machine's top state. */
  session: 'checking' | 'loggedIn' | 'loggedOut' | 'expired' | 'loggingOut';
  /** The router's route, whether it waits for a login, and whether the page is shown. */
  route: Route | null;
  loginRequired: boolean;
  pageReady: boolean;
  /** The expired-session sign-in is on the modal stack. */
  expiredSignIn: boolean;
  /** The signed-in user's publish limits (null: no user stored yet). */
  publishLimits: PublishModalInput | null;
  /** The stored user's e-mail, language and consents (null: none stored). */
  user: Pick<Visitor, 'email' | 'language' | 'consents'> | null;
}

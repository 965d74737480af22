/** What the third-party loaders see of the person (sent by the app root whenever it changes). */
export interface Visitor {
  /** The session is signed in (not checking, expired or signing out). */
  signedIn: boolean;
  email: string | null;
  language: string;
  /** The user record's consents (SCRIPT_CONSENTS → true when given). */
  consents: Readonly<Record<string, boolean>>;
}

/** Nobody signed in. */
export const ANONYMOUS: Visitor = { signedIn: false, email: null, language: 'en', consents: {} };

/** The stored user's and the association's storage keys (./user-store.ts writes them, ./user-schema.ts reads them back). */
export const USER_KEY = 'quire.user';
export const ASSOCIATION_KEY = 'quire.association';
/** Set (session storage) when the server refused a stored association: the next page says why it is gone. */
export const ASSOCIATION_DROPPED_KEY = 'quire.association.dropped';
/** Set once a browser has signed in: the sign-up modal then opens on login rather than register. */
export const KNOWN_ACCOUNT_KEY = 'quire.knownAccount';

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The spec constants (SPEC §8, §9) that the app's first load uses (issue 14): its machines and views
 * import them from here, so that the other constants (machines/constants.ts, which re-exports these:
 * every other machine reads them all from there) stay in the lazy modules that use them.
 */
import type { Language } from '../src/contracts/languages';

// Routing and layout (§2, §9)
export const MODULE_LOAD_TIMEOUT_MS = 7000;
export const MOBILE_MAX_WIDTH = 745;
export const MOBILE_MAX_WIDTH_WIDE = 991;

// Translations (§7, §9)
export const TRANSLATION_TIMEOUT_MS = 10_000;
export const TRANSLATION_CACHE_MS = 604_800_000;
/** Flags map (§9). */
export const FLAGS: Readonly<Record<Language, string>> = { en: 'us', fr: 'fr', de: 'de', es: 'es', it: 'it', pt: 'br', ru: 'ru' };

// Accounts (SPEC §4 Session, Session expiry; §1, §7 social sign-in)
/** Modal id of the non-closeable sign-in shown when the session expired (SPEC §4). */
export const EXPIRED_SIGN_IN = 'signin-expired';
/** Name of the BroadcastChannel on which tabs hand a refreshed token over and announce a refresh. */
export const SESSION_CHANNEL = 'quire-session';
/** Social sign-in providers (§1, §7): a social network, a search-engine identity service, a professional network. */
export const SOCIAL_PROVIDERS = ['facebook', 'google', 'linkedin'] as const;
/**
 * Social sign-in: a full-page sign-in's kept outcome is used within this time (the server's OAuth
 * state cookie lives ten minutes too).
 */
export const OAUTH_RESULT_TTL_MS = 10 * 60_000;

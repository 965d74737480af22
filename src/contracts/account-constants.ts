/**
 * The account constants the app's first load reads (modes and upload counts, the terms renewal date, the
 * script consents), apart from ./accounts.ts, which re-exports them: a module of the first load brings
 * along everything of it that any page uses, and there that would be the schemas and valibot.
 */
export const ACCOUNT_MODES = ['FREE', 'PREMIUM', 'PLATINUM'] as const;
export type AccountMode = (typeof ACCOUNT_MODES)[number];
/** Mode checks are "at least", ascending free < premium < platinum. */
export const atLeastMode = (mode: AccountMode, wanted: AccountMode) => ACCOUNT_MODES.indexOf(mode) >= ACCOUNT_MODES.indexOf(wanted);
/** Max files per upload: 10 from premium up, otherwise 1 (SPEC §6, §9). */
export const MAX_FILES_PREMIUM = 10;
export const MAX_FILES_BASIC = 1;
export const maxFilesFor = (mode: AccountMode): number => (mode === 'FREE' ? MAX_FILES_BASIC : MAX_FILES_PREMIUM);
/** SPEC §4: terms renewal is required when subscriptions.modification is below this (unix seconds). */
export const TERMS_RENEWAL_BEFORE = 1527631200;
/**
 * The consents that let the browser load a third-party script for a signed-in user with an e-mail
 * (SPEC §7): the support chat and the page-testing tool, each only when its URL is configured.
 */
export const SCRIPT_CONSENTS = ['support_chat', 'page_testing'] as const;
export type ScriptConsent = (typeof SCRIPT_CONSENTS)[number];

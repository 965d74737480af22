/**
 * The languages of the platform (SPEC §7, §9), shared by the server (page language, mails, widget),
 * the API contracts and the client (machines/constants.ts re-exports them).
 */
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'pt', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Language code aliases used by subdomains (§2: "The code ita maps to it"). */
export const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = { ita: 'it' };

/** Language names in their own language: never translated (the language modal, the public pages' footer). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  it: 'Italiano',
  pt: 'Português',
  ru: 'Русский',
};

/** The cookie that keeps the language a visitor chose (read by the server's pages and the app). */
export const LANGUAGE_COOKIE = 'lang';

/** Spec constants (SPEC §8, §9), named as in the spec. Every machine reads them from here. */

// Alerts (§8 severities, §9 delays)
export const ALERT_DELAY = { info: 2000, success: 1000, warning: 3000, danger: null } as const;
export const ALERT_TYPES = ['info', 'success', 'warning', 'danger'] as const;
export const ALERT_STAGGER_MS = 500;
export const ALERT_CLOSE_ANIMATION_MS = 300;
export const ALERT_CHECK_INTERVAL_MS = 250;
/** Short delay before an alert fades in. */
export const ALERT_FADE_IN_MS = 50;

// Routing and layout (§2, §9)
export const MODULE_LOAD_TIMEOUT_MS = 7000;
export const MOBILE_MAX_WIDTH = 745;
export const MOBILE_MAX_WIDTH_WIDE = 991;
export const ESCAPE_KEY = 27;

// Cookies (§9)
export const COOKIE_LIFETIME_DAYS = 365;
export const COOKIE_PATH = '/';

// Translations (§7, §9)
export const TRANSLATION_TIMEOUT_MS = 10_000;
export const TRANSLATION_CACHE_MS = 604_800_000;
export const LANGUAGES = ['de', 'en', 'es', 'fr', 'it', 'pt', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Language code aliases used by subdomains (§2: "The code ita maps to it"). */
export const LANGUAGE_ALIASES: Readonly<Record<string, Language>> = { ita: 'it' };
/** Flags map (§9). */
export const FLAGS: Readonly<Record<Language, string>> = { en: 'us', fr: 'fr', de: 'de', es: 'es', it: 'it', pt: 'br', ru: 'ru' };

// Lists (§9)
export const DEFAULT_PAGE_SIZE = 25;
export const FIRST_PAGE = 1;

// Modals and motion (§9)
export const MODAL_ANIMATION_MS = 300;
export const DRAWER_ANIMATION_MS = 300;
export const TOOLTIP_DELAY_MS = 150;

import { DEFAULT_LANGUAGE, LANGUAGE_ALIASES, LANGUAGES, type Language } from '../../contracts/languages';

export interface DetectInput {
  hostname: string;
  /** The page's `<html lang>` attribute. */
  htmlLang?: string | null;
  /** The `lang` cookie. */
  cookie?: string | null;
}
export interface Detected {
  language: Language;
  /** The subdomain itself names the language (SPEC §2). */
  localizedDomain: boolean;
}

export function toLanguage(code: string | null | undefined): Language | null {
  if (!code) return null;
  const c = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  const mapped = LANGUAGE_ALIASES[c] ?? c;
  return (LANGUAGES as readonly string[]).includes(mapped) ? (mapped as Language) : null;
}

const isIp = (h: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(h) || h.includes(':');

/**
 * SPEC §2: a 'www' subdomain (and, for self-hosting, a bare host, localhost or an IP) uses the page
 * language attribute, then the lang cookie, then en. Any other subdomain is the language code itself
 * and marks a localized domain; the code ita maps to it.
 */
export function detectLanguage({ hostname, htmlLang, cookie }: DetectInput): Detected {
  const labels = hostname.toLowerCase().split('.');
  const sub = !isIp(hostname) && labels.length > 2 ? labels[0] : labels.length === 2 && labels[1] === 'localhost' ? labels[0] : undefined;
  if (sub && sub !== 'www') {
    const fromSub = toLanguage(sub);
    if (fromSub) return { language: fromSub, localizedDomain: true };
  }
  return { language: toLanguage(htmlLang) ?? toLanguage(cookie) ?? DEFAULT_LANGUAGE, localizedDomain: false };
}

import { OAUTH_RESULT_TTL_MS, SOCIAL_PROVIDERS } from '../../../machines/first-load-constants';
import type { SocialProvider } from '../../../machines/sign-up/types';

/**
 * What the app shell needs of the social sign-in before the sign-up modal loads (src/web/app/social.ts
 * has the rest): the landing page's path and the outcome a full-page sign-in kept for this tab.
 */

/** The app page the server lands on after a social sign-in (`redirect` of the start call; src/web/app/social.ts). */
export { OAUTH_LANDING_PATH } from '../../contracts/pages';
/** sessionStorage: a full-page sign-in's outcome ({provider, hash, at}), kept by the landing page. */
export const OAUTH_RESULT_KEY = 'quire_oauth_result';

/**
 * After a full-page sign-in (pop-ups blocked): the provider whose outcome waits for this tab, within
 * OAUTH_RESULT_TTL_MS, else null. The sign-up host opens the modal, which resumes that sign-in.
 */
export function pendingSocialProvider(win: Window): SocialProvider | null {
  const kept = readKept(win);
  if (!kept || typeof kept.at !== 'number' || Date.now() - kept.at >= OAUTH_RESULT_TTL_MS) return null;
  return SOCIAL_PROVIDERS.find((p) => p === kept.provider) ?? null;
}

function readKept(win: Window): { provider?: unknown; at?: unknown } | null {
  try {
    const text = win.sessionStorage.getItem(OAUTH_RESULT_KEY);
    return text ? (JSON.parse(text) as { provider?: unknown; at?: unknown }) : null;
  } catch {
    return null;
  }
}

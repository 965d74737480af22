/** Spec constants (SPEC §8, §9), named as in the spec. Every machine reads them from here. */

// The constants the app's first load uses are defined in ./first-load-constants.ts (routing and
// layout, translations and flags, the expired sign-in, the session
// channel, social sign-in); the first load imports them from there (issue 14).
export * from './first-load-constants';

// Alerts (§8 severities, §9 delays)
export const ALERT_DELAY = { info: 2000, success: 1000, warning: 3000, danger: null } as const;
export const ALERT_TYPES = ['info', 'success', 'warning', 'danger'] as const;
export const ALERT_STAGGER_MS = 500;
export const ALERT_CLOSE_ANIMATION_MS = 300;
/** Short delay before an alert fades in. */
export const ALERT_FADE_IN_MS = 50;
export const ALERT_CHECK_INTERVAL_MS = 250;

// Routing and layout (§2, §9)
export const ESCAPE_KEY = 27;

// Cookies (§9; the lifetime and path are shared with the server)
export { COOKIE_LIFETIME_DAYS, COOKIE_PATH, LOGIN_REDIRECT_COOKIE, LOGIN_REDIRECT_DAYS } from '../src/contracts/cookies';

// Translations (§7, §9)
export { DEFAULT_LANGUAGE, LANGUAGE_ALIASES, LANGUAGES, type Language } from '../src/contracts/languages';

// Lists (§9)
export const DEFAULT_PAGE_SIZE = 25;
export const FIRST_PAGE = 1;

// Modals and motion (§9)
export const MODAL_ANIMATION_MS = 300;
export const DRAWER_ANIMATION_MS = 300;
export const TOOLTIP_DELAY_MS = 150;

// ── Accounts (SPEC §4 Session, Session expiry, Terms renewal, Login; §8 301/302/149) ──────────────
/** SPEC §4: terms renewal is required when subscriptions.modification is below this (unix seconds). */
export { TERMS_RENEWAL_BEFORE } from '../src/contracts/account-constants';
/** SPEC §8: these codes from any call mean the session expired (sign-in flow). */
export { SESSION_EXPIRED_CODES } from '../src/contracts/error-ids';
/** SPEC §4: the session-expired alert shows this long after the expiry. */
export const SESSION_EXPIRED_ALERT_DELAY_MS = 200;
/** SPEC §4: the refresh is scheduled at half the token lifetime … */
export const REFRESH_LIFETIME_FRACTION = 0.5;
/** … plus up to 1 s of random jitter. */
export const REFRESH_JITTER_MAX_MS = 1000;
/** SPEC §4: another tab's refresh adds 60 s before this tab's own attempt. */
export const OTHER_TAB_REFRESH_DELAY_MS = 60_000;
/** Name of the navigator.locks lock that keeps the tabs of a browser from refreshing together. */
export const SESSION_REFRESH_LOCK = 'quire-session-refresh';
/**
 * How long a tab that refreshed keeps the lock after handing the new token over, so that the message
 * (and its local storage write, delivered across processes) reaches the tab waiting for the lock first.
 */
export const REFRESH_LOCK_HANDOFF_MS = 150;
/**
 * Clock slack of the "fresh token" test under the lock: a token another tab stored is adopted while it
 * is younger than REFRESH_LIFETIME_FRACTION of its lifetime minus this.
 */
export const TOKEN_FRESH_SLACK_MS = 5_000;
/**
 * Consents are outdated when subscriptions.modification is below this (unix seconds). The spec names
 * the rule but not the date; this is the client's copy (the server keeps its own), set to the terms
 * renewal date (2018-05-30). Change both together.
 */
export const CONSENTS_RENEWAL_BEFORE = 1527631200;
/** Usage context: how long the thank-you message shows before the modal closes (not in the spec). */
export const USAGE_CONTEXT_THANKS_MS = 1500;
/** Message ids the accounts machines put in context (the views translate them). */
export const USAGE_CONTEXT_ERROR_ID = 'account.info.context.activate.error';

// Sign-up modal (§2, §4, §5, §8)
/** Tabs of the sign-up modal, as the spec names them (§2). */
export const SIGN_UP_TABS = [
  'login',
  'mfa',
  'register',
  'register-success',
  'forgot',
  'resend',
  'reset',
  'activate',
  'activate-success',
  'activate-error',
  'activate-notif',
  'close',
] as const;
/** Social sign-in: how often the opener checks whether the user closed the pop-up (not in the spec). */
export const POPUP_POLL_MS = 400;
/**
 * Message ids the sign-up modal shows (§4 success messages, §8 second-factor codes). The activation
 * tab's context error is USAGE_CONTEXT_ERROR_ID and its consents rule CONSENTS_RENEWAL_BEFORE (above).
 */
export const SIGN_UP_MESSAGES = {
  forgotSent: 'account.forgot.success',
  resendSent: 'account.resend.success',
  resetDone: 'account.reset.success',
  mfaWrongCode: 'errors.AUTH.1551',
  mfaExpiredCode: 'errors.AUTH.1552',
} as const;

// Book list (SPEC §2 "Lists of books…", §4 Book document status, §9 page size and titles)
/** The search box applies what was typed after this pause. */
export const BOOK_SEARCH_DEBOUNCE_MS = 300;
/** While some book of the shown page converts, that page is fetched again this often. */
export const BOOK_LIST_POLL_MS = 3000;

// ── Publishing: upload page and house ads (SPEC §2 Upload page, §9) ─────────────────────────────
/** SPEC §2 Routing: the upload page and the book list (the publish modal's and the batch's destinations). */
export const UPLOAD_PATH = '/upload';
export const BOOKS_PATH = '/account/book';
/** SPEC §9: the upload page goes to the book list 1 s after every file finished … */
export const UPLOAD_REDIRECT_DELAY_MS = 1000;
/** … or 5 s when one of them failed (time to read its message). */
export const UPLOAD_REDIRECT_DELAY_ERRORS_MS = 5000;
/** How often the upload page asks for a converting book's progress (not in the spec). */
export const UPLOAD_POLL_INTERVAL_MS = 1000;
/** Consecutive failed progress checks after which the page stops following a conversion (the book list still shows it). */
export const UPLOAD_POLL_MAX_FAILURES = 3;
/** SPEC §9: ads refresh every 30 s … */
export const ADS_REFRESH_MS = 30_000;
/** … in two sizes (CSS pixels; scaled down on small screens). */
export const AD_SIZES = [
  { width: 728, height: 90 },
  { width: 960, height: 300 },
] as const;

// ── Reading (issue "Reading"; gestures are GESTURES in src/contracts/reader.ts) ─────────────────
/**
 * A publication still converting is asked for again after this pause (its gate page, and the owner's
 * progressive reading: issue 14), growing by READER_POLL_FACTOR up to READER_POLL_MAX_MS while nothing
 * changes (back to the first pause when new pages came).
 */
export const READER_CONVERTING_RETRY_MS = 1000;
export const READER_POLL_FACTOR = 1.5;
export const READER_POLL_MAX_MS = 8000;
/** SPEC §9: the copy success indicator shows for 1 s. */
export const READER_SHARE_FEEDBACK_MS = 1000;

// ── Comments and subscribers (issue "Reading": comment_mode 4 accept, 1 moderate, 0 refuse) ─────
/** A comment's text length and the comments per page are shared with the server. */
export { COMMENT_TEXT_MAX, COMMENTS_PAGE_SIZE } from '../src/contracts/comment-limits';

// ── Sharing (issue 7; services, beacon parameters and link builders in src/contracts/share.ts) ──
/** SPEC §9: the copy success indicator of the share modal shows for 1 s. */
export const SHARE_COPY_INDICATOR_MS = 1000;

// ── Widget modal (SPEC §2 Widget modal, §9 widget constants; thumb sizes are WIDGET_THUMB_PX in src/contracts/widget.ts) ──
/** SPEC §2: an option change re-renders the preview after 500 ms (the first render is immediate). */
export const WIDGET_PREVIEW_DELAY_MS = 500;
/** SPEC §9: the colour palette keeps the 7 most recent colours. */
export const WIDGET_PALETTE_SIZE = 7;
/** SPEC §9: the copy success indicator shows for 1 s. */
export const WIDGET_COPY_FEEDBACK_MS = 1000;
/** Where the recent colours are kept in the browser (local storage key). */
export const WIDGET_PALETTE_STORAGE_KEY = 'quire.widget.palette';

// ── Book settings (issue "Book settings": SPEC §5 picker, §9 date dropdown) ──────────────────────
/** SPEC §5: scheduling steps of 5 minutes, a chosen time rounded up. */
export const SCHEDULE_STEP_MS = 5 * 60_000;
/** SPEC §9: the date dropdown's years run from 1913 … */
export const SCHEDULE_FIRST_YEAR = 1913;
/** … to the current year plus 10. */
export const SCHEDULE_YEARS_AHEAD = 10;

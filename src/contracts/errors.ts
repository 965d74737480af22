/**
 * The one error catalogue (SPEC §8) shared by server and client. The client shows the translated
 * message `errors.{type}.{code}` (bulk: `errors.BULK.{code}`) with the request id.
 * Later issues add their codes here; every entry needs a message in src/web/i18n/error-messages.ts.
 */
export const ERRORS = {
  unknownCall: { type: 'API', code: 404, http: 404 },
  methodNotAllowed: { type: 'API', code: 405, http: 405 },
  badRequest: { type: 'API', code: 400, http: 400 },
  payloadTooLarge: { type: 'API', code: 413, http: 413 },
  // Transport errors: a body type no route reads, headers over the server's limit, a request that never completed.
  unsupportedMediaType: { type: 'API', code: 415, http: 415 },
  headersTooLarge: { type: 'API', code: 431, http: 431 },
  requestTimeout: { type: 'API', code: 408, http: 408 },
  rateLimited: { type: 'API', code: 429, http: 429 },
  unsupportedVersion: { type: 'API', code: 426, http: 400 },
  // A state-changing request authenticated by the session cookie from another origin (CSRF guard).
  crossOriginRefused: { type: 'API', code: 403, http: 403 },
  validation: { type: 'VALIDATION', code: 1, http: 400 },
  internal: { type: 'SERVER', code: 500, http: 500 },
  unavailable: { type: 'SERVER', code: 503, http: 503 },
  // Session codes (SPEC §8: 301, 302, 149 → session expired, sign-in flow).
  sessionMissing: { type: 'SESSION', code: 301, http: 401 },
  sessionExpired: { type: 'SESSION', code: 302, http: 401 },
  sessionRevoked: { type: 'SESSION', code: 149, http: 401 },
  // Sign-in (SPEC §8: 155 second factor required, silent; 1551/1552 shown under the code field).
  invalidCredentials: { type: 'AUTH', code: 100, http: 401 },
  loginRateLimited: { type: 'AUTH', code: 101, http: 429 },
  captchaFailed: { type: 'AUTH', code: 130, http: 400 },
  // An expected next step, not a failure: HTTP 200 with the error envelope, so a sign-in logs no
  // browser console error (issue 22); the client reads the envelope's status either way.
  mfaRequired: { type: 'AUTH', code: 155, http: 200 },
  mfaWrongCode: { type: 'AUTH', code: 1551, http: 400 },
  mfaExpiredCode: { type: 'AUTH', code: 1552, http: 400 },
  totpNotPending: { type: 'AUTH', code: 160, http: 409 },
  totpAlreadyEnabled: { type: 'AUTH', code: 161, http: 409 },
  totpNotEnabled: { type: 'AUTH', code: 162, http: 409 },
  // Social sign-in (SPEC §4; the redirect flow hands them to the client as `#error-<code>`).
  socialDisabled: { type: 'AUTH', code: 170, http: 404 },
  socialStateMismatch: { type: 'AUTH', code: 171, http: 400 },
  socialProviderFailed: { type: 'AUTH', code: 172, http: 502 },
  socialEmailMissing: { type: 'AUTH', code: 173, http: 400 },
  socialEmailUnverified: { type: 'AUTH', code: 174, http: 409 },
  socialAlreadyLinked: { type: 'AUTH', code: 175, http: 409 },
  socialInvalidToken: { type: 'AUTH', code: 176, http: 401 },
  // Accounts (SPEC §8: 112 → resend tab, 110 → forgot tab).
  invalidReset: { type: 'ACCOUNT', code: 110, http: 400 },
  notActivated: { type: 'ACCOUNT', code: 112, http: 403 },
  invalidActivation: { type: 'ACCOUNT', code: 120, http: 400 },
  // A gated account page (SPEC §6 menu gating) the caller's plan does not include: the menu shows it locked.
  featureLocked: { type: 'ACCOUNT', code: 402, http: 403 },
  // Publishing (SPEC §5 Files, §7 Preflight/Upload/Books; BULK codes are per item of a bulk edit).
  fileEmpty: { type: 'PUBLISH', code: 210, http: 400 },
  fileTooLarge: { type: 'PUBLISH', code: 211, http: 413 },
  fileUnsupported: { type: 'PUBLISH', code: 212, http: 415 },
  fileUnsafe: { type: 'PUBLISH', code: 213, http: 400 },
  fileMissing: { type: 'PUBLISH', code: 214, http: 400 },
  uploadIncomplete: { type: 'PUBLISH', code: 215, http: 400 },
  bookNotFound: { type: 'BOOK', code: 404, http: 404 },
  bookBlocked: { type: 'BOOK', code: 423, http: 423 },
  bookConverting: { type: 'BOOK', code: 409, http: 409 },
  // Reading (a scheduled publication answers bookNotFound until its date).
  bookPrivate: { type: 'BOOK', code: 403, http: 403 },
  bookDeactivated: { type: 'BOOK', code: 410, http: 410 },
  // The owner's reader of a book whose conversion failed (status ERROR); visitors still get bookConverting.
  bookConversionFailed: { type: 'BOOK', code: 422, http: 422 },
  // The publisher turned download (or, for an inline copy, print) off; the owner still gets the file.
  downloadRefused: { type: 'BOOK', code: 406, http: 403 },
  // Comments and subscriptions (comment_mode 0 refuses comments; subscribe_mode 0 refuses followers).
  commentsRefused: { type: 'COMMENT', code: 601, http: 403 },
  commentNotFound: { type: 'COMMENT', code: 604, http: 404 },
  subscribeRefused: { type: 'SUBSCRIBE', code: 611, http: 403 },
  // Triggers (SPEC §5: a type once per book; download/print triggers need their mode on).
  triggerNotFound: { type: 'TRIGGER', code: 701, http: 404 },
  triggerTypeTaken: { type: 'TRIGGER', code: 702, http: 409 },
  triggerTypeDisabled: { type: 'TRIGGER', code: 703, http: 409 },
  integrationNotFound: { type: 'TRIGGER', code: 704, http: 404 },
  integrationLimit: { type: 'TRIGGER', code: 705, http: 409 },
  // Folders (SPEC §3 Subscription): names unique per account ignoring case, FOLDERS_MAX per account.
  folderNotFound: { type: 'FOLDER', code: 801, http: 404 },
  folderExists: { type: 'FOLDER', code: 802, http: 409 },
  folderLimit: { type: 'FOLDER', code: 803, http: 409 },
  // The account's branding libraries (issue 16: skins, backgrounds, logos; src/contracts/library.ts).
  libraryNotFound: { type: 'LIBRARY', code: 961, http: 404 },
  libraryLimit: { type: 'LIBRARY', code: 962, http: 409 },
  imageType: { type: 'LIBRARY', code: 963, http: 415 },
  imageTooLarge: { type: 'LIBRARY', code: 964, http: 413 },
  imageTooSmall: { type: 'LIBRARY', code: 965, http: 400 },
  imageTooBig: { type: 'LIBRARY', code: 966, http: 400 },
  imageUnreadable: { type: 'LIBRARY', code: 967, http: 400 },
  // Account security (/account/security, issue 16).
  wrongPassword: { type: 'SECURITY', code: 901, http: 400 },
  passwordNotSet: { type: 'SECURITY', code: 902, http: 409 },
  sameEmail: { type: 'SECURITY', code: 903, http: 400 },
  emailChangeInvalid: { type: 'SECURITY', code: 904, http: 400 },
  emailTaken: { type: 'SECURITY', code: 905, http: 409 },
  currentSession: { type: 'SECURITY', code: 906, http: 409 },
  sessionNotFound: { type: 'SECURITY', code: 907, http: 404 },
  deviceNotFound: { type: 'SECURITY', code: 908, http: 404 },
  socialNotLinked: { type: 'SECURITY', code: 909, http: 404 },
  lastSignInMethod: { type: 'SECURITY', code: 910, http: 409 },
  socialLinkedElsewhere: { type: 'SECURITY', code: 911, http: 409 },
  socialProviderLinked: { type: 'SECURITY', code: 912, http: 409 },
  // Favourites (issue 16): one's own favourite by book id; a private book read by its link is not
  // added; at most FAVORITES_MAX per person (FAVORITE_LIMIT_CODE in contracts/favorite-limits.ts).
  favoriteNotFound: { type: 'FAVORITE', code: 951, http: 404 },
  favoritePrivate: { type: 'FAVORITE', code: 952, http: 403 },
  favoriteLimit: { type: 'FAVORITE', code: 953, http: 409 },
  // Privacy (issue 16, /account/privacy): exports of one's data and the deletion of one's account.
  exportRunning: { type: 'PRIVACY', code: 931, http: 409 },
  exportUnavailable: { type: 'PRIVACY', code: 932, http: 404 },
  deletionWrongPassword: { type: 'PRIVACY', code: 933, http: 400 },
  deletionWrongCode: { type: 'PRIVACY', code: 934, http: 400 },
  deletionCodeExpired: { type: 'PRIVACY', code: 935, http: 400 },
  deletionReauthRequired: { type: 'PRIVACY', code: 936, http: 400 },
  accountDeleting: { type: 'PRIVACY', code: 937, http: 403 },
  deletionRateLimited: { type: 'PRIVACY', code: 938, http: 429 },
  // The public profile's avatar (issue 16): PNG, JPEG or WebP by content, within the size limits.
  avatarType: { type: 'PROFILE', code: 981, http: 415 },
  avatarTooSmall: { type: 'PROFILE', code: 982, http: 400 },
  avatarTooBig: { type: 'PROFILE', code: 983, http: 400 },
  avatarUnreadable: { type: 'PROFILE', code: 984, http: 400 },
  avatarFileTooLarge: { type: 'PROFILE', code: 985, http: 413 },
  // API keys and the public API v1 (issue 18, src/contracts/api-keys.ts, api-v1.ts).
  apiKeyLimit: { type: 'APIKEY', code: 1001, http: 409 },
  apiKeyNotFound: { type: 'APIKEY', code: 1002, http: 404 },
  // Missing or unknown key, revoked or expired key, or a bearer secret over plain HTTP.
  apiKeyInvalid: { type: 'APIKEY', code: 1010, http: 401 },
  apiSignatureInvalid: { type: 'APIKEY', code: 1011, http: 401 },
  // The signed call's expiry has passed, or lies more than API_SIGNATURE_MAX_TTL_S ahead.
  apiRequestExpired: { type: 'APIKEY', code: 1012, http: 401 },
  apiRightMissing: { type: 'APIKEY', code: 1013, http: 403 },
  // API_RATE_REQUESTS per hour or API_RATE_PUBLISH per 15 minutes: 429 with Retry-After.
  apiRateLimited: { type: 'APIKEY', code: 1014, http: 429 },
  // The same Idempotency-Key again with another body, or while the first call still runs.
  apiIdempotencyConflict: { type: 'APIKEY', code: 1015, http: 409 },
  // POST /publications from a URL: the address is not public, the fetch failed, or answered no document.
  apiFetchFailed: { type: 'APIKEY', code: 1016, http: 422 },
  webhookNotFound: { type: 'APIKEY', code: 1020, http: 404 },
  webhookLimit: { type: 'APIKEY', code: 1021, http: 409 },
  // Billing (issue 21, src/contracts/billing.ts): orders, invoices, payment providers' webhooks.
  billingDisabled: { type: 'ORDER', code: 1201, http: 404 },
  planUnavailable: { type: 'ORDER', code: 1202, http: 400 },
  providerUnavailable: { type: 'ORDER', code: 1203, http: 400 },
  orderNotFound: { type: 'ORDER', code: 1204, http: 404 },
  // The order's state does not allow the change (the order machine, src/contracts/order-machine.ts).
  orderStateRefused: { type: 'ORDER', code: 1205, http: 409 },
  checkoutFailed: { type: 'ORDER', code: 1206, http: 502 },
  invoiceNotFound: { type: 'ORDER', code: 1207, http: 404 },
  // A provider webhook: missing or wrong signature, or a timestamp outside the tolerance (a replay).
  webhookSignatureInvalid: { type: 'ORDER', code: 1210, http: 400 },
  tooManyOpenOrders: { type: 'ORDER', code: 1211, http: 409 },
  // Managers and association accounts (issue 20, src/contracts/managers.ts). The account id header from
  // anyone but a manager naming one of its own children (whether the account exists or not).
  managerHeaderRefused: { type: 'MANAGER', code: 1101, http: 403 },
  // A manager page or call from an account that is no manager (platinum with management type manager).
  notAManager: { type: 'MANAGER', code: 1102, http: 403 },
  // Inside an association session: what a manager may not do on a child's behalf (its data export, deletion).
  managerNotOnBehalf: { type: 'MANAGER', code: 1103, http: 403 },
  // A child id that is none of the manager's children (answered like an unknown one).
  childNotFound: { type: 'MANAGER', code: 1104, http: 404 },
  // An invitation link that is unknown, used, expired, or for another address (all alike).
  invitationInvalid: { type: 'MANAGER', code: 1105, http: 404 },
  // Accepting an invitation: the account already has a manager, or is a manager itself.
  alreadyManaged: { type: 'MANAGER', code: 1106, http: 409 },
  managerCannotBeChild: { type: 'MANAGER', code: 1107, http: 409 },
  // MANAGER_CHILDREN_MAX child accounts already.
  childLimit: { type: 'MANAGER', code: 1108, http: 409 },
} as const satisfies Record<string, { type: string; code: number; http: number }>;

export type ErrorName = keyof typeof ERRORS;
export { SESSION_EXPIRED_CODES, serverMessageId, TRANSPORT_MESSAGE_IDS } from './error-ids';

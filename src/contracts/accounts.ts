import * as v from 'valibot';
import { LANGUAGES } from './languages';
import { count, epochMs, unixSeconds } from './limits';

/**
 * Account, profile and session contracts (SPEC §3, §5, §7; DESIGN §8). Shared by the server (input
 * validation, answers) and the client (form validation, response parsing). Messages are message ids
 * (translated by the UI), never English.
 */

// ── Constants (SPEC §3, §4, §6, §9) ───────────────────────────────────────────────────────────────
export const PROFILE_TYPES = { VISITOR: 0, USER: 1, ADMIN: 2, SUPERADMIN: 3 } as const;
export const ACCOUNT_TYPES = ['FREE', 'PREMIUM', 'PREMIUM_DEMO', 'PLATINUM', 'PLATINUM_DEMO'] as const;
export const ACCOUNT_MODES = ['FREE', 'PREMIUM', 'PLATINUM'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export type AccountMode = (typeof ACCOUNT_MODES)[number];
/** Mode checks are "at least", ascending free < premium < platinum. */
export const atLeastMode = (mode: AccountMode, wanted: AccountMode) => ACCOUNT_MODES.indexOf(mode) >= ACCOUNT_MODES.indexOf(wanted);
/** Max files per upload: 10 from premium up, otherwise 1 (SPEC §6, §9). */
export const MAX_FILES_PREMIUM = 10;
export const MAX_FILES_BASIC = 1;
export const maxFilesFor = (mode: AccountMode): number => (mode === 'FREE' ? MAX_FILES_BASIC : MAX_FILES_PREMIUM);
export const USAGE_CONTEXTS = ['ind', 'edu', 'pro'] as const;
export type UsageContext = (typeof USAGE_CONTEXTS)[number];
export const MFA_CODE_LENGTH = 6;
/** SPEC §4: terms renewal is required when subscriptions.modification is below this (unix seconds). */
export const TERMS_RENEWAL_BEFORE = 1527631200;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 256;
/** The current terms version; a profile that accepted an older one must accept again (SPEC §4 Terms). */
export const TERMS_VERSION = 1;
/** The day the current terms version took effect (ISO date; shown with the version on /terms). */
export const TERMS_DATE = '2026-11-25';
/** Consents are outdated (renewal modal, SPEC §2) when subscriptions.modification is below this (unix seconds, 2026-01-01). */
export const CONSENTS_VERSION_DATE = 1767225600;
/** Notification preferences a profile can switch (SPEC §3 notification subscription model). */
export const NOTIFICATION_NAMES = [
  'newsletter',
  'product_updates',
  'comments',
  'subscribers',
  'statistics_digest',
  'support_chat',
  'page_testing',
] as const;
export type NotificationName = (typeof NOTIFICATION_NAMES)[number];
/**
 * The consents that let the browser load a third-party script for a signed-in user with an e-mail
 * (SPEC §7): the support chat and the page-testing tool, each only when its URL is configured.
 */
export const SCRIPT_CONSENTS = ['support_chat', 'page_testing'] as const;
export type ScriptConsent = (typeof SCRIPT_CONSENTS)[number];
/**
 * Marketing mail, third-party scripts and the weekly statistics digest (issue 17) are opt-in; activity
 * notifications are on until switched off.
 */
export const NOTIFICATION_DEFAULTS: Readonly<Record<NotificationName, boolean>> = Object.freeze({
  newsletter: false,
  product_updates: false,
  comments: true,
  subscribers: true,
  statistics_digest: false,
  support_chat: false,
  page_testing: false,
});
/** The guided tours (SPEC §2: each shown once per tour name): the dashboard's and the book list's. */
export const TOUR_NAMES = ['dashboard', 'books'] as const;
export type TourName = (typeof TOUR_NAMES)[number];
/** tos.required: an older (or no) accepted terms version, or a modification before the renewal date. */
export const termsRequired = (acceptedVersion: number | null, modification: number) =>
  acceptedVersion === null || acceptedVersion < TERMS_VERSION || modification < TERMS_RENEWAL_BEFORE;
export const consentsOutdated = (modification: number) => modification < CONSENTS_VERSION_DATE;

/** Server error codes of the accounts area (SPEC §8), added to the catalogue in src/contracts/errors.ts. */
export const AUTH_CODES = {
  notActivated: 112,
  invalidReset: 110,
  invalidActivation: 120,
  invalidCredentials: 100,
  loginRateLimited: 101,
  captchaFailed: 130,
  mfaRequired: 155,
  mfaWrongCode: 1551,
  mfaExpiredCode: 1552,
} as const;

/** A language the app speaks (the profile's, a request's). */
export const LanguageSchema = v.picklist(LANGUAGES);

// ── Answers ───────────────────────────────────────────────────────────────────────────────────────
export const ProfileSchema = v.object({
  id: v.string(),
  type: v.picklist([0, 1, 2, 3]),
  has_subscriptions: v.boolean(),
  job_title: v.nullable(v.string()),
  last_login: v.nullable(epochMs()),
  isActive: v.boolean(),
  email: v.string(),
  firstname: v.nullable(v.string()),
  lastname: v.nullable(v.string()),
  language: LanguageSchema,
});
export type Profile = v.InferOutput<typeof ProfileSchema>;

export const AccountSchema = v.object({
  id: v.string(),
  name: v.string(),
  type: v.picklist(ACCOUNT_TYPES),
  mode: v.picklist(ACCOUNT_MODES),
  context: v.nullable(v.picklist(USAGE_CONTEXTS)),
  company_activity_sector: v.nullable(v.string()),
  company_size: v.nullable(v.string()),
  attributes: v.record(v.string(), v.unknown()),
  /** `small`: the avatar (header, lists; SPEC §3); `large`: its publisher-page size (public profile). */
  image: v.object({ small: v.nullable(v.string()), large: v.optional(v.nullable(v.string())) }),
  expiration: v.nullable(epochMs()),
  limits: v.object({ filesize: count() }),
  management: v.object({ type: v.nullable(v.string()) }),
  city: v.nullable(v.string()),
  country: v.nullable(v.string()),
  /** `overview`: the publisher page; `website`: the account's own site (account details), when set. */
  url: v.object({ overview: v.string(), website: v.optional(v.nullable(v.string())) }),
});
export type Account = v.InferOutput<typeof AccountSchema>;

export const SessionSchema = v.object({
  id: v.string(),
  access_token: v.string(),
  /** Seconds until the access token expires (the client refreshes at half of it). */
  expires_in: count(),
});
export type Session = v.InferOutput<typeof SessionSchema>;

/** Tour name → true once seen or skipped (SPEC §3 current user `tour`; names the server does not know are dropped). */
export const TourFlagsSchema = v.record(v.string(), v.boolean());
export type TourFlags = v.InferOutput<typeof TourFlagsSchema>;

/** Confirm login and session check answer this (SPEC §7). */
export const LoginContentSchema = v.object({
  session: SessionSchema,
  profile: ProfileSchema,
  account: AccountSchema,
  tos: v.object({ required: v.boolean(), accepted: v.boolean() }),
  subscriptions: v.object({ modification: unixSeconds() }),
  /** The user record's tour flags (SPEC §3, §7): the server's, so a tour seen elsewhere is not shown again. */
  tour: v.optional(TourFlagsSchema),
  /** Whether each third-party script may load (SCRIPT_CONSENTS, SPEC §7). */
  consents: v.optional(v.record(v.string(), v.boolean())),
  /** This sign-in cancelled the pending deletion of the account (issue 16): the app tells the user. */
  deletion_cancelled: v.optional(v.boolean()),
});
export type LoginContent = v.InferOutput<typeof LoginContentSchema>;

/** Step one of login: a hash to confirm (or error 155 carrying the hash: second factor). */
export const LoginHashSchema = v.object({ hash: v.string() });

/**
 * Register answers the address the activation mail went to (register-success tab); forgot and resend
 * answer the same shape whether or not the address is known.
 */
export const EmailContentSchema = v.object({ email: v.string() });
export const RegisterContentSchema = EmailContentSchema;
/** Notification preferences answer: `values` is a JSON string of name → boolean. */
export const SubscriptionValuesSchema = v.object({ values: v.string() });
/** TOTP set-up: the base32 secret and the otpauth:// URI (for a QR code). */
export const TotpSetupSchema = v.object({ secret: v.string(), uri: v.string() });
/** ALTCHA proof-of-work challenge (`GET {api}/public/captcha`). */
export const CaptchaChallengeSchema = v.object({
  algorithm: v.string(),
  challenge: v.string(),
  salt: v.string(),
  signature: v.string(),
  maxnumber: count(),
});

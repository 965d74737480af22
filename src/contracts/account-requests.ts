import * as v from 'valibot';
import { LanguageSchema, NOTIFICATION_NAMES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TOUR_NAMES } from './accounts';
import { finiteNumber } from './limits';
import { CitySchema, CountrySchema, WebsiteSchema } from './profile';

/**
 * The accounts area's requests (SPEC §5, §7) and their field rules, with message ids: the server
 * validates its input with them and the sign-up forms and account pages theirs. Apart from
 * ./accounts.ts (constants and answers) because the app's first load parses answers only (esbuild
 * places a file's code in one chunk, so these would come along).
 */

// ── Field rules (SPEC §5) with message ids ────────────────────────────────────────────────────────
const trimmed = v.pipe(v.string(), v.trim());
export const EmailSchema = v.pipe(
  trimmed,
  v.nonEmpty('validation.required'),
  v.maxLength(254, 'validation.max'),
  v.email('validation.email'),
  v.toLowerCase(),
);
export const PasswordSchema = v.pipe(v.string(), v.nonEmpty('validation.required'), v.maxLength(PASSWORD_MAX_LENGTH, 'validation.max'));
/** New passwords: at least 10 characters, not only digits, not the e-mail address. */
export const NewPasswordSchema = v.pipe(
  v.string(),
  v.nonEmpty('validation.required'),
  v.minLength(PASSWORD_MIN_LENGTH, 'account.password.tooShort'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'validation.max'),
  v.check((s) => !/^\d+$/.test(s), 'account.password.onlyDigits'),
);
export const NameSchema = v.pipe(trimmed, v.nonEmpty('validation.required'), v.maxLength(120, 'validation.max'));
export const MfaCodeSchema = v.pipe(trimmed, v.nonEmpty('validation.required'), v.regex(/^\d{6}$/, 'validation.digits'));
/** A recovery code as shown: two groups of five lower-case letters and digits (`k7m2q-x9d4t`). */
export const RECOVERY_CODE_PATTERN = /^[a-z0-9]{5}-?[a-z0-9]{5}$/;
/** Recovery codes as typed: case, spaces and the dash do not matter. */
export const RecoveryCodeSchema = v.pipe(
  v.string(),
  v.transform((s) => s.replace(/\s+/g, '').toLowerCase()),
  v.nonEmpty('validation.required'),
  v.maxLength(32, 'validation.max'),
  v.regex(RECOVERY_CODE_PATTERN, 'security.recovery.invalid'),
);
export const HashSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'validation.invalid'));
export const CaptchaSchema = v.optional(v.pipe(v.string(), v.maxLength(20_000, 'validation.max')));
const OriginField = v.optional(v.pipe(v.string(), v.maxLength(200)));
/** tos arrives as 0/1, "0"/"1" or a boolean (JSON and form bodies). */
const Flag = v.pipe(
  v.union([v.literal(0), v.literal(1), v.literal('0'), v.literal('1'), v.boolean()]),
  v.transform((x) => x === 1 || x === '1' || x === true),
);

// ── Requests ──────────────────────────────────────────────────────────────────────────────────────
export const LoginRequestSchema = v.object({ login: EmailSchema, password: PasswordSchema });
export const ConfirmLoginRequestSchema = v.object({
  hash: HashSchema,
  code: v.optional(MfaCodeSchema),
  /** Instead of the authenticator app's code: one of its single-use recovery codes. */
  recovery_code: v.optional(RecoveryCodeSchema),
  trust_device: v.optional(v.picklist(['yes', 'no'])),
});
/** A new password must not be the e-mail address (checked on the password field). */
export const passwordIsEmail = (password: string, email: string) => password.trim().toLowerCase() === email.trim().toLowerCase();
export const RegisterRequestSchema = v.pipe(
  v.object({
    name: NameSchema,
    email: EmailSchema,
    password: NewPasswordSchema,
    'g-recaptcha-response': CaptchaSchema,
    tos: v.pipe(
      Flag,
      v.check((x) => x, 'validation.accepted'),
    ),
    language: v.optional(LanguageSchema, 'en'),
    origin_source: OriginField,
    origin_campaign: OriginField,
    fingerprint: OriginField,
  }),
  v.forward(
    v.partialCheck([['email'], ['password']], (i) => !passwordIsEmail(i.password, i.email), 'account.password.sameAsEmail'),
    ['password'],
  ),
);
export const EmailCaptchaRequestSchema = v.object({ email: EmailSchema, 'g-recaptcha-response': CaptchaSchema });
export const ResetRequestSchema = v.object({ password: NewPasswordSchema, hash: HashSchema });

/** Usage-context fields (SPEC §2 full-screen modal): pro needs the three selects. */
export const ContextFieldsSchema = v.variant('context', [
  v.object({ context: v.literal('ind') }),
  v.object({ context: v.literal('edu') }),
  v.object({
    context: v.literal('pro'),
    company_activity_sector: v.pipe(trimmed, v.nonEmpty('account.info.context.activate.error'), v.maxLength(80)),
    job_title: v.pipe(trimmed, v.nonEmpty('account.info.context.activate.error'), v.maxLength(80)),
    company_size: v.pipe(trimmed, v.nonEmpty('account.info.context.activate.error'), v.maxLength(40)),
  }),
]);
export type ContextFields = v.InferOutput<typeof ContextFieldsSchema>;
export const ActivateRequestSchema = v.intersect([v.object({ hash: HashSchema }), ContextFieldsSchema]);

/** Notification preferences: name → boolean, known names only (SPEC §7 sends them as a JSON string). */
export const SubscriptionPrefsSchema = v.pipe(
  v.unknown(),
  v.check((x) => !Array.isArray(x), 'validation.invalid'),
  v.record(v.picklist(NOTIFICATION_NAMES), v.boolean()),
);
export type SubscriptionPrefs = v.InferOutput<typeof SubscriptionPrefsSchema>;
/** `values` is a JSON string (SPEC §7); a JSON body may also send the object itself. */
export const SubscriptionUpdateRequestSchema = v.object({
  values: v.union([v.pipe(v.string(), v.maxLength(4000), v.parseJson(), SubscriptionPrefsSchema), SubscriptionPrefsSchema]),
});

/** `POST {api}/profile/tour`: a guided tour was finished or skipped; the user record keeps it (SPEC §2, §7). */
export const TourSeenRequestSchema = v.object({ name: v.picklist(TOUR_NAMES, 'validation.invalid') });
/** Its answer: every tour flag of the user record. */
export const TourSeenContentSchema = v.object({ tour: v.record(v.string(), v.boolean()) });

/** Account attributes a client may set (flat, small); `usage_context` always follows `context`. */
const AttributeValue = v.union([v.pipe(v.string(), v.maxLength(500)), finiteNumber(), v.boolean(), v.null()]);
const AttributesObject = v.pipe(
  v.record(v.pipe(v.string(), v.regex(/^[a-z][a-z0-9_]{0,39}$/)), AttributeValue),
  v.check((o) => Object.keys(o).length <= 20, 'validation.max'),
);
export const AttributesSchema = v.union([AttributesObject, v.pipe(v.string(), v.maxLength(20_000), v.parseJson(), AttributesObject)]);
/**
 * The account details of /account/info_account (SPEC §3 Account: name, city, country, url): each
 * optional; an empty city, country or website clears it.
 */
export const AccountDetailsSchema = v.object({
  name: v.optional(NameSchema),
  city: CitySchema,
  country: CountrySchema,
  url: WebsiteSchema,
});
export type AccountDetails = v.InferOutput<typeof AccountDetailsSchema>;
/** The account details fields a patch may carry (the server gates them: `info_account`). */
export const ACCOUNT_DETAIL_FIELDS = ['name', 'city', 'country', 'url'] as const;
/** A patch with the usage context (the modal, the info_account page): the context fields, attributes, details. */
export const AccountContextUpdateSchema = v.intersect([
  ContextFieldsSchema,
  v.object({ attributes: v.optional(AttributesSchema) }),
  AccountDetailsSchema,
]);
/** A patch of the account details alone (no `context`): at least one of them. */
export const AccountDetailsUpdateSchema = v.pipe(
  AccountDetailsSchema,
  v.check((details) => Object.values(details).some((value) => value !== undefined), 'validation.required'),
);
/**
 * Patch account (`{api}/account/update`, SPEC §7 "context, attributes"; the account details too). A body
 * with `context` is read by AccountContextUpdateSchema, any other by AccountDetailsUpdateSchema
 * (`accountUpdateSchemaOf`), so each refusal names the fields of the one it meant.
 */
export const AccountUpdateRequestSchema = v.union([AccountContextUpdateSchema, AccountDetailsUpdateSchema]);
export const accountUpdateSchemaOf = (body: unknown) =>
  body && typeof body === 'object' && 'context' in body ? AccountContextUpdateSchema : AccountDetailsUpdateSchema;

/** An optional short text; an empty string clears it (null). */
const OptionalText = (max: number) =>
  v.optional(
    v.pipe(
      v.nullable(v.pipe(trimmed, v.maxLength(max, 'validation.max'))),
      v.transform((s) => (s ? s : null)),
    ),
  );
/** Patch profile: any of these fields. */
export const ProfileUpdateRequestSchema = v.object({
  job_title: OptionalText(80),
  language: v.optional(LanguageSchema),
  firstname: OptionalText(80),
  lastname: OptionalText(80),
});

/** Authenticator app (TOTP): confirm or remove with a current code. */
export const TotpCodeRequestSchema = v.object({ code: MfaCodeSchema });

import * as v from 'valibot';
import { EmailSchema, HashSchema, MfaCodeSchema, NewPasswordSchema, PasswordSchema, RecoveryCodeSchema } from './account-requests';

export { RECOVERY_CODE_PATTERN, RecoveryCodeSchema } from './account-requests';

import { SOCIAL_PROVIDERS } from './social';

/**
 * `/account/security` (issue 16): password, e-mail address, the e-mailed second factor, the
 * authenticator app with its recovery codes, trusted devices, active sessions and linked social
 * sign-ins. Requests and answers of `{api}/profile/security` and the calls beside it.
 */

/** How many single-use recovery codes an enrolment (or a regeneration) gives. */
export const RECOVERY_CODE_COUNT = 10;
/** A code of the authenticator app, or one of the recovery codes (removal of the app). */
export const SecondFactorSchema = v.pipe(
  v.object({ code: v.optional(MfaCodeSchema), recovery_code: v.optional(RecoveryCodeSchema) }),
  v.check((x) => (x.code === undefined) !== (x.recovery_code === undefined), 'validation.required'),
);

// ── Requests ──────────────────────────────────────────────────────────────────────────────────────
/** `POST {api}/profile/password/change`: the current password and the new one (other sessions end). */
export const PasswordChangeRequestSchema = v.object({ password: PasswordSchema, new_password: NewPasswordSchema });
/** `POST {api}/profile/email/change`: the new address and the current password (a link goes to the new address). */
export const EmailChangeRequestSchema = v.object({ email: EmailSchema, password: PasswordSchema });
/** `POST {api}/profile/email/confirm`: the token of the link mailed to the new address. */
export const EmailConfirmRequestSchema = v.object({ hash: HashSchema });
/** `POST {api}/profile/mfa/email`: the e-mailed second factor on or off (the current password required). */
export const MfaEmailRequestSchema = v.object({ enabled: v.boolean(), password: PasswordSchema });
/** `POST {api}/profile/sessions/revoke` and `{api}/profile/devices/revoke`. */
export const SecurityIdSchema = v.object({ id: v.pipe(v.string(), v.regex(/^[a-f0-9]{20}$/, 'validation.invalid')) });
/** `POST {api}/profile/social/link` · `…/unlink`. */
export const SocialLinkRequestSchema = v.object({ provider: v.picklist(SOCIAL_PROVIDERS, 'validation.invalid') });

// ── Answers ───────────────────────────────────────────────────────────────────────────────────────
/** Device class of a session or trusted device, from its browser's user agent. */
export const DEVICE_CLASSES = ['desktop', 'tablet', 'phone', 'tv', 'other'] as const;
export type DeviceClass = (typeof DEVICE_CLASSES)[number];

const Text = v.nullable(v.pipe(v.string(), v.maxLength(80)));
/** Where and what a session or trusted device is: no address is kept, only its country. */
export const ClientSchema = v.object({
  device: v.picklist(DEVICE_CLASSES),
  browser: Text,
  os: Text,
  /** ISO 3166-1 alpha-2 country of the address it signed in (or was last seen) from; null when unknown. */
  country: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
});
export type ClientInfo = v.InferOutput<typeof ClientSchema>;

export const SessionItemSchema = v.object({
  id: v.string(),
  ...ClientSchema.entries,
  created_at: v.number(),
  last_seen_at: v.number(),
  /** The session of this request: not revocable from the list (sign out instead). */
  current: v.boolean(),
});
export type SessionItem = v.InferOutput<typeof SessionItemSchema>;

export const DeviceItemSchema = v.object({
  id: v.string(),
  ...ClientSchema.entries,
  created_at: v.number(),
  expires_at: v.number(),
  last_used_at: v.nullable(v.number()),
  /** This browser is the trusted device. */
  current: v.boolean(),
});
export type DeviceItem = v.InferOutput<typeof DeviceItemSchema>;

export const SocialItemSchema = v.object({
  provider: v.picklist(SOCIAL_PROVIDERS),
  /** Offered here (its client id and secret are configured). */
  enabled: v.boolean(),
  linked: v.boolean(),
  /** The address the provider reported when linked. */
  email: v.nullable(v.string()),
  linked_at: v.nullable(v.number()),
});
export type SocialItem = v.InferOutput<typeof SocialItemSchema>;

/** `GET {api}/profile/security`: everything the page shows. */
export const SecurityOverviewSchema = v.object({
  email: v.string(),
  /** A pending change of address (link mailed, not yet confirmed). */
  pending_email: v.nullable(v.object({ email: v.string(), expires_at: v.number() })),
  has_password: v.boolean(),
  /** The e-mailed code at sign-in (when no authenticator app is set up). */
  mfa_email: v.boolean(),
  totp: v.object({ enabled: v.boolean(), recovery_codes_left: v.number() }),
  sessions: v.array(SessionItemSchema),
  devices: v.array(DeviceItemSchema),
  social: v.array(SocialItemSchema),
});
export type SecurityOverview = v.InferOutput<typeof SecurityOverviewSchema>;

/** `POST {api}/profile/totp/create`: the new secret and its otpauth:// URI (the QR code's text). */
export const TotpSetupSchema = v.object({ secret: v.string(), uri: v.string() });
export type TotpSetup = v.InferOutput<typeof TotpSetupSchema>;
/** `…/totp/confirm` and `…/totp/recovery`: the recovery codes, shown once. */
export const RecoveryCodesSchema = v.object({ recovery_codes: v.array(v.string()) });
export type RecoveryCodes = v.InferOutput<typeof RecoveryCodesSchema>;

/** Fragment keys of `/account/security`: the confirmation link, and the outcome of linking a social sign-in. */
export const SECURITY_FRAGMENT = { confirmEmail: 'confirm_email', linked: 'linked', linkError: 'link_error' } as const;
export const SECURITY_PATH = '/account/security';

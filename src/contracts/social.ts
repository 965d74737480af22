import * as v from 'valibot';
import { LanguageSchema } from './accounts';
import { OAUTH_LANDING_PATH } from './pages';

/**
 * Social sign-in contracts (SPEC §4, §7; DESIGN §8 `{api}/oauth2/{facebook|google|linkedin}`).
 * The redirect flow (`…/start` → provider → `…/callback`) lands on the app at `{redirect}#<outcome>`;
 * the token call (a provider SDK's access token) answers the same outcomes as an envelope.
 */
export const SOCIAL_PROVIDERS = ['facebook', 'google', 'linkedin'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** Where the app lands after the redirect flow: a path of this origin (never `//host`), no fragment. */
export const SocialRedirectSchema = v.pipe(v.string(), v.maxLength(200), v.regex(/^\/(?!\/)[^\s#\\]*$/, 'validation.invalid'));
export const DEFAULT_SOCIAL_REDIRECT = OAUTH_LANDING_PATH;

const OriginField = v.optional(v.pipe(v.string(), v.maxLength(200)));

/** `GET {api}/oauth2/{provider}/start?v=2&redirect=/oauth` (also language and origin for a new profile). */
export const SocialStartQuerySchema = v.object({
  redirect: v.optional(SocialRedirectSchema, DEFAULT_SOCIAL_REDIRECT),
  language: v.optional(v.fallback(v.optional(LanguageSchema), undefined)),
  origin_source: OriginField,
  origin_campaign: OriginField,
});

/** `POST {api}/oauth2/{provider}` (SPEC §7): an access token a provider SDK obtained. */
export const SocialTokenRequestSchema = v.object({
  oauth_token: v.pipe(v.string(), v.nonEmpty('validation.required'), v.maxLength(4096, 'validation.max')),
  /** The provider again (the original client sends it); must name the path's provider when given. */
  service: v.optional(v.picklist(SOCIAL_PROVIDERS)),
  language: v.optional(LanguageSchema),
  origin_source: OriginField,
  origin_campaign: OriginField,
  fingerprint: OriginField,
  /** LinkedIn's original flow sends where the app was; accepted and checked, not needed by this server. */
  redirect: v.optional(v.pipe(v.string(), v.maxLength(2000))),
});

/** SPEC §4 outcomes: a new inactive profile (activation mailed), an activation code (activate tab), a login hash. */
export const SocialOutcomeSchema = v.variant('kind', [
  v.object({ kind: v.literal('inactive'), email: v.string() }),
  v.object({ kind: v.literal('activation'), hash: v.string() }),
  v.object({ kind: v.literal('hash'), hash: v.string() }),
]);
export type SocialOutcome = v.InferOutput<typeof SocialOutcomeSchema>;

/** The fragment keys of the redirect flow's landing (`#inactive-<email>`, `#activation-<hash>`, `#hash-<hash>`, `#error-<code>`). */
export const SOCIAL_FRAGMENT_KEYS = { inactive: 'inactive', activation: 'activation', hash: 'hash', error: 'error' } as const;
/** `#error-abort`: the user declined at the provider (silent, like a closed pop-up). */
export const SOCIAL_ABORT = 'abort';

/** The fragment (with `#`) for an outcome: values URI-encoded. */
export function socialFragment(outcome: SocialOutcome | { kind: 'error'; code: number | typeof SOCIAL_ABORT }): string {
  switch (outcome.kind) {
    case 'inactive':
      return `#inactive-${encodeURIComponent(outcome.email)}`;
    case 'activation':
      return `#activation-${encodeURIComponent(outcome.hash)}`;
    case 'hash':
      return `#hash-${encodeURIComponent(outcome.hash)}`;
    case 'error':
      return `#error-${outcome.code}`;
  }
}

import * as v from 'valibot';
import type { SocialProvider } from '../../contracts/social';
import type { SocialProviderConfig } from '../config';

/** What Quire keeps of a provider's user (userinfo, normalised over the three shapes). */
export interface SocialUser {
  /** The provider's stable user id (`sub`; Facebook's `id`). */
  subject: string;
  /** Lower-cased; null when the provider did not share it. */
  email: string | null;
  /** The provider vouches that the address belongs to this user (only then is a known address linked). */
  emailVerified: boolean;
  name: string | null;
  firstname: string | null;
  lastname: string | null;
  /** Two-letter language the provider reported, if any. */
  locale: string | null;
  city: string | null;
  country: string | null;
}

/**
 * How each provider is spoken to. Scopes: OpenID Connect for the search-engine identity service and
 * the professional network; for the social network SPEC §9's scope "email, birthday, location"
 * (Facebook permissions `email`, `user_birthday`, `user_location`). Client authentication at the
 * token endpoint: HTTP Basic for Google (RFC 6749 §2.3.1, what arctic's Google class does); the
 * secret in the form body for Facebook and LinkedIn (what arctic's Facebook and LinkedIn classes do).
 */
export interface ProviderSpec {
  scopes: string[];
  clientAuth: 'basic' | 'post';
  /** userinfo JSON → SocialUser; throws on an unusable answer. */
  user(data: unknown): SocialUser;
  /** Checks that an SDK's access token was issued to this client (token substitution), via tokeninfoUrl. */
  issuedToUs(cfg: SocialProviderConfig, token: string, user: SocialUser, fetchJson: FetchJson): Promise<boolean>;
}

export type FetchJson = (url: string, init?: RequestInit) => Promise<{ status: number; body: unknown }>;

const text = v.optional(
  v.nullable(
    v.pipe(
      v.unknown(),
      v.transform((x) => (typeof x === 'string' && x.trim() ? x.trim() : null)),
    ),
  ),
);
const id = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.check((s) => /^[\x21-\x7e]{1,255}$/.test(s), 'bad subject'),
);
/** Some providers send booleans as strings. */
const truthy = v.optional(
  v.pipe(
    v.unknown(),
    v.transform((x) => x === true || x === 'true'),
  ),
);
const email = (x: string | null | undefined) => (x && /^[^\s@]+@[^\s@]+$/.test(x) && x.length <= 254 ? x.toLowerCase() : null);
const localeOf = (x: unknown): string | null => {
  const raw = typeof x === 'string' ? x : typeof x === 'object' && x !== null ? (x as { language?: unknown }).language : undefined;
  return typeof raw === 'string' && /^[a-z]{2}/i.test(raw) ? raw.slice(0, 2).toLowerCase() : null;
};

/** OpenID Connect userinfo (Google, LinkedIn): sub, email, email_verified, name, given_name, family_name, locale. */
const OidcUser = v.object({
  sub: id,
  email: text,
  email_verified: truthy,
  name: text,
  given_name: text,
  family_name: text,
  locale: v.optional(v.unknown()),
});
const oidcUser = (data: unknown): SocialUser => {
  const u = v.parse(OidcUser, data);
  return {
    subject: u.sub,
    email: email(u.email),
    emailVerified: u.email_verified === true && email(u.email) !== null,
    name: u.name ?? null,
    firstname: u.given_name ?? null,
    lastname: u.family_name ?? null,
    locale: localeOf(u.locale),
    city: null,
    country: null,
  };
};

/** Graph API `/me?fields=id,name,email,first_name,last_name,birthday,location`. */
const FacebookUser = v.object({
  id,
  email: text,
  name: text,
  first_name: text,
  last_name: text,
  location: v.optional(v.nullable(v.object({ name: text }))),
});

export const PROVIDERS: Record<SocialProvider, ProviderSpec> = {
  facebook: {
    scopes: ['email', 'user_birthday', 'user_location'],
    clientAuth: 'post',
    user(data) {
      const u = v.parse(FacebookUser, data);
      // "Paris, France" → city Paris, country France.
      const place = (u.location?.name ?? '').split(',').map((s) => s.trim());
      return {
        subject: u.id,
        email: email(u.email),
        // The Graph API has no verification flag for the address: never enough to link a known profile.
        emailVerified: false,
        name: u.name ?? null,
        firstname: u.first_name ?? null,
        lastname: u.last_name ?? null,
        locale: null,
        city: place.length >= 2 ? (place[0] ?? null) : null,
        country: place.length >= 2 ? (place.at(-1) ?? null) : null,
      };
    },
    async issuedToUs(cfg, token, user, fetchJson) {
      const url = new URL(cfg.tokeninfoUrl);
      url.searchParams.set('input_token', token);
      url.searchParams.set('access_token', `${cfg.clientId}|${cfg.clientSecret}`);
      const { status, body } = await fetchJson(url.href);
      const data = (body as { data?: { app_id?: unknown; is_valid?: unknown; user_id?: unknown } } | null)?.data;
      return (
        status === 200 &&
        data?.is_valid === true &&
        String(data.app_id) === cfg.clientId &&
        (data.user_id === undefined || String(data.user_id) === user.subject)
      );
    },
  },
  google: {
    scopes: ['openid', 'email', 'profile'],
    clientAuth: 'basic',
    user: oidcUser,
    async issuedToUs(cfg, token, user, fetchJson) {
      const url = new URL(cfg.tokeninfoUrl);
      url.searchParams.set('access_token', token);
      const { status, body } = await fetchJson(url.href);
      const info = (body ?? {}) as { aud?: unknown; azp?: unknown; sub?: unknown };
      return (
        status === 200 &&
        (info.aud === cfg.clientId || info.azp === cfg.clientId) &&
        (info.sub === undefined || String(info.sub) === user.subject)
      );
    },
  },
  linkedin: {
    scopes: ['openid', 'profile', 'email'],
    clientAuth: 'post',
    user: oidcUser,
    async issuedToUs(cfg, token, _user, fetchJson) {
      const form = new URLSearchParams({ token, client_id: cfg.clientId, client_secret: cfg.clientSecret });
      const { status, body } = await fetchJson(cfg.tokeninfoUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      const info = (body ?? {}) as { active?: unknown; client_id?: unknown };
      return status === 200 && info.active === true && info.client_id === cfg.clientId;
    },
  },
};

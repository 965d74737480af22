import * as v from 'valibot';
import { AccountSchema } from './accounts';
import { isCountryCode } from './countries';

/**
 * The account's own pages (issue 16): account details (`/account/info_account`: name, city, country,
 * website; SPEC §3 Account) and the public profile (`/account/profile`: avatar, description, website
 * and social links, shown on the publisher page). Field rules with message ids, shared by the server
 * (input validation) and the forms' machines (the same rules before anything is sent).
 */

// ── Limits ──────────────────────────────────────────────────────────────────────────────────────
export const CITY_MAX = 100;
export const WEBSITE_MAX = 500;
export const DESCRIPTION_MAX = 1000;
/** Line breaks a description keeps at most (a wall of empty lines is no description). */
export const DESCRIPTION_LINES_MAX = 30;
export const SOCIAL_URL_MAX = 300;

// ── Web addresses ───────────────────────────────────────────────────────────────────────────────
/**
 * A link a person may put on their public page: http or https, a host name (letters, digits, dots and
 * hyphens with at least one dot, or an IP address is refused: a profile links to sites, not machines),
 * no user name or password in it, no spaces. Answers the parsed URL or null.
 */
export function parseWebUrl(text: string, protocols: readonly string[] = ['http:', 'https:']): URL | null {
  if (text.length === 0 || /\s/.test(text) || !/^https?:\/\//i.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (!protocols.includes(url.protocol) || url.username !== '' || url.password !== '') return null;
  const host = url.hostname.toLowerCase();
  if (!/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/.test(host)) return null;
  return url;
}

const trimmed = v.pipe(v.string(), v.trim());
/** An optional text: absent leaves it, an empty string clears it (null). */
const cleared = <T extends v.GenericSchema<string, string>>(schema: T) =>
  v.optional(
    v.pipe(
      v.nullable(trimmed),
      v.transform((s) => (s ? s : null)),
      v.nullable(schema),
    ),
  );

/** Website (account details and public profile): http or https only. */
export const WebsiteSchema = cleared(
  v.pipe(
    v.string(),
    v.maxLength(WEBSITE_MAX, 'validation.max'),
    v.check((s) => parseWebUrl(s) !== null, 'validation.url'),
  ),
);
export const CitySchema = cleared(v.pipe(v.string(), v.maxLength(CITY_MAX, 'validation.max')));
/** A country as its ISO 3166-1 alpha-2 code (the select's values); lower case is read as upper. */
export const CountrySchema = cleared(
  v.pipe(
    v.string(),
    v.toUpperCase(),
    v.check((s) => isCountryCode(s), 'validation.invalid'),
  ),
);

// ── Social links ────────────────────────────────────────────────────────────────────────────────
/** The services a public profile links to, in the order the form and the publisher page show them. */
export const SOCIAL_SERVICES = [
  'facebook',
  'instagram',
  'x',
  'linkedin',
  'youtube',
  'tiktok',
  'pinterest',
  'bluesky',
  'mastodon',
  'github',
] as const;
export type SocialService = (typeof SOCIAL_SERVICES)[number];

interface SocialRule {
  /** The host (lower case, without a leading `www.`, `m.` …) the profile must be on; null: any (Mastodon). */
  host: RegExp | null;
  /** What the path of a profile looks like there. */
  path: RegExp;
  /** An example shown as the field's placeholder. */
  example: string;
}
const ANY_NAME = /^\/[^/?#]+\/?$/;
/**
 * How each service's profile addresses look (https only): the host and the path of a person's or an
 * organisation's page, so a link to a post, a search or another site is refused.
 */
export const SOCIAL_RULES: Readonly<Record<SocialService, SocialRule>> = {
  facebook: {
    host: /^(?:facebook\.com|fb\.com)$/,
    path: /^\/(?:profile\.php|people\/[^/?#]+\/\d+|[A-Za-z0-9.-]+)\/?$/,
    example: 'https://www.facebook.com/yourpage',
  },
  instagram: { host: /^instagram\.com$/, path: /^\/[A-Za-z0-9._]{1,30}\/?$/, example: 'https://www.instagram.com/yourname' },
  x: { host: /^(?:x\.com|twitter\.com)$/, path: /^\/[A-Za-z0-9_]{1,15}\/?$/, example: 'https://x.com/yourname' },
  linkedin: {
    host: /^linkedin\.com$/,
    path: /^\/(?:in|company|school|showcase)\/[^/?#]+\/?$/,
    example: 'https://www.linkedin.com/in/yourname',
  },
  youtube: {
    host: /^youtube\.com$/,
    path: /^\/(?:@[^/?#]+|channel\/[A-Za-z0-9_-]+|c\/[^/?#]+|user\/[^/?#]+)\/?$/,
    example: 'https://www.youtube.com/@yourchannel',
  },
  tiktok: { host: /^tiktok\.com$/, path: /^\/@[A-Za-z0-9._]{1,24}\/?$/, example: 'https://www.tiktok.com/@yourname' },
  pinterest: {
    host: /^pinterest\.(?:com|[a-z]{2}|co\.[a-z]{2}|com\.[a-z]{2})$/,
    path: ANY_NAME,
    example: 'https://www.pinterest.com/yourname',
  },
  bluesky: { host: /^bsky\.app$/, path: /^\/profile\/[^/?#]+\/?$/, example: 'https://bsky.app/profile/yourname.bsky.social' },
  mastodon: { host: null, path: /^\/@[A-Za-z0-9_]{1,30}\/?$/, example: 'https://mastodon.social/@yourname' },
  github: { host: /^github\.com$/, path: /^\/[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/?$/, example: 'https://github.com/yourname' },
};

/** The services' own names (proper nouns, the same in every language), for labels and links. */
export const SOCIAL_NAMES: Readonly<Record<SocialService, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  github: 'GitHub',
};

/** Sub-domains that name the same site (`www.`, mobile and language variants). */
const SITE_PREFIX = /^(?:www|m|mobile|web|[a-z]{2}(?:-[a-z]{2})?)\./;

/** Whether a text is the https address of a profile on this service (no query but Facebook's `?id=`, no fragment). */
export function isSocialUrl(service: SocialService, text: string): boolean {
  const url = parseWebUrl(text, ['https:']);
  if (url?.hash !== '') return false;
  const rule = SOCIAL_RULES[service];
  const host = url.hostname.toLowerCase();
  if (rule.host && !rule.host.test(host) && !rule.host.test(host.replace(SITE_PREFIX, ''))) return false;
  if (service === 'facebook' && url.pathname === '/profile.php') return /^\?id=\d{1,20}$/.test(url.search);
  return url.search === '' && rule.path.test(url.pathname);
}

/** One social link: empty removes it. */
const socialLink = (service: SocialService) =>
  v.optional(
    v.pipe(
      trimmed,
      v.maxLength(SOCIAL_URL_MAX, 'validation.max'),
      v.check((s) => s === '' || isSocialUrl(service, s), 'account.profile.social.invalid'),
    ),
  );
type SocialLinkSchema = ReturnType<typeof socialLink>;
const socialEntries = Object.fromEntries(SOCIAL_SERVICES.map((service) => [service, socialLink(service)])) as Record<
  SocialService,
  SocialLinkSchema
>;
export type SocialLinks = Partial<Record<SocialService, string>>;
/** The social links as a whole (a save replaces them): service → address; an empty address removes it. */
export const SocialLinksSchema = v.pipe(
  v.strictObject(socialEntries, 'validation.invalid'),
  v.transform((links): SocialLinks => Object.fromEntries(Object.entries(links).filter(([, url]) => url))),
);

// ── Description ─────────────────────────────────────────────────────────────────────────────────
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/g;
/** Plain text (rendered escaped, line breaks kept): control characters but the line break removed. */
export const DescriptionSchema = v.pipe(
  v.string(),
  v.transform((s) => s.replace(/\r\n?/g, '\n').replace(CONTROL, '').trim()),
  v.maxLength(DESCRIPTION_MAX, 'validation.max'),
  v.check((s) => s.split('\n').length <= DESCRIPTION_LINES_MAX, 'account.profile.description.lines'),
);

/** A JSON text (form bodies send objects as text) read as its value; anything else passes as it is. */
const JsonText = v.rawTransform<unknown, unknown>(({ dataset, addIssue, NEVER }) => {
  if (typeof dataset.value !== 'string') return dataset.value;
  if (dataset.value.length > 8000) {
    addIssue({ message: 'validation.max' });
    return NEVER;
  }
  try {
    return JSON.parse(dataset.value) as unknown;
  } catch {
    addIssue({ message: 'validation.invalid' });
    return NEVER;
  }
});

// ── Requests and answers ────────────────────────────────────────────────────────────────────────
/** `POST {api}/account/profile/update`: any of the public profile's texts. */
export const PublicProfileUpdateSchema = v.object({
  description: v.optional(DescriptionSchema),
  website: WebsiteSchema,
  social: v.optional(v.pipe(v.unknown(), JsonText, SocialLinksSchema)),
});
export type PublicProfileUpdate = v.InferOutput<typeof PublicProfileUpdateSchema>;

/** The avatar's two sizes (account `image.small` and the publisher page's), null without an avatar. */
export const AvatarImagesSchema = v.object({ small: v.nullable(v.string()), large: v.nullable(v.string()) });
export type AvatarImages = v.InferOutput<typeof AvatarImagesSchema>;

/** `GET {api}/account/profile/get` and the update's answer. */
export const PublicProfileSchema = v.object({
  description: v.string(),
  website: v.nullable(v.string()),
  social: v.record(v.string(), v.string()),
  image: AvatarImagesSchema,
});
export type PublicProfile = v.InferOutput<typeof PublicProfileSchema>;
/** What every public profile call answers: the profile and the caller's account (the current user's, refreshed). */
export const PublicProfileAnswerSchema = v.object({ ...PublicProfileSchema.entries, account: AccountSchema });
export type PublicProfileAnswer = v.InferOutput<typeof PublicProfileAnswerSchema>;

// ── Avatar ──────────────────────────────────────────────────────────────────────────────────────
/** Image types an avatar may be (recognised from the content, not the name or the declared type). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 8 * 1024 * 1024;
/** The shorter side of the image, and the crop, in pixels at least (the small size). */
export const AVATAR_MIN_SIDE = 96;
/** Neither side longer than this, nor more pixels than that (a decompression bomb stays unread). */
export const AVATAR_MAX_SIDE = 10_000;
export const AVATAR_MAX_PIXELS = 40_000_000;
/** Square sizes the server makes: `image.small` (header, lists) and the publisher page's. */
export const AVATAR_SIZES = { small: 96, large: 320 } as const;
export type AvatarSize = keyof typeof AVATAR_SIZES;

/** The square to keep, in pixels of the upright image (as the browser shows it). */
export interface AvatarCrop {
  x: number;
  y: number;
  size: number;
}
const Pixel = (min: number) =>
  v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,5}$/), v.transform(Number))]),
    v.integer('validation.invalid'),
    v.minValue(min, 'validation.invalid'),
    v.maxValue(AVATAR_MAX_SIDE, 'validation.invalid'),
  );
/** The form fields beside the file of `POST {api}/account/profile/avatar`. */
export const AvatarCropSchema = v.object({ x: Pixel(0), y: Pixel(0), size: Pixel(AVATAR_MIN_SIDE) });

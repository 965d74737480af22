import { type AvatarImages, type AvatarSize, type PublicProfile, SOCIAL_SERVICES, type SocialLinks } from '../../contracts/profile';
import type { Config } from '../config';
import type { AccountRow } from '../db/schema';

/**
 * The public profile as the account's owner and the publisher page read it (issue 16): description,
 * website, social links (known services, in their order) and the avatar's URLs.
 */

/** An avatar file's name: `<version>-<size>.webp` (a new avatar gets a new version, so a new URL). */
export const avatarFileName = (version: string, size: AvatarSize) => `${version}-${size}.webp`;

/** The avatar's URL of a size on the thumbnails host (`{thumbs}/avatars/<accountId>/<file>`). */
export const avatarUrl = (config: Pick<Config, 'hosts'>, accountId: string, version: string, size: AvatarSize) =>
  `${config.hosts.thumbs}/avatars/${accountId}/${avatarFileName(version, size)}`;

/** Both sizes, null without an avatar; `image_small` set by other means stands for both. */
export function avatarImages(config: Pick<Config, 'hosts'>, account: Pick<AccountRow, 'id' | 'avatar' | 'image_small'>): AvatarImages {
  if (account.avatar) {
    return { small: avatarUrl(config, account.id, account.avatar, 'small'), large: avatarUrl(config, account.id, account.avatar, 'large') };
  }
  return { small: account.image_small, large: account.image_small };
}

/** The stored social links: known services with a text value, in SOCIAL_SERVICES order (a damaged value reads as none). */
export function socialLinksOf(account: Pick<AccountRow, 'social'>): SocialLinks {
  let stored: unknown;
  try {
    stored = JSON.parse(account.social);
  } catch {
    return {};
  }
  if (!stored || typeof stored !== 'object') return {};
  const record = stored as Record<string, unknown>;
  return Object.fromEntries(
    SOCIAL_SERVICES.flatMap((service) => (typeof record[service] === 'string' ? [[service, record[service]]] : [])),
  );
}

export function publicProfileView(account: AccountRow, config: Pick<Config, 'hosts'>): PublicProfile {
  return {
    description: account.description,
    website: account.website,
    social: socialLinksOf(account),
    image: avatarImages(config, account),
  };
}

import type { FastifyInstance } from 'fastify';
import type { SocialProvider } from '../../contracts/social';
import { isUniqueViolation } from '../accounts/helpers';
import type { Executor } from '../db/index';
import { ApiError } from '../envelope';
import type { SocialUser } from './providers';

/**
 * Linking and unlinking a social sign-in from /account/security (issue 16). Linking happens after the
 * provider authenticated the user in the browser that started it (the signed state cookie names the
 * profile, and the callback checks that browser's session is still that profile's): the provider's
 * identity must not belong to another profile (SECURITY 911) and the profile must not have another
 * identity at this provider (912). The provider's address need not be the profile's.
 */
export async function linkIdentity(app: FastifyInstance, profileId: string, provider: SocialProvider, user: SocialUser): Promise<void> {
  const now = app.clock();
  try {
    await app.db.transaction().execute(async (trx) => {
      const owner = await trx
        .selectFrom('social_identities')
        .select('profile_id')
        .where('provider', '=', provider)
        .where('subject', '=', user.subject)
        .executeTakeFirst();
      if (owner && owner.profile_id !== profileId) throw new ApiError('socialLinkedElsewhere');
      if (owner) return;
      if (await identityOf(trx, profileId, provider)) throw new ApiError('socialProviderLinked');
      await trx
        .insertInto('social_identities')
        .values({ provider, subject: user.subject, profile_id: profileId, email: user.email, created_at: now, last_used_at: null })
        .execute();
    });
  } catch (error) {
    // The same identity linked at the same moment elsewhere: the other write won.
    if (isUniqueViolation(error)) throw new ApiError('socialLinkedElsewhere');
    throw error;
  }
}

export async function identityOf(db: Executor, profileId: string, provider: SocialProvider) {
  return db
    .selectFrom('social_identities')
    .selectAll()
    .where('profile_id', '=', profileId)
    .where('provider', '=', provider)
    .executeTakeFirst();
}

/**
 * Unlinks the profile's identity at a provider (SECURITY 909 when none); refused when it is the only
 * way left to sign in (no password and no other identity: SECURITY 910).
 */
export async function unlinkIdentity(db: Executor, profile: { id: string; password_hash: string | null }, provider: SocialProvider) {
  const identities = await db.selectFrom('social_identities').select('provider').where('profile_id', '=', profile.id).execute();
  if (!identities.some((i) => i.provider === provider)) throw new ApiError('socialNotLinked');
  if (profile.password_hash === null && identities.length === 1) throw new ApiError('lastSignInMethod');
  await db.deleteFrom('social_identities').where('profile_id', '=', profile.id).where('provider', '=', provider).execute();
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '../../contracts/languages';
import { LANGUAGES } from '../../contracts/languages';
import type { SocialOutcome, SocialProvider } from '../../contracts/social';
import { isUniqueViolation, mailAllowed } from '../accounts/helpers';
import { splitName } from '../accounts/names';
import { findProfileByEmail, getProfile, insertAccount, insertProfile, updateProfile } from '../accounts/repo';
import { createChallenge, createOneTimeToken } from '../accounts/tokens';
import { newId } from '../auth/crypto';
import type { Executor } from '../db/index';
import type { ProfileRow, SocialIdentityRow } from '../db/schema';
import { ApiError } from '../envelope';
import { pageLanguage } from '../plugins/static';
import { publicBase } from '../public-url';
import type { SocialUser } from './providers';

/** Who signs in and from where (language and marketing origin only matter for a new profile). */
export interface SignInContext {
  provider: SocialProvider;
  user: SocialUser;
  language?: string;
  origin_source?: string;
  origin_campaign?: string;
}

type Decision =
  | { kind: 'hash'; profile: ProfileRow }
  | { kind: 'activation'; profile: ProfileRow }
  | { kind: 'inactive'; profile: ProfileRow; name: string };

/**
 * SPEC §4 social sign-in, after the provider authenticated the user:
 *
 * - a linked identity (provider + subject) names its profile; otherwise a profile with the same
 *   e-mail address is linked, but only when the provider vouches for the address (else AUTH 174);
 *   otherwise a new account and profile are created, inactive and without a password (terms are
 *   asked after the first sign-in, like every profile without an accepted version);
 * - an active profile answers a login hash (`hash`) to confirm with `POST {api}/profile/session`;
 * - an inactive profile whose address the provider vouches for answers an activation code
 *   (`activation`: the activate tab, where the user picks a usage context);
 * - an inactive profile whose address is not vouched for gets the activation mail, as register does
 *   (`inactive`: the register-success tab).
 *
 * Second factor: the provider's sign-in replaces the e-mailed code (that code only proves control of
 * the mailbox, which the provider's account already stands for), so the hash is ready to confirm; a
 * profile that set up an authenticator app still has to give its code (the hash answers 155 on
 * confirm, like a password login).
 */
export async function socialSignIn(app: FastifyInstance, request: FastifyRequest, ctx: SignInContext): Promise<SocialOutcome> {
  const { user } = ctx;
  if (!user.email) throw new ApiError('socialEmailMissing');
  const now = app.clock();
  let decision: Decision;
  try {
    decision = await app.db.transaction().execute((trx) => decide(trx, ctx, user.email as string, now, request));
  } catch (error) {
    // Two first sign-ins at once (same identity or same address): the second sees the first's rows.
    if (!isUniqueViolation(error)) throw error;
    decision = await app.db.transaction().execute((trx) => decide(trx, ctx, user.email as string, now, request));
  }

  const { profile } = decision;
  if (decision.kind === 'hash') {
    const hash = await createChallenge(app.db, { profileId: profile.id, stage: profile.totp_secret ? 'totp' : 'ready', now });
    return { kind: 'hash', hash };
  }
  if (decision.kind === 'activation') {
    return { kind: 'activation', hash: await createOneTimeToken(app.db, profile.id, 'activation', now) };
  }
  if (await mailAllowed(app, profile.email, now)) {
    const token = await createOneTimeToken(app.db, profile.id, 'activation', now);
    await app.mailer.send(profile.email, profile.language, {
      kind: 'activation',
      // The address is not confirmed yet: no free text from the provider's profile (greetingName).
      name: '',
      url: `${publicBase(app, request)}/activate#hash-${token}`,
    });
  }
  return { kind: 'inactive', email: profile.email };
}

async function decide(trx: Executor, ctx: SignInContext, email: string, now: number, request: FastifyRequest): Promise<Decision> {
  const { provider, user } = ctx;
  const identity = await findIdentity(trx, provider, user.subject);
  let profile: ProfileRow | undefined = identity && (await getProfile(trx, identity.profile_id));
  if (profile && identity) {
    await trx
      .updateTable('social_identities')
      .set({ last_used_at: now })
      .where('provider', '=', provider)
      .where('subject', '=', identity.subject)
      .execute();
  }

  if (!profile) {
    const known = await findProfileByEmail(trx, email);
    if (known) {
      if (!user.emailVerified) throw new ApiError('socialEmailUnverified');
      const other = await trx
        .selectFrom('social_identities')
        .select('subject')
        .where('provider', '=', provider)
        .where('profile_id', '=', known.id)
        .executeTakeFirst();
      if (other) throw new ApiError('socialAlreadyLinked');
      await linkIdentity(trx, provider, user, known.id, now);
      profile = known;
      if (known.is_active !== 1 && known.password_hash !== null) {
        // Someone registered this address with a password and never activated it; its owner now
        // proves the address through the provider: that password must not open the account later.
        profile = (await updateProfile(trx, known, { password_hash: null }, now)).profile;
      }
    } else {
      profile = await createProfile(trx, ctx, email, now, request);
      await linkIdentity(trx, provider, user, profile.id, now);
    }
  }

  if (profile.is_active === 1) return { kind: 'hash', profile };
  if (user.emailVerified && user.email === profile.email) return { kind: 'activation', profile };
  return { kind: 'inactive', profile, name: displayName(user, profile.email) };
}

async function createProfile(trx: Executor, ctx: SignInContext, email: string, now: number, request: FastifyRequest): Promise<ProfileRow> {
  const { user } = ctx;
  const attributes: Record<string, string> = { signup_provider: ctx.provider };
  if (ctx.origin_source) attributes.origin_source = ctx.origin_source;
  if (ctx.origin_campaign) attributes.origin_campaign = ctx.origin_campaign;
  const account = await insertAccount(trx, {
    id: newId(),
    name: displayName(user, email),
    attributes: JSON.stringify(attributes),
    city: user.city?.slice(0, 120) ?? null,
    country: user.country?.slice(0, 120) ?? null,
    ats: now,
    created_at: now,
  });
  return insertProfile(trx, {
    id: newId(),
    account_id: account.id,
    type: 1,
    email,
    password_hash: null,
    // The provider's given and family names, else its full name split (the personal details start from them).
    ...(user.firstname || user.lastname
      ? { firstname: user.firstname?.slice(0, 80) || null, lastname: user.lastname?.slice(0, 80) || null }
      : splitName(user.name ?? '')),
    language: languageOf(ctx, request),
    is_active: 0,
    // No terms were shown: the terms modal runs after the first sign-in.
    tos_version: null,
    subscriptions_modification: Math.floor(now / 1000),
    created_at: now,
  });
}

/** The language asked for, else the provider's, else the page's (subdomain, lang cookie, Accept-Language). */
function languageOf(ctx: SignInContext, request: FastifyRequest): Language {
  const isLanguage = (x: string | null | undefined): x is Language => !!x && (LANGUAGES as readonly string[]).includes(x);
  if (isLanguage(ctx.language)) return ctx.language;
  if (isLanguage(ctx.user.locale)) return ctx.user.locale;
  return pageLanguage(request.host, request.headers.cookie, request.headers['accept-language']);
}

const displayName = (user: SocialUser, email: string) =>
  (user.name ?? ([user.firstname, user.lastname].filter(Boolean).join(' ') || email.split('@')[0] || email)).slice(0, 120);

// ── Linked identities ─────────────────────────────────────────────────────────────────────────────
export async function findIdentity(db: Executor, provider: SocialProvider, subject: string): Promise<SocialIdentityRow | undefined> {
  return db.selectFrom('social_identities').selectAll().where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
}

async function linkIdentity(db: Executor, provider: SocialProvider, user: SocialUser, profileId: string, now: number): Promise<void> {
  await db
    .insertInto('social_identities')
    .values({ provider, subject: user.subject, profile_id: profileId, email: user.email, created_at: now, last_used_at: now })
    .execute();
}

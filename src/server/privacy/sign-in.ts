import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LoginContent } from '../../contracts/accounts';
import type { Executor } from '../db/index';
import type { AccountRow, ProfileRow } from '../db/schema';
import { ApiError } from '../envelope';
import { greetingName } from '../mail/greeting';
import { publicBase } from '../public-url';
import { cancelDeletionOnSignIn } from './deletion';

/**
 * The sign-in's side of a pending deletion (issue 16), called by accounts/login.ts confirmLogin:
 * inside its transaction, signing in cancels the deletion (the purge has not begun) or is refused
 * (it has: `accountDeleting`); after it, the owner is told by mail and the app by `deletion_cancelled`.
 */
export async function signInCancelsDeletion(trx: Executor, accountId: string): Promise<'none' | 'cancelled'> {
  const outcome = await cancelDeletionOnSignIn(trx, accountId);
  if (outcome === 'purging') throw new ApiError('accountDeleting');
  return outcome;
}

export async function deletionCancelled(
  app: FastifyInstance,
  request: FastifyRequest,
  profile: ProfileRow,
  account: AccountRow,
  content: LoginContent,
): Promise<void> {
  content.deletion_cancelled = true;
  try {
    await app.mailer.send(profile.email, profile.language, {
      kind: 'deletionCancelled',
      name: greetingName(profile, account.name),
      url: `${publicBase(app, request)}/account/privacy`,
    });
  } catch (err) {
    request.log.warn({ err }, 'privacy: could not mail that the deletion was cancelled');
  }
}

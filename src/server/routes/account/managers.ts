import type { FastifyPluginAsync } from 'fastify';
import {
  AssociationQuerySchema,
  AuditQuerySchema,
  CenterQuerySchema,
  ChildCreateSchema,
  ChildIdSchema,
  INVITATION_FRAGMENT,
  INVITATION_TTL_MS,
  InvitationCreateSchema,
  InvitationTokenSchema,
  isManagerAccount,
  MANAGER_CHILDREN_MAX,
  MANAGER_PATH,
} from '../../../contracts/managers';
import { isUniqueViolation, mailAllowed } from '../../accounts/helpers';
import { splitName } from '../../accounts/names';
import { findProfileByEmail, getAccount, insertAccount, insertProfile } from '../../accounts/repo';
import { createOneTimeToken, TTL } from '../../accounts/tokens';
import { newId } from '../../auth/crypto';
import { gated, owner, SIGNED_IN } from '../../auth/rules';
import { type AuthContext, authOf } from '../../auth/session';
import type { AccountRow } from '../../db/schema';
import { ApiError, ok, parse } from '../../envelope';
import { greetingName } from '../../mail/greeting';
import {
  acceptInvitation,
  accountCenter,
  countChildren,
  createInvitation,
  findInvitation,
  isManager,
  linkChild,
  listAudit,
  listChildren,
  managerOf,
  unlinkChild,
} from '../../managers/repo';
import { rateLimit } from '../../plugins/security';
import { publicBase } from '../../public-url';

/** The caller's account when it is a manager's (SPEC §6), else notAManager. */
export function managerAccount(auth: AuthContext): AccountRow {
  if (!isManager(auth.account)) throw new ApiError('notAManager');
  return auth.account;
}

/**
 * Managers and association accounts (issue 20; SPEC §7 Associations, §9 page size 200). The manager's
 * routes spread `gated('manager')` (user only: not inside an association session) and need a manager:
 *   GET {api}/account/manager/association/?step=200&start   the manager's children (SPEC §3 Association child)
 *   GET {api}/account/manager/audit/?step&start              the calls made on behalf of every child, newest first
 *   GET {api}/account/manager/center?step=200&start           the account centre (/account/account-center, its own
 *        gate `account_center`: a manager only, the header refused with notAManager): a page of the children
 *        with their figures, and the totals over all of them
 *   POST {api}/account/manager/child/create {name, email}   a new account for that address, managed (its owner
 *        gets a mail to choose a password); an address that has an account gets an invitation instead
 *   POST {api}/account/manager/invitation/create {email}    invites the account of that address (mailed link)
 *   POST {api}/account/manager/child/detach {id}            the child is no longer managed (its account stays)
 * Both mailing calls answer `{email}` whatever became of the address (no account enumeration). The invited
 * owner (any account acting as itself; `gated('manager')` too) reads and accepts the mailed invitation:
 *   GET  {api}/account/manager/invitation/get?token        {manager: {name}, email, expires_at}
 *   POST {api}/account/manager/invitation/accept {token}   links the caller's account to the manager
 * and any signed-in account reads what was done on its behalf:
 *   GET {api}/account/audit/?step&start                      the account's own audit log (its owner's view)
 */
const managerRoutes: FastifyPluginAsync = async (app) => {
  const manager = { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('manager') } };
  const noStore = 'private, no-store';

  app.get('/account/manager/association', manager, async (request, reply) => {
    const own = managerAccount(authOf(request));
    const query = parse(AssociationQuerySchema, request.query);
    const page = await listChildren(app.db, app.config, own.id, query, app.clock());
    return ok(reply.header('cache-control', noStore), { ...page, start: query.start, step: { current: query.step } });
  });

  app.get(
    '/account/manager/center',
    { preHandler: app.requireSession, config: { ...SIGNED_IN, ...gated('account_center') } },
    async (request, reply) => {
      const own = managerAccount(authOf(request));
      const query = parse(CenterQuerySchema, request.query);
      const center = await accountCenter(app.db, app.config, own.id, query, app.clock());
      return ok(reply.header('cache-control', noStore), { ...center, start: query.start, step: { current: query.step } });
    },
  );

  app.get('/account/manager/audit', manager, async (request, reply) => {
    const own = managerAccount(authOf(request));
    const query = parse(AuditQuerySchema, request.query);
    const page = await listAudit(app.db, { managerId: own.id }, query);
    return ok(reply.header('cache-control', noStore), { ...page, start: query.start, step: { current: query.step } });
  });

  const mailed = (max: number) => ({ ...manager, config: { ...manager.config, ...rateLimit(max, '1 hour') } });

  /** Mails an invitation to the account of this address when it may be managed by this manager. */
  async function invite(own: AccountRow, email: string, base: string, now: number): Promise<void> {
    const profile = await findProfileByEmail(app.db, email);
    if (!profile || profile.account_id === own.id || !(await mailAllowed(app, profile.email, now))) return;
    const account = await getAccount(app.db, profile.account_id);
    if (!account || isManagerAccount(account) || (await managerOf(app.db, account.id)) !== undefined) return;
    const token = await createInvitation(app.db, { managerId: own.id, email: profile.email, ttlMs: INVITATION_TTL_MS }, now);
    await app.mailer.send(profile.email, profile.language, {
      kind: 'managerInvitation',
      name: greetingName(profile, account.name),
      manager: own.name,
      url: `${base}${MANAGER_PATH}#${INVITATION_FRAGMENT}-${token}`,
      days: INVITATION_TTL_MS / 86_400_000,
    });
  }

  const assertRoom = async (own: AccountRow) => {
    if ((await countChildren(app.db, own.id)) >= MANAGER_CHILDREN_MAX) throw new ApiError('childLimit');
  };

  app.post('/account/manager/invitation/create', mailed(30), async (request, reply) => {
    const own = managerAccount(authOf(request));
    const body = parse(InvitationCreateSchema, request.body);
    await assertRoom(own);
    await invite(own, body.email, publicBase(app, request), app.clock());
    return ok(reply, { email: body.email });
  });

  app.post('/account/manager/child/create', mailed(30), async (request, reply) => {
    const { account: own, profile: me } = authOf(request);
    managerAccount(authOf(request));
    const body = parse(ChildCreateSchema, request.body);
    await assertRoom(own);
    const now = app.clock();
    const base = publicBase(app, request);
    if (await findProfileByEmail(app.db, body.email)) {
      await invite(own, body.email, base, now);
      return ok(reply, { email: body.email });
    }
    let token: string;
    try {
      token = await app.db.transaction().execute(async (trx) => {
        const account = await insertAccount(trx, { id: newId(), name: body.name, ats: now, created_at: now });
        // Active, without a password: its owner chooses one through the mailed link (or "forgot password"),
        // and accepts the terms at the first sign-in.
        const profile = await insertProfile(trx, {
          id: newId(),
          account_id: account.id,
          type: 1,
          email: body.email,
          password_hash: null,
          ...splitName(body.name),
          language: me.language,
          is_active: 1,
          tos_version: null,
          subscriptions_modification: Math.floor(now / 1000),
          created_at: now,
        });
        await linkChild(trx, { managerId: own.id, childId: account.id, origin: 'created' }, now);
        return createOneTimeToken(trx, profile.id, 'reset', now);
      });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The address got an account at the same moment: nothing was created.
      return ok(reply, { email: body.email });
    }
    await app.mailer.send(body.email, me.language, {
      kind: 'managerChildCreated',
      name: '',
      manager: own.name,
      account: body.name,
      url: `${base}/reset#hash-${token}`,
      minutes: TTL.reset / 60_000,
      forgotUrl: `${base}/forgot`,
    });
    return ok(reply, { email: body.email });
  });

  app.post(
    '/account/manager/child/detach',
    { preHandler: app.requireSession, config: { ...owner({ 'body.id': 'child' }), ...gated('manager') } },
    async (request, reply) => {
      const { account: own } = authOf(request);
      const body = parse(ChildIdSchema, request.body);
      // Another manager's child, or an unknown id: childNotFound alike (a non-manager has no children).
      if (!(await unlinkChild(app.db, own.id, body.id, app.clock()))) throw new ApiError('childNotFound');
      request.log.info({ manager: own.id, child: body.id }, 'manager: child detached');
      const page = await listChildren(app.db, app.config, own.id, { start: 0, step: MANAGER_CHILDREN_MAX }, app.clock());
      return ok(reply.header('cache-control', noStore), { ...page, start: 0, step: { current: MANAGER_CHILDREN_MAX } });
    },
  );

  app.get('/account/manager/invitation/get', manager, async (request, reply) => {
    const { profile } = authOf(request);
    const query = parse(InvitationTokenSchema, request.query);
    const invitation = await findInvitation(app.db, query.token, app.clock());
    // For another address: like an unknown link (the link is the invited owner's).
    if (!invitation || invitation.email !== profile.email.toLowerCase()) throw new ApiError('invitationInvalid');
    return ok(reply.header('cache-control', noStore), {
      manager: { name: invitation.manager_name },
      email: invitation.email,
      expires_at: Number(invitation.expires_at),
    });
  });

  app.post(
    '/account/manager/invitation/accept',
    { ...manager, config: { ...manager.config, ...rateLimit(20, '10 minutes') } },
    async (request, reply) => {
      const { profile, account } = authOf(request);
      const body = parse(InvitationTokenSchema, request.body);
      const now = app.clock();
      const invitation = await findInvitation(app.db, body.token, now);
      if (!invitation || invitation.email !== profile.email.toLowerCase()) throw new ApiError('invitationInvalid');
      // The inviting account must still be a manager with room.
      if (!isManagerAccount({ mode: invitation.manager_mode, management_type: invitation.manager_management_type }))
        throw new ApiError('invitationInvalid');
      if (isManager(account)) throw new ApiError('managerCannotBeChild');
      if ((await managerOf(app.db, account.id)) !== undefined) throw new ApiError('alreadyManaged');
      if ((await countChildren(app.db, invitation.manager_account_id)) >= MANAGER_CHILDREN_MAX) throw new ApiError('childLimit');
      const linked = await app.db.transaction().execute(async (trx) => {
        if (!(await acceptInvitation(trx, invitation.id, now))) return false;
        return linkChild(trx, { managerId: invitation.manager_account_id, childId: account.id, origin: 'invited' }, now);
      });
      if (!linked) throw new ApiError('alreadyManaged');
      request.log.info({ manager: invitation.manager_account_id, child: account.id }, 'manager: invitation accepted');
      return ok(reply, { manager: { name: invitation.manager_name } });
    },
  );

  app.get('/account/audit', { preHandler: app.requireSession, config: SIGNED_IN }, async (request, reply) => {
    const { account } = authOf(request);
    const query = parse(AuditQuerySchema, request.query);
    const page = await listAudit(app.db, { childId: account.id }, query);
    return ok(reply.header('cache-control', noStore), { ...page, start: query.start, step: { current: query.step } });
  });
};

export default managerRoutes;

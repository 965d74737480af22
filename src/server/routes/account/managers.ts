import type { FastifyPluginAsync } from 'fastify';
import { AssociationQuerySchema, AuditQuerySchema } from '../../../contracts/managers';
import { gated, SIGNED_IN } from '../../auth/rules';
import { type AuthContext, authOf } from '../../auth/session';
import type { AccountRow } from '../../db/schema';
import { ApiError, ok, parse } from '../../envelope';
import { isManager, listAudit, listChildren } from '../../managers/repo';

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

  app.get('/account/manager/audit', manager, async (request, reply) => {
    const own = managerAccount(authOf(request));
    const query = parse(AuditQuerySchema, request.query);
    const page = await listAudit(app.db, { managerId: own.id }, query);
    return ok(reply.header('cache-control', noStore), { ...page, start: query.start, step: { current: query.step } });
  });

  app.get('/account/audit', { preHandler: app.requireSession, config: SIGNED_IN }, async (request, reply) => {
    const { account } = authOf(request);
    const query = parse(AuditQuerySchema, request.query);
    const page = await listAudit(app.db, { childId: account.id }, query);
    return ok(reply.header('cache-control', noStore), { ...page, start: query.start, step: { current: query.step } });
  });
};

export default managerRoutes;

import type { AccountMode } from '../../../contracts/accounts';
import { publicationsRemaining, requestsRemaining } from './auth';
import type { V1Handlers } from './types';

/** GET /account: the account, its number of publications and the calling key with what is left of its limits. */
const handlers: V1Handlers = {
  getAccount: async ({ app, key, now }) => {
    const [account, books] = await Promise.all([
      app.db.selectFrom('accounts').select(['id', 'name', 'mode']).where('id', '=', key.accountId).executeTakeFirstOrThrow(),
      app.db
        .selectFrom('books')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('account_id', '=', key.accountId)
        .executeTakeFirstOrThrow(),
    ]);
    return {
      id: account.id,
      name: account.name,
      mode: account.mode as AccountMode,
      publications: Number(books.n),
      key: {
        name: key.name,
        rights: [...key.rights],
        expires_at: key.expiresAt,
        requests_remaining: requestsRemaining(app, key.id, now),
        publications_remaining: await publicationsRemaining(app, key.id, now),
      },
    };
  },
};

export default handlers;

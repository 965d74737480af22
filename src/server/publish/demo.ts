import type { FastifyInstance } from 'fastify';
import { TERMS_VERSION } from '../../contracts/accounts';
import { isUniqueViolation } from '../accounts/helpers';
import { findProfileByEmail, insertAccount, insertProfile } from '../accounts/repo';
import { newId } from '../auth/crypto';
import { getSetting } from '../db/settings';
import { enqueueConversion } from '../jobs/queue';
import { bookKeys } from '../storage/paths';
import { demoPdf } from './demo-pdf';
import { insertBook } from './repo';
import { newBookColumns } from './settings';

/**
 * The embedded default's demo (QUIRE_DEMO=1): on the first start, an active demo account with one
 * public publication made from a document the project writes itself, queued for conversion like an
 * upload — so a newcomer sees a real flipbook. The account has no password (nobody signs in as it).
 * A settings marker makes it happen once; instances starting together race on the marker's key.
 */
export const DEMO_EMAIL = 'demo@quire.local';
export const DEMO_MARKER = 'demo.seeded';

/** Seeds the demo unless done before; answers the new book's id, or undefined. */
export async function seedDemo(app: FastifyInstance): Promise<string | undefined> {
  if ((await getSetting(app.db, DEMO_MARKER)) !== undefined) return undefined;
  const now = app.clock();
  const bookId = newId();
  const keys = bookKeys(bookId);
  let created: boolean;
  try {
    created = await app.db.transaction().execute(async (trx) => {
      // The marker first: a second instance inserting it waits for this transaction, then fails on the key.
      await trx.insertInto('settings').values({ key: DEMO_MARKER, value: bookId, updated_at: now }).execute();
      // Someone took the address (an earlier demo whose marker was removed): keep theirs.
      if (await findProfileByEmail(trx, DEMO_EMAIL)) return false;
      const account = await insertAccount(trx, { id: newId(), name: 'Quire Demo', ats: now, created_at: now });
      await insertProfile(trx, {
        id: newId(),
        account_id: account.id,
        type: 1,
        email: DEMO_EMAIL,
        password_hash: null,
        firstname: 'Quire',
        lastname: 'Demo',
        language: 'en',
        is_active: 1,
        tos_version: TERMS_VERSION,
        subscriptions_modification: Math.floor(now / 1000),
        created_at: now,
      });
      const pdf = demoPdf();
      await insertBook(trx, {
        ...newBookColumns(account.mode, { description: 'A short tour of Quire, written by Quire itself.' }, now),
        id: bookId,
        account_id: account.id,
        name: 'Welcome to Quire',
        publishing_mode: 1,
        status: 'QUEUED',
        source_name: 'welcome-to-quire.pdf',
        source_kind: 'pdf',
        source_size: pdf.length,
        start_time: now,
        created_at: now,
        modified_at: now,
      });
      await enqueueConversion(trx, bookId, now);
      // In the store before the job can be claimed (any worker fetches it from there).
      await app.storage.write(keys.source, pdf);
      return true;
    });
  } catch (error) {
    await app.storage.remove(keys.dir).catch(() => undefined);
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
  if (!created) return undefined;
  app.jobs.wake();
  app.log.info({ bookId, email: DEMO_EMAIL }, 'demo publication created');
  return bookId;
}

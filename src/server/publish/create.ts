import type { FastifyInstance } from 'fastify';
import type { BookSettings } from '../../contracts/books';
import { enqueuePublicationEvent } from '../api-keys/webhooks';
import { newId } from '../auth/crypto';
import type { AccountRow, BookRow } from '../db/schema';
import { ApiError } from '../envelope';
import { enqueueConversion } from '../jobs/queue';
import { bookKeys } from '../storage/paths';
import { insertBook } from './repo';
import { newBookColumns } from './settings';
import { defaultBookName, discardPart, placeSource, type ReceivedUpload } from './upload';

/**
 * A book from a received document (the app's upload, POST {api}/pinwheel/document/create, and the
 * public API's POST {api}/v1/publications): the file goes to the store first (`books/<id>/source`,
 * placeSource), then one transaction inserts the book and its conversion job; the worker — of this
 * process or any other, on any machine — is woken after the commit and fetches the source from the
 * store. A document Quire does not read (`upload.kind` null) becomes a book in ERROR UNSUPPORTED without
 * a job, and its account's API webhooks hear publication.failed. On failure the part file and whatever
 * was stored for the book are removed and the error propagates (a store that cannot take the file:
 * `unavailable`, 503, nothing created).
 */
export async function createUploadedBook(
  app: FastifyInstance,
  input: {
    account: Pick<AccountRow, 'id' | 'mode'>;
    upload: ReceivedUpload;
    /** Checked already (scheduling, own folder, own library items). */
    settings: BookSettings;
    now: number;
    startTime: number;
    /** The upload's duration (the conversion's log shows it as its first stage). */
    uploadMs: number;
  },
): Promise<BookRow> {
  const { account, upload, settings, now } = input;
  const bookId = newId();
  const store = app.storage;
  const keys = bookKeys(bookId);
  if (upload.kind) {
    try {
      await placeSource(store, upload.partPath, bookId);
    } catch (error) {
      await discardPart(upload.partPath);
      app.log.error({ err: error, bookId }, 'upload: the file could not be stored');
      throw new ApiError('unavailable', { message: 'the file could not be stored, please try again' });
    }
  }
  let row: BookRow;
  try {
    row = await app.db.transaction().execute(async (trx) => {
      const book = await insertBook(trx, {
        ...newBookColumns(account.mode, settings, now),
        id: bookId,
        account_id: account.id,
        name: settings.name ?? defaultBookName(upload.filename),
        status: upload.kind ? 'QUEUED' : 'ERROR',
        error_code: upload.kind ? null : 'UNSUPPORTED',
        source_name: upload.filename || 'document',
        source_kind: upload.kind ?? 'unknown',
        source_size: upload.size,
        start_time: input.startTime,
        created_at: now,
        modified_at: now,
      });
      if (!upload.kind) {
        // Ended at once (ERROR, UNSUPPORTED): the account's API webhooks hear publication.failed.
        await enqueuePublicationEvent(trx, app, book.id, now);
        return book;
      }
      // The file is in the store already: the job never exists without its file (and the file goes
      // again below when the book is not created).
      await enqueueConversion(trx, book.id, now, { uploadMs: input.uploadMs });
      return book;
    });
  } catch (error) {
    await discardPart(upload.partPath);
    await store.remove(keys.dir).catch((err: unknown) => app.log.warn({ err, bookId }, 'upload: the stored file could not be removed'));
    throw error;
  }
  if (upload.kind) app.jobs.wake();
  else app.webhooks.wake();
  return row;
}

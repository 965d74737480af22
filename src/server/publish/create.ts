import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { BookSettings } from '../../contracts/books';
import { enqueuePublicationEvent } from '../api-keys/webhooks';
import { newId } from '../auth/crypto';
import type { AccountRow, BookRow } from '../db/schema';
import { enqueueConversion } from '../jobs/queue';
import { bookDir } from '../storage/paths';
import { insertBook } from './repo';
import { newBookColumns } from './settings';
import { defaultBookName, discardPart, placeSource, type ReceivedUpload } from './upload';

/**
 * A book from a received document (the app's upload, POST {api}/pinwheel/document/create, and the
 * public API's POST {api}/v1/publications): one transaction inserts the book and its conversion job and
 * moves the file into the book's folder; the worker is woken after the commit. A document Quire does
 * not read (`upload.kind` null) becomes a book in ERROR UNSUPPORTED without a job, and its account's API
 * webhooks hear publication.failed. On failure the part
 * file and the book's folder are removed and the error propagates.
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
  const dataDir = app.config.dataDir;
  const bookId = newId();
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
      await enqueueConversion(trx, book.id, now, { uploadMs: input.uploadMs });
      // Inside the transaction: the job never exists without its file, nor the file without its book.
      await placeSource(upload.partPath, dataDir, book.id);
      return book;
    });
  } catch (error) {
    await discardPart(upload.partPath);
    await rm(bookDir(dataDir, bookId), { recursive: true, force: true });
    throw error;
  }
  if (upload.kind) app.jobs.wake();
  else app.webhooks.wake();
  return row;
}

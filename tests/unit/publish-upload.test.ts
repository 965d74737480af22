import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { UPLOAD_POLL_INTERVAL_MS, UPLOAD_REDIRECT_DELAY_ERRORS_MS, UPLOAD_REDIRECT_DELAY_MS } from '../../machines/constants';
import { book, FILE_SETS, networkError, serverError } from '../../machines/publish/fixtures';
import type { BookProgress, PickedFile } from '../../machines/publish/types';
import { reportingUploadFileMachine, uploadMachine } from '../../machines/upload.machine';
import { bookNameOf, type UploadActorInput, type UploadFileEvent } from '../../machines/upload-file.machine';

type Script = {
  /** Per file name: what the preflight does. */
  preflight?: (name: string) => Promise<{ host: string; limit: number }>;
  /** Per upload: the test drives it through `uploads`. */
  getBook?: (id: string) => Promise<BookProgress>;
};

function setup(files: PickedFile[], script: Script = {}) {
  const uploads: { input: UploadActorInput; send: (e: UploadFileEvent) => void; stopped: boolean }[] = [];
  const preflightCalls: string[] = [];
  const redirectToBooks = vi.fn();
  const goToBooks = vi.fn();
  const machine = uploadMachine.provide({
    actors: {
      uploadFile: reportingUploadFileMachine.provide({
        actors: {
          preflight: fromPromise(({ input }) => {
            preflightCalls.push(input.name);
            return script.preflight ? script.preflight(input.name) : Promise.resolve({ host: '/up', limit: 1000 });
          }),
          upload: fromCallback<UploadFileEvent, UploadActorInput>(({ input, sendBack }) => {
            const entry = { input, send: sendBack as (e: UploadFileEvent) => void, stopped: false };
            uploads.push(entry);
            return () => {
              entry.stopped = true;
            };
          }),
          getBook: fromPromise(({ input }) => (script.getBook ? script.getBook(input.id) : Promise.resolve(book('DONE')))),
        },
      }),
    },
    actions: { redirectToBooks, goToBooks },
  });
  const actor = createActor(machine, { input: { files, publishingMode: 2, startTime: 1_700_000_000_000 } });
  actor.start();
  const child = (i: number) => actor.getSnapshot().context.entries[i]?.ref.getSnapshot();
  return { actor, uploads, preflightCalls, redirectToBooks, goToBooks, child };
}

/** Lets promise actors settle. */
const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('upload page machine (SPEC §2 Upload page, §4 Upload file, §9)', () => {
  it('sends files one after another, with delay = position and the submit time', async () => {
    const { uploads, preflightCalls, child } = setup(FILE_SETS.two);
    await flush();
    expect(preflightCalls).toEqual(['Annual report 2025.pdf']);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]?.input).toEqual({
      host: '/up',
      file: FILE_SETS.two[0],
      fields: { name: 'Annual report 2025', publishing_mode: 2, start_time: 1_700_000_000_000, delay: 0, upload_mode: 'html' },
    });
    expect(child(1)?.value).toBe('queued');

    uploads[0]?.send({ type: 'upload.progress', loaded: 400, total: 800 });
    expect(child(0)?.context).toMatchObject({ loaded: 400, total: 800 });

    uploads[0]?.send({ type: 'upload.done', book: book('QUEUED') });
    await flush();
    expect(preflightCalls).toEqual(['Annual report 2025.pdf', 'Spring catalogue.docx']);
    expect(uploads[1]?.input.fields.delay).toBe(1);
  });

  it('follows the conversion (pages done / total) and redirects 1 s after the last file is ready', async () => {
    let progress = book('CONVERTING');
    const { actor, uploads, child, redirectToBooks } = setup(FILE_SETS.one, { getBook: async () => progress });
    await flush();
    uploads[0]?.send({ type: 'upload.done', book: book('QUEUED') });
    expect(child(0)?.matches('converting')).toBe(true);
    await vi.advanceTimersByTimeAsync(UPLOAD_POLL_INTERVAL_MS);
    expect(child(0)?.context.book).toMatchObject({ pagesDone: 9, pagesTotal: 24 });
    progress = book('DONE');
    await vi.advanceTimersByTimeAsync(UPLOAD_POLL_INTERVAL_MS);
    expect(child(0)?.value).toBe('converted');
    expect(actor.getSnapshot().matches({ active: { progress: 'redirecting' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(UPLOAD_REDIRECT_DELAY_MS - 1);
    expect(redirectToBooks).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(redirectToBooks).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('a failed upload marks the file with the server message, the next file still goes, and the redirect waits 5 s', async () => {
    const { actor, uploads, child, redirectToBooks } = setup(FILE_SETS.two);
    await flush();
    uploads[0]?.send({ type: 'upload.failed', error: serverError });
    await flush();
    expect(child(0)?.value).toBe('failed');
    expect(child(0)?.context.errorId).toBe('errors.PUBLISH.211');
    expect(uploads).toHaveLength(2);
    uploads[1]?.send({ type: 'upload.done', book: book('DONE') });
    expect(actor.getSnapshot().context).toMatchObject({ finished: 2, failed: 1 });
    expect(actor.getSnapshot().matches({ active: { progress: 'redirectingAfterErrors' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(UPLOAD_REDIRECT_DELAY_ERRORS_MS - 1);
    expect(redirectToBooks).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(redirectToBooks).toHaveBeenCalledTimes(1);
  });

  it('network status 0 opens one proxy-error modal for several failures; OK goes to the book list', async () => {
    const { actor, uploads, goToBooks } = setup(FILE_SETS.two, {
      preflight: (name) => (name.endsWith('.docx') ? Promise.reject(networkError) : Promise.resolve({ host: '/up', limit: 1 })),
    });
    await flush();
    uploads[0]?.send({ type: 'upload.failed', error: networkError });
    expect(actor.getSnapshot().matches({ active: { proxy: 'shown' } })).toBe(true);
    await flush();
    // The second file failed with status 0 too (at preflight): still one modal.
    expect(actor.getSnapshot().context).toMatchObject({ finished: 2, failed: 2 });
    expect(actor.getSnapshot().matches({ active: { proxy: 'shown' } })).toBe(true);
    actor.send({ type: 'user.confirmProxyError' });
    expect(goToBooks).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches({ active: { proxy: 'hidden' } })).toBe(true);
  });

  it('a server error is not a proxy error', async () => {
    const { actor, uploads } = setup(FILE_SETS.one);
    await flush();
    uploads[0]?.send({ type: 'upload.failed', error: serverError });
    expect(actor.getSnapshot().matches({ active: { proxy: 'hidden' } })).toBe(true);
  });

  it('a conversion ERROR counts as failed; progress checks that keep failing stop tracking (not failed)', async () => {
    const { actor, uploads, child } = setup(FILE_SETS.two, { getBook: () => Promise.reject(networkError) });
    await flush();
    uploads[0]?.send({ type: 'upload.done', book: book('ERROR') });
    expect(child(0)?.value).toBe('conversionFailed');
    await flush();
    uploads[1]?.send({ type: 'upload.done', book: book('QUEUED') });
    await vi.advanceTimersByTimeAsync(UPLOAD_POLL_INTERVAL_MS * 3);
    expect(child(1)?.value).toBe('untracked');
    expect(actor.getSnapshot().context).toMatchObject({ finished: 2, failed: 1 });
  });

  it('stopping the batch aborts the upload in flight', async () => {
    const { actor, uploads } = setup(FILE_SETS.one);
    await flush();
    actor.stop();
    expect(uploads[0]?.stopped).toBe(true);
  });
});

describe('book name of a file', () => {
  it.each([
    ['Annual report.pdf', 'Annual report'],
    ['archive.tar.docx', 'archive.tar'],
    ['.hidden', '.hidden'],
    ['noext', 'noext'],
  ])('%s → %s', (name, expected) => expect(bookNameOf(name)).toBe(expected));
});

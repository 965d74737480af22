/**
 * One file of an upload through UploadFileRow, with the app's actors (preflight and progress calls,
 * the XMLHttpRequest upload) answered at the network and the progress checks timed by the clock:
 * preflight → upload with byte progress → conversion until the book is ready or failed.
 */
import { expect } from 'vitest';
import { page } from 'vitest/browser';
import type { Actor, AnyStateMachine } from 'xstate';
import type { UploadFileInput, UploadFileReport, uploadFileMachine } from '../../../machines/upload-file.machine';
import { formatBytes } from '../../../src/web/components/publish/format';
import { UploadFileRow } from '../../../src/web/components/publish/UploadFileRow';
import { describeUiPaths, message, see } from './harness';
import { bookStatusOf, realFile, uploadMachineFor } from './publish-support';

type FileActor = Actor<typeof uploadFileMachine>;

const NAME = 'Annual report.pdf';
const status = () => page.getByRole('listitem');
let reports: UploadFileReport[] = [];

describeUiPaths<FileActor>('upload-file', {
  mount: (run, input) => {
    const batch = uploadMachineFor(run.api, run.net, { visited: [], path: '/upload' });
    // The file machine the batch spawns; on its own, its reports to the batch are recorded here.
    reports = [];
    const machine = (batch.implementations.actors.uploadFile as AnyStateMachine).provide({
      actions: { report: (_: unknown, r: UploadFileReport) => reports.push(r) },
    }) as typeof uploadFileMachine;
    const given = input as UploadFileInput;
    const actor = run.create(machine, { ...given, file: realFile(given.file) });
    return {
      actor,
      view: (
        <ol>
          <UploadFileRow actor={actor} />
        </ol>
      ),
    };
  },
  // The browser's File stands for the path's `{name, size}`.
  context: (c) => ({ ...(c as object), file: undefined }),
  async step(event, { net, actor, clock, received }) {
    const e = event as unknown as { loaded: number; total: number; book: unknown; error: unknown };
    switch (event.type) {
      case 'file.start':
        // The batch says it is this file's turn.
        actor.send({ type: 'file.start' });
        return;
      case 'xstate.done.actor.preflight':
      case 'xstate.error.actor.preflight': {
        const request = await net.take('GET', 'account/book/preflight');
        expect(Object.fromEntries(request.url.searchParams)).toMatchObject({ name: NAME, size: '2048', publishing_mode: '1' });
        return net.answer(request, event);
      }
      case 'upload.progress':
        return (await net.takeUpload()).progress(e.loaded, e.total);
      case 'upload.done':
      case 'upload.failed': {
        const xhr = await net.takeUpload();
        expect(xhr.url).toBe('/api/pinwheel/document/create?v=2');
        expect(xhr.headers.authorization).toBe('Bearer token-1');
        expect((xhr.body?.get('file') as File | undefined)?.name).toBe(NAME);
        expect(xhr.body?.get('name')).toBe('Annual report');
        return net.answerUpload(xhr, event.type === 'upload.done' ? { book: e.book } : { error: e.error as never }, bookStatusOf);
      }
      case 'xstate.done.actor.getBook':
      case 'xstate.error.actor.getBook': {
        const request = await net.take('GET', 'account/book/get');
        expect(request.url.searchParams.get('id')).toBe(actor.getSnapshot().context.book?.id);
        return net.answer(request, event, bookStatusOf);
      }
    }
    if (event.type.startsWith('xstate.after.')) return clock.runUntil(() => received.includes(event.type), event.type);
    throw new Error(`no UI step for ${event.type}`);
  },
  async see(snapshot) {
    const { book, errorId, loaded, total } = snapshot.context;
    const phase = snapshot.matches('converting') ? 'converting' : (snapshot.value as string);
    const converting = ['converting', 'converted', 'untracked', 'conversionFailed'].includes(phase);
    const bar = page.getByRole('progressbar', { name: converting ? `Conversion of ${NAME}` : `Upload of ${NAME}` });
    await see(bar).toBeVisible();
    const text = (t: string) => see(status().getByText(t, { exact: true })).toBeVisible();
    switch (phase) {
      case 'queued':
        return text('Waiting for its turn');
      case 'preflight':
        return text('Preparing the upload…');
      case 'uploading':
        await see(bar).toHaveAttribute('aria-valuenow', String(Math.round((loaded / total) * 100)));
        return text(`Uploading… ${formatBytes(loaded)} of ${formatBytes(total)}`);
      case 'converting':
        return (book?.pagesTotal ?? 0) > 0 ? text(`Converting… page ${book?.pagesDone} of ${book?.pagesTotal}`) : text('Converting…');
      case 'converted':
        await see(bar).toHaveAttribute('aria-valuenow', '100');
        return text('Ready');
      case 'untracked':
        return text('Uploaded — see its progress in your publications');
      case 'conversionFailed':
        return see(page.getByRole('alert')).toHaveTextContent(
          `${message('book.error')} (${message(`book.error.code.${book?.errorCode}`)})`,
        );
      case 'failed':
        await see(page.getByRole('alert')).toHaveTextContent(message(errorId ?? 'publish.error'));
        // The batch hears that this file is over (and of a lost connection, for the proxy-error modal).
        expect(reports.map((r) => r.type)).toEqual(
          (snapshot.context as { errorId: string }).errorId === 'commons.networkError'
            ? ['file.networkError', 'file.settled', 'file.finished']
            : expect.arrayContaining(['file.settled', 'file.finished']),
        );
        return;
    }
    throw new Error(`no view check for ${phase}`);
  },
});

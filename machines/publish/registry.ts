import type { EventObject } from 'xstate';
import { type AdsContext, adsMachine } from '../ads.machine';
import { type PublishModalContext, type PublishModalEvent, publishModalMachine } from '../publish-modal.machine';
import type { MachineEntry } from '../registry-types';
import { type UploadContext, type UploadEvent, uploadMachine } from '../upload.machine';
import { type UploadFileContext, type UploadFileInput, uploadFileMachine } from '../upload-file.machine';
import { book, FILE_SETS, networkError, serverError } from './fixtures';

/** Registry entries of the publishing machines (spread into machines/index.ts). */

type Snap = { value: unknown; context: unknown };
const ctx = <T>(s: Snap) => s.context as T;
const value = (s: Snap) => JSON.stringify(s.value);

// ── publish modal ──
function publishModalEvents(s: Snap): PublishModalEvent[] {
  const c = ctx<PublishModalContext>(s);
  return [
    ...Object.values(FILE_SETS).map((files) => ({ type: 'user.pick' as const, files })),
    { type: 'user.drop', files: FILE_SETS.one },
    { type: 'user.drop', files: FILE_SETS.unsupported },
    { type: 'user.dragEnter' },
    { type: 'user.dragLeave' },
    ...(c.files.length > 0 ? [{ type: 'user.removeFile' as const, index: 0 }] : []),
    { type: 'user.setMode', mode: c.publishingMode === 1 ? 2 : 1 },
    { type: 'user.submit' },
    { type: 'user.close' },
  ];
}

// ── one file ──
const fileInput: UploadFileInput = {
  index: 1,
  file: { name: 'Annual report.pdf', size: 2048 },
  publishingMode: 1,
  startTime: 1_700_000_000_000,
};
const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, error }) as EventObject;

// ── the upload page ──
/**
 * What real files report, in the order they can (the paths drive the upload page: tests/paths/ui).
 * A file settles when its upload ends; files finish in order once settled (their conversion ends);
 * the last file may lose the connection once every other file finished: status 0 opens the
 * proxy-error modal, then that file settles and finishes as failed (three reports at once).
 */
function uploadEvents(s: Snap): EventObject[] {
  const c = ctx<UploadContext>(s);
  const v = s.value as { active?: { transfer: string; proxy: string } };
  if (!v.active) return [];
  const sending = v.active.transfer === 'sending';
  const last = c.entries.length - 1;
  const settledCount = sending ? c.current : c.entries.length;
  if (v.active.proxy === 'shown' && c.finished < c.entries.length) {
    // The lost file's own reports follow at once.
    const report: UploadEvent = sending ? { type: 'file.settled', index: c.current } : { type: 'file.finished', index: last, failed: true };
    return [report];
  }
  const events: (UploadEvent | EventObject)[] = [];
  if (sending) {
    events.push({ type: 'file.settled', index: c.current });
    if (c.current === last && c.finished === last) events.push({ type: 'file.networkError', index: c.current });
  }
  if (c.finished < settledCount)
    events.push({ type: 'file.finished', index: c.finished, failed: false }, { type: 'file.finished', index: c.finished, failed: true });
  events.push(
    { type: 'user.confirmProxyError' },
    { type: 'xstate.after.redirectDelay.upload.active.progress.redirecting' },
    { type: 'xstate.after.redirectDelayAfterErrors.upload.active.progress.redirectingAfterErrors' },
  );
  return events;
}

export const publishMachines: MachineEntry[] = [
  {
    id: 'publish-modal',
    title: 'Publish modal',
    description:
      'File chooser and drop zone: every selection is checked (no file, empty, over the size limit, too many files for the plan, unsupported type) before anything is sent; submit hands the files to the upload page.',
    machine: publishModalMachine,
    paths: {
      // A free account (one file) and a premium one (up to ten).
      inputs: [
        { maxFiles: 1, filesize: 1000 },
        { maxFiles: 10, filesize: 1000 },
      ],
      events: publishModalEvents,
      serializeState: (s) => {
        const c = ctx<PublishModalContext>(s);
        return `${value(s)}|${c.files.map((f) => f.name).join(',')}|${c.problems.map((p) => p.id).join(',')}|${c.publishingMode}`;
      },
      limit: 400,
    },
  },
  {
    id: 'upload-file',
    title: 'Upload file',
    description:
      'One file: waits for its turn, preflight (upload host), upload with byte progress, then follows the conversion (pages done / total) until DONE or ERROR; network status 0 is reported for the proxy-error modal.',
    machine: uploadFileMachine,
    paths: {
      input: fileInput,
      events: () => [
        { type: 'file.start' },
        done('preflight', { host: '/api', limit: 104_857_600 }),
        failed('preflight', networkError),
        failed('preflight', serverError),
        { type: 'upload.progress', loaded: 1024, total: 2048 },
        { type: 'upload.done', book: book('QUEUED') },
        { type: 'upload.done', book: book('DONE') },
        { type: 'upload.done', book: book('ERROR') },
        { type: 'upload.failed', error: networkError },
        { type: 'upload.failed', error: serverError },
        { type: 'xstate.after.pollInterval.uploadFile.converting.waiting' },
        done('getBook', book('CONVERTING')),
        done('getBook', book('DONE')),
        done('getBook', book('ERROR')),
        failed('getBook', networkError),
      ],
      serializeState: (s) => {
        const c = ctx<UploadFileContext>(s);
        return `${value(s)}|${c.pollFailures}|${c.book?.status ?? ''}|${c.loaded}`;
      },
    },
  },
  {
    id: 'upload',
    title: 'Upload page',
    description:
      'Files upload one after another; when every file finished (upload failed, or conversion DONE/ERROR) the page goes to /account/book after 1 s, or 5 s if any failed; network status 0 opens the proxy-error modal (one at a time) whose OK goes to /account/book.',
    machine: uploadMachine,
    paths: {
      input: {
        files: [FILE_SETS.two[0], FILE_SETS.two[1]],
        publishingMode: 1,
        startTime: 1_700_000_000_000,
      },
      events: uploadEvents,
      serializeState: (s) => {
        const c = ctx<UploadContext>(s);
        return `${value(s)}|${c.current}|${c.finished}|${c.failed > 0}`;
      },
    },
  },
  {
    id: 'ads',
    title: 'House ads',
    description: 'Free accounts: the upload page’s house ads change creative every 30 s; a hidden tab pauses the rotation.',
    machine: adsMachine,
    paths: {
      input: { creatives: 3 },
      events: () => [{ type: 'xstate.after.refresh.ads.rotating' }, { type: 'page.hidden' }, { type: 'page.visible' }],
      serializeState: (s) => `${value(s)}|${ctx<AdsContext>(s).index}`,
    },
  },
];

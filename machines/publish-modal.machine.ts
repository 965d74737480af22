import { type ActorRefFrom, assign, setup } from 'xstate';
import { checkFiles, type FileProblem, type PublishingMode } from '../src/contracts/books';
import type { PickedFile, PublishRequest } from './publish/types';

export interface PublishModalInput {
  /** SPEC §6: maxFilesFor(account.mode) — 1 below premium, 10 from premium up. */
  maxFiles: number;
  /** account.limits.filesize in bytes. */
  filesize: number;
}
export interface PublishModalContext extends PublishModalInput {
  /** The current selection (kept when rejected, so the user sees which file is the problem). */
  files: PickedFile[];
  /** checkFiles() of the selection (SPEC §5 Files); empty for a valid or empty selection. */
  problems: FileProblem[];
  /** SPEC §3: 1 public, 2 private. */
  publishingMode: PublishingMode;
}
export type PublishModalEvent =
  /** The file chooser changed (input type=file). */
  | { type: 'user.pick'; files: PickedFile[] }
  /** Files dropped on the zone (also ends the drag-over look). */
  | { type: 'user.drop'; files: PickedFile[] }
  | { type: 'user.dragEnter' }
  | { type: 'user.dragLeave' }
  | { type: 'user.removeFile'; index: number }
  | { type: 'user.setMode'; mode: PublishingMode }
  | { type: 'user.submit' }
  | { type: 'user.close' };
export type PublishModalOutput = ({ kind: 'submitted' } & PublishRequest) | { kind: 'closed' };

const limitsOf = (c: PublishModalContext) => ({ filesize: c.filesize, maxFiles: c.maxFiles });
const selected = (event: PublishModalEvent): PickedFile[] => (event.type === 'user.pick' || event.type === 'user.drop' ? event.files : []);
const withoutIndex = (c: PublishModalContext, event: PublishModalEvent): PickedFile[] =>
  event.type === 'user.removeFile' ? c.files.filter((_, i) => i !== event.index) : c.files;

/** A new selection replaces the old one (as a file input does) and is checked before anything is sent. */
const select = [
  { guard: 'selectionValid', target: '.ready', actions: 'select' },
  { target: '.rejected', actions: 'select' },
] as const;
/** Removing a file re-checks what is left (a free account that dropped two files keeps one). */
const removeFromRejected = [
  { guard: 'removingLast', target: 'empty', actions: 'removeFile' },
  { guard: 'validAfterRemoval', target: 'ready', actions: 'removeFile' },
  { target: 'rejected', actions: 'removeFile' },
] as const;
/** Part of a valid selection is valid too. */
const removeFromReady = [
  { guard: 'removingLast', target: 'empty', actions: 'removeFile' },
  { target: 'ready', actions: 'removeFile' },
] as const;

/**
 * The publish modal (SPEC §2 Publish modal, §5 Files, §6 multi-file upload): a file chooser and a
 * drop zone; every selection is checked with checkFiles() against the account's file size limit
 * and file count before anything is sent. Submitting a valid selection ends the machine with the
 * files and the publishing mode (the app hands them to the upload page); closing ends it too.
 */
export const publishModalMachine = setup({
  types: {
    context: {} as PublishModalContext,
    events: {} as PublishModalEvent,
    input: {} as PublishModalInput,
    output: {} as PublishModalOutput,
  },
  guards: {
    selectionValid: ({ context, event }) => checkFiles(selected(event), limitsOf(context)).length === 0,
    removingLast: ({ context, event }) => withoutIndex(context, event).length === 0,
    validAfterRemoval: ({ context, event }) => checkFiles(withoutIndex(context, event), limitsOf(context)).length === 0,
  },
  actions: {
    select: assign(({ context, event }) => {
      const files = selected(event);
      return { files, problems: checkFiles(files, limitsOf(context)) };
    }),
    removeFile: assign(({ context, event }) => {
      const files = withoutIndex(context, event);
      return { files, problems: files.length === 0 ? [] : checkFiles(files, limitsOf(context)) };
    }),
    /** Submitting nothing: publish.msg.nofile. */
    showNoFile: assign({ problems: (): FileProblem[] => [{ id: 'publish.msg.nofile' }] }),
    setMode: assign({
      publishingMode: ({ context, event }) => (event.type === 'user.setMode' ? event.mode : context.publishingMode),
    }),
  },
}).createMachine({
  id: 'publishModal',
  context: ({ input }) => ({ maxFiles: input.maxFiles, filesize: input.filesize, files: [], problems: [], publishingMode: 1 }),
  output: ({ event }) => event.output as PublishModalOutput,
  initial: 'choosing',
  states: {
    choosing: {
      type: 'parallel',
      on: {
        'user.setMode': { actions: 'setMode' },
        'user.close': { target: 'closed' },
      },
      states: {
        selection: {
          initial: 'empty',
          on: { 'user.pick': [...select], 'user.drop': [...select] },
          states: {
            empty: { on: { 'user.submit': { target: 'rejected', actions: 'showNoFile' } } },
            /** Some check failed: the messages show; submitting waits for a new selection. */
            rejected: { on: { 'user.removeFile': [...removeFromRejected] } },
            ready: {
              on: {
                'user.removeFile': [...removeFromReady],
                'user.submit': { target: '#publishModal.submitted' },
              },
            },
          },
        },
        /** The drop zone's look while files are dragged over it. */
        drag: {
          initial: 'idle',
          states: {
            idle: { on: { 'user.dragEnter': { target: 'over' } } },
            over: { on: { 'user.dragLeave': { target: 'idle' }, 'user.drop': { target: 'idle' } } },
          },
        },
      },
    },
    submitted: {
      type: 'final',
      output: ({ context }): PublishModalOutput => ({ kind: 'submitted', files: context.files, publishingMode: context.publishingMode }),
    },
    closed: { type: 'final', output: (): PublishModalOutput => ({ kind: 'closed' }) },
  },
});

/** A running publishModalMachine, as the views get it. */
export type PublishModalActorRef = ActorRefFrom<typeof publishModalMachine>;

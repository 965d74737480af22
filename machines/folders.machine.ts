import * as v from 'valibot';
import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import { type Folder, type FolderDeleteResult, FolderNameSchema } from '../src/contracts/presets';

/**
 * /account/folders (issue 6 "Folders"): the account's folders with their book counts.
 * loading → loaded | empty | failed (retry). Create, rename (inline) and delete (after a confirmation)
 * are optimistic: the list changes at once and the previous list comes back when the server refuses
 * (the API client raises the alert, errors.FOLDER.801/802/803). One change at a time.
 */

export interface FoldersContext {
  folders: Folder[];
  /** The list before the optimistic change in flight, restored when the server refuses it. */
  previous: Folder[] | null;
  /** The create form's name and its validation message id (validation.required | validation.max). */
  draft: string;
  draftError: string | null;
  /** The folder being renamed inline, the name typed and its validation message id. */
  editing: string | null;
  editName: string;
  editError: string | null;
  /** The folder whose deletion awaits confirmation (or is in flight). */
  removing: Folder | null;
}

export type FoldersEvent =
  | { type: 'user.retry' }
  | { type: 'user.draft'; value: string }
  | { type: 'user.create' }
  | { type: 'user.edit'; id: string }
  | { type: 'user.editName'; value: string }
  | { type: 'user.rename' }
  | { type: 'user.cancelEdit' }
  | { type: 'user.delete'; id: string }
  | { type: 'user.confirmDelete' }
  | { type: 'user.cancelDelete' };

/** The validation message id of a folder name, or null when it is valid (FolderNameSchema). */
export function folderNameError(name: string): string | null {
  const result = v.safeParse(FolderNameSchema, name);
  return result.success ? null : (result.issues[0]?.message ?? 'validation.required');
}

/** The server answers folders sorted by name ignoring case; the optimistic list keeps that order. */
export const sortFolders = (list: Folder[]): Folder[] =>
  [...list].sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));

/** Id of a folder created optimistically, until the server answers its real id. */
export const PENDING_ID = 'pending';

/** The manager's context before anything loads (the stories start from it too). */
export const initialContext: FoldersContext = {
  folders: [],
  previous: null,
  draft: '',
  draftError: null,
  editing: null,
  editName: '',
  editError: null,
  removing: null,
};

/** Create from the form: optimistic when the name is valid, else the form shows why. */
const create = [{ guard: 'draftValid', target: 'creating', actions: 'beginCreate' }, { actions: 'showDraftError' }] as const;

export const foldersMachine = setup({
  types: { context: {} as FoldersContext, events: {} as FoldersEvent },
  actors: {
    loadFolders: fromPromise<Folder[]>(async () => []),
    createFolder: fromPromise<Folder, { name: string }>(async ({ input }) => ({ id: 'new', name: input.name, books: 0 })),
    renameFolder: fromPromise<Folder, { id: string; name: string }>(async ({ input }) => ({ ...input, books: 0 })),
    deleteFolder: fromPromise<FolderDeleteResult, { id: string }>(async ({ input }) => ({ id: input.id, books: 0 })),
  },
  actions: {
    beginCreate: assign({
      previous: ({ context }) => context.folders,
      folders: ({ context }) => sortFolders([...context.folders, { id: PENDING_ID, name: context.draft.trim(), books: 0 }]),
      draftError: null,
    }),
    showDraftError: assign({ draftError: ({ context }) => folderNameError(context.draft) }),
    restore: assign({
      folders: ({ context }) => context.previous ?? context.folders,
      previous: null,
      removing: null,
    }),
  },
  guards: {
    noFolders: ({ context }) => context.folders.length === 0,
    draftValid: ({ context }) => folderNameError(context.draft) === null,
    editValid: ({ context }) => context.editing !== null && folderNameError(context.editName) === null,
    /** Renaming to the same name changes nothing: leave the inline editor without a request. */
    editUnchanged: ({ context }) => context.folders.find((f) => f.id === context.editing)?.name === context.editName.trim(),
    knownFolder: ({ context, event }) => 'id' in event && context.folders.some((f) => f.id === event.id),
  },
}).createMachine({
  id: 'folders',
  context: initialContext,
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadFolders',
        src: 'loadFolders',
        onDone: { target: 'ready', actions: assign({ folders: ({ event }) => event.output }) },
        onError: 'failed',
      },
    },
    failed: { on: { 'user.retry': 'loading' } },
    ready: {
      initial: 'check',
      on: {
        'user.draft': { actions: assign({ draft: ({ event }) => event.value, draftError: null }) },
      },
      states: {
        check: { always: [{ guard: 'noFolders', target: 'empty' }, { target: 'loaded' }] },
        empty: { on: { 'user.create': create, 'user.retry': 'reloading' } },
        loaded: {
          on: {
            'user.create': create,
            'user.retry': 'reloading',
            'user.edit': {
              guard: 'knownFolder',
              actions: assign({
                editing: ({ event }) => event.id,
                editName: ({ context, event }) => context.folders.find((f) => f.id === event.id)?.name ?? '',
                editError: null,
              }),
            },
            'user.editName': { actions: assign({ editName: ({ event }) => event.value, editError: null }) },
            'user.cancelEdit': { actions: assign({ editing: null, editError: null }) },
            'user.rename': [
              { guard: 'editUnchanged', actions: assign({ editing: null, editError: null }) },
              {
                guard: 'editValid',
                target: 'renaming',
                actions: assign({
                  previous: ({ context }) => context.folders,
                  folders: ({ context }) =>
                    sortFolders(context.folders.map((f) => (f.id === context.editing ? { ...f, name: context.editName.trim() } : f))),
                }),
              },
              { actions: assign({ editError: ({ context }) => folderNameError(context.editName) }) },
            ],
            'user.delete': {
              guard: 'knownFolder',
              target: 'confirming',
              actions: assign({ removing: ({ context, event }) => context.folders.find((f) => f.id === event.id) ?? null, editing: null }),
            },
          },
        },
        confirming: {
          on: {
            'user.cancelDelete': { target: 'loaded', actions: assign({ removing: null }) },
            'user.confirmDelete': {
              target: 'deleting',
              actions: assign({
                previous: ({ context }) => context.folders,
                folders: ({ context }) => context.folders.filter((f) => f.id !== context.removing?.id),
              }),
            },
          },
        },
        creating: {
          invoke: {
            id: 'createFolder',
            src: 'createFolder',
            input: ({ context }) => ({ name: context.draft.trim() }),
            onDone: {
              target: 'check',
              actions: assign({
                folders: ({ context, event }) => sortFolders([...context.folders.filter((f) => f.id !== PENDING_ID), event.output]),
                previous: null,
                draft: '',
              }),
            },
            // The typed name stays in the form so the user can correct it.
            onError: { target: 'check', actions: 'restore' },
          },
        },
        renaming: {
          invoke: {
            id: 'renameFolder',
            src: 'renameFolder',
            input: ({ context }) => ({ id: context.editing ?? '', name: context.editName.trim() }),
            onDone: {
              target: 'check',
              actions: assign({
                folders: ({ context, event }) => sortFolders(context.folders.map((f) => (f.id === event.output.id ? event.output : f))),
                previous: null,
                editing: null,
              }),
            },
            // The inline editor stays open with the typed name.
            onError: { target: 'check', actions: 'restore' },
          },
        },
        deleting: {
          invoke: {
            id: 'deleteFolder',
            src: 'deleteFolder',
            input: ({ context }) => ({ id: context.removing?.id ?? '' }),
            onDone: { target: 'check', actions: assign({ previous: null, removing: null }) },
            onError: { target: 'check', actions: 'restore' },
          },
        },
        reloading: {
          invoke: {
            id: 'reloadFolders',
            src: 'loadFolders',
            onDone: { target: 'check', actions: assign({ folders: ({ event }) => event.output }) },
            onError: 'check',
          },
        },
      },
    },
  },
});

/** A running foldersMachine, as the views get it. */
export type FoldersActorRef = ActorRefFrom<typeof foldersMachine>;

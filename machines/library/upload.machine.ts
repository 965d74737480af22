import * as v from 'valibot';
import { type ActorRefFrom, assign, fromCallback, setup } from 'xstate';
import { type ImageItem, type ImageKind, imageFileProblem, LIBRARY_NAME_MAX, nameFromFile } from '../../src/contracts/library';
import { errorMessageId } from '../sign-up/errors';

/**
 * One image upload of /account/background or /account/logo (issue 16): pick a file (checked at once
 * for type and size, SPEC §5 style: the message shows and nothing is sent), name it, upload it with
 * byte progress, then hand the new item to the library (the `report` action; library.machine.ts
 * provides it as `sendParent`) and start over. The server's refusals (type, size, dimensions,
 * unreadable, full library) show under the file, which can then be sent again or replaced.
 */

/** The file as the machine reads it (a browser File is one). */
export interface PickedImage {
  readonly name: string;
  readonly size: number;
  readonly type?: string;
}

export interface LibraryUploadInput {
  kind: ImageKind;
}

export interface LibraryUploadContext extends LibraryUploadInput {
  file: PickedImage | null;
  /** The name the item gets (the file name without its extension, editable). */
  name: string;
  nameError: string | null;
  /** Message id of why the file cannot go (errors.LIBRARY.96x, errors.PUBLISH.210, commons.*). */
  error: string | null;
  loaded: number;
  total: number;
}

export type LibraryUploadEvent =
  | { type: 'user.pick'; file: PickedImage }
  | { type: 'user.name'; value: string }
  | { type: 'user.upload' }
  | { type: 'user.cancel' }
  | { type: 'user.clear' }
  /** From the upload actor (XMLHttpRequest upload progress). */
  | { type: 'upload.progress'; loaded: number; total: number }
  | { type: 'upload.done'; item: ImageItem }
  | { type: 'upload.failed'; error: unknown };

/** What the uploader tells the library. */
export interface LibraryUploaded {
  type: 'library.uploaded';
  item: ImageItem;
}

export interface ImageUploadInput {
  kind: ImageKind;
  file: PickedImage;
  name: string;
}

const NameSchema = v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(LIBRARY_NAME_MAX, 'validation.max'));
/** The validation message id of an item name, or null. */
export function itemNameError(name: string): string | null {
  const result = v.safeParse(NameSchema, name);
  return result.success ? null : (result.issues[0]?.message ?? 'validation.invalid');
}

const fresh = { file: null, name: '', nameError: null, error: null, loaded: 0, total: 0 } as const;
/** A picked file is checked at once (type, size), before anything is sent. */
const pick = { target: 'checking', actions: 'pick' } as const;

export const libraryUploadMachine = setup({
  types: {
    context: {} as LibraryUploadContext,
    events: {} as LibraryUploadEvent,
    input: {} as LibraryUploadInput,
  },
  actors: {
    /** Sends the file; reports `upload.progress`, then `upload.done` or `upload.failed`. Stopping it aborts. */
    upload: fromCallback<LibraryUploadEvent, ImageUploadInput>(() => () => {}),
  },
  actions: {
    /** Hands the new item over (the library provides `sendParent`). */
    report: (_, _params: LibraryUploaded) => {},
    pick: assign(({ event }) => {
      const file = (event as Extract<LibraryUploadEvent, { type: 'user.pick' }>).file;
      return { ...fresh, file, name: nameFromFile(file.name), error: imageFileProblem(file) };
    }),
  },
  guards: {
    acceptable: ({ context }) => context.error === null,
    nameValid: ({ context }) => itemNameError(context.name) === null,
  },
}).createMachine({
  id: 'libraryUpload',
  context: ({ input }) => ({ kind: input.kind, ...fresh }),
  initial: 'idle',
  states: {
    idle: { on: { 'user.pick': pick } },
    checking: { always: [{ guard: 'acceptable', target: 'selected' }, { target: 'invalid' }] },
    invalid: { on: { 'user.pick': pick, 'user.clear': { target: 'idle', actions: assign(fresh) } } },
    selected: {
      on: {
        'user.pick': pick,
        'user.name': { actions: assign({ name: ({ event }) => event.value, nameError: null }) },
        'user.upload': [
          {
            guard: 'nameValid',
            target: 'uploading',
            actions: assign({ error: null, loaded: 0, total: ({ context }) => context.file?.size ?? 0 }),
          },
          { actions: assign({ nameError: ({ context }) => itemNameError(context.name) }) },
        ],
        'user.clear': { target: 'idle', actions: assign(fresh) },
      },
    },
    uploading: {
      // A new file waits for this one (or its cancellation).
      on: {
        'user.cancel': 'selected',
        'upload.progress': { actions: assign({ loaded: ({ event }) => event.loaded, total: ({ event }) => event.total }) },
        'upload.done': {
          target: 'idle',
          actions: [{ type: 'report', params: ({ event }) => ({ type: 'library.uploaded', item: event.item }) }, assign(fresh)],
        },
        'upload.failed': {
          target: 'selected',
          actions: assign({ error: ({ event }) => errorMessageId(event.error) ?? 'commons.requestError', loaded: 0 }),
        },
      },
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ kind: context.kind, file: context.file as PickedImage, name: context.name.trim() }),
      },
    },
  },
});

/** A running libraryUploadMachine, as the views get it. */
export type LibraryUploadActorRef = ActorRefFrom<typeof libraryUploadMachine>;

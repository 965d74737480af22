import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import {
  AVATAR_MAX_BYTES,
  AVATAR_MAX_PIXELS,
  AVATAR_MAX_SIDE,
  AVATAR_MIN_SIDE,
  AVATAR_TYPES,
  type AvatarCrop,
  type AvatarImages,
} from '../../src/contracts/profile';
import { errorMessageId } from '../accounts/errors';

/** The chosen file as the machine reads it (a browser `File`; only its size and declared type are looked at here). */
export interface AvatarFile {
  name?: string;
  size: number;
  type: string;
}
/** The chosen image once the browser read it: where it shows (an object URL) and its upright size. */
export interface LoadedImage {
  url: string;
  width: number;
  height: number;
}
export interface AvatarContext {
  /** The avatar the account has (`image.small` / large), nulls without one. */
  current: AvatarImages;
  file: AvatarFile | null;
  image: LoadedImage | null;
  /** The square to keep, in the image's pixels. */
  crop: AvatarCrop;
  /** Message id of the last refusal or failure. */
  error: string | null;
}
export interface AvatarInput {
  current: AvatarImages;
}
export type AvatarEvent =
  | { type: 'user.choose'; file: AvatarFile }
  /** Moves the square a step (arrow keys): -1, 0 or 1 per axis; `large` is ten steps. */
  | { type: 'user.nudge'; dx: -1 | 0 | 1; dy: -1 | 0 | 1; large?: boolean }
  /** Grows (1) or shrinks (-1) the square a step around its centre (+ and − keys, buttons). */
  | { type: 'user.zoom'; direction: 1 | -1 }
  /** Sets the square's size around its centre (the slider). */
  | { type: 'user.setSize'; size: number }
  /** Places the square (a pointer drag), moved inside the image. */
  | { type: 'user.place'; x: number; y: number }
  | { type: 'user.upload' }
  | { type: 'user.cancel' }
  | { type: 'user.remove' };

/** The client's refusals, as the server's errors (the same messages). */
const refusal = (code: number) => `errors.PROFILE.${code}`;

/** The smallest square: the small size (the image's shorter side is at least that, or it was refused). */
export const minCropSize = (image: Pick<LoadedImage, 'width' | 'height'>) => Math.min(AVATAR_MIN_SIDE, image.width, image.height);
/** A step of the arrow keys and the zoom: 2 % of the shorter side, at least one pixel. */
export const cropStep = (image: Pick<LoadedImage, 'width' | 'height'>) => Math.max(1, Math.round(Math.min(image.width, image.height) / 50));

/** A square inside the image, at least the smallest size, in whole pixels. */
export function clampCrop(crop: AvatarCrop, image: Pick<LoadedImage, 'width' | 'height'>): AvatarCrop {
  const largest = Math.min(image.width, image.height);
  const size = Math.round(Math.min(largest, Math.max(minCropSize(image), crop.size)));
  const x = Math.round(Math.min(image.width - size, Math.max(0, crop.x)));
  const y = Math.round(Math.min(image.height - size, Math.max(0, crop.y)));
  return { x, y, size };
}

/** The largest square in the middle: where a crop starts. */
export const centredCrop = (image: Pick<LoadedImage, 'width' | 'height'>): AvatarCrop => {
  const size = Math.min(image.width, image.height);
  return { x: Math.floor((image.width - size) / 2), y: Math.floor((image.height - size) / 2), size };
};

/** The same centre, another size. */
const resized = (crop: AvatarCrop, size: number, image: LoadedImage) =>
  clampCrop({ x: crop.x + (crop.size - size) / 2, y: crop.y + (crop.size - size) / 2, size }, image);

/**
 * The public profile's avatar (`/account/profile`): choose a PNG, JPEG or WebP (the declared type and
 * the size limit checked at once), the browser reads it (`readImage`: too small, too large or
 * unreadable is refused with the server's own messages), then a square is chosen over it — centred
 * and as large as possible to start; moved with a pointer or the arrow keys, resized with the slider
 * or + and − — and uploaded (the server crops, scales and re-encodes). The current avatar can be
 * removed. `releaseImage` lets go of the image the browser read whenever it is no longer shown.
 */
export const avatarMachine = setup({
  types: {
    context: {} as AvatarContext,
    events: {} as AvatarEvent,
    input: {} as AvatarInput,
  },
  actors: {
    /** Reads the chosen file as an image (an object URL and its upright size); rejects with a PROFILE error. */
    readImage: fromPromise<LoadedImage, AvatarFile>(async () => ({ url: '', width: 0, height: 0 })),
    /** `POST {api}/account/profile/avatar` with the file and the square; resolves the new avatar's URLs. */
    uploadAvatar: fromPromise<AvatarImages, { file: AvatarFile; crop: AvatarCrop }>(async () => ({ small: null, large: null })),
    /** `POST {api}/account/profile/avatar/delete`. */
    removeAvatar: fromPromise<void>(async () => undefined),
  },
  actions: {
    /** Lets go of the read image (revokes its object URL). */
    releaseImage: (_, _params: { url: string | null }) => {},
    /** The success feedback (the app pushes an alert; the current user already carries the new avatar). */
    notifySaved: () => {},
    choose: assign({
      file: ({ event }) => (event.type === 'user.choose' ? event.file : null),
      error: null,
    }),
    refuse: assign({
      error: ({ event }) => {
        if (event.type !== 'user.choose') return null;
        return event.file.size > AVATAR_MAX_BYTES ? refusal(985) : refusal(981);
      },
    }),
    setError: assign({ error: ({ event }) => ('error' in event ? errorMessageId(event.error) : null) }),
    forget: assign({ file: null, image: null, error: null }),
  },
  guards: {
    /** A PNG, JPEG or WebP by its declared type (the server reads the content), not empty, within the size limit. */
    acceptable: ({ event }) =>
      event.type === 'user.choose' &&
      (AVATAR_TYPES as readonly string[]).includes(event.file.type) &&
      event.file.size > 0 &&
      event.file.size <= AVATAR_MAX_BYTES,
    hasAvatar: ({ context }) => context.current.small !== null,
    /** The image read: its shorter side under the small size. */
    tooSmall: ({ event }) =>
      'output' in event && Math.min((event.output as LoadedImage).width, (event.output as LoadedImage).height) < AVATAR_MIN_SIDE,
    /** The image read: a side or its pixels over the limits. */
    tooBig: ({ event }) => {
      if (!('output' in event)) return false;
      const { width, height } = event.output as LoadedImage;
      return Math.max(width, height) > AVATAR_MAX_SIDE || width * height > AVATAR_MAX_PIXELS;
    },
  },
}).createMachine({
  id: 'avatar',
  context: ({ input }) => ({ current: input.current, file: null, image: null, crop: { x: 0, y: 0, size: 0 }, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'user.choose': [{ guard: 'acceptable', target: 'reading', actions: 'choose' }, { actions: 'refuse' }],
        'user.remove': { guard: 'hasAvatar', target: 'removing', actions: assign({ error: null }) },
      },
    },
    reading: {
      invoke: {
        id: 'readImage',
        src: 'readImage',
        input: ({ context }) => context.file as AvatarFile,
        onDone: [
          {
            guard: 'tooSmall',
            target: 'idle',
            actions: [
              { type: 'releaseImage', params: ({ event }) => ({ url: event.output.url }) },
              'forget',
              assign({ error: refusal(982) }),
            ],
          },
          {
            guard: 'tooBig',
            target: 'idle',
            actions: [
              { type: 'releaseImage', params: ({ event }) => ({ url: event.output.url }) },
              'forget',
              assign({ error: refusal(983) }),
            ],
          },
          {
            target: 'editing',
            actions: assign({ image: ({ event }) => event.output, crop: ({ event }) => centredCrop(event.output) }),
          },
        ],
        onError: { target: 'idle', actions: ['forget', 'setError'] },
      },
    },
    /** The read image shows (and is let go of when this ends) while the square is chosen and sent. */
    editing: {
      exit: { type: 'releaseImage', params: ({ context }) => ({ url: context.image?.url ?? null }) },
      initial: 'cropping',
      states: {
        cropping: {
          on: {
            'user.nudge': {
              actions: assign({
                crop: ({ context, event }) => {
                  const image = context.image as LoadedImage;
                  const step = cropStep(image) * (event.large ? 10 : 1);
                  return clampCrop({ ...context.crop, x: context.crop.x + event.dx * step, y: context.crop.y + event.dy * step }, image);
                },
              }),
            },
            'user.zoom': {
              actions: assign({
                crop: ({ context, event }) => {
                  const image = context.image as LoadedImage;
                  return resized(context.crop, context.crop.size + event.direction * cropStep(image), image);
                },
              }),
            },
            'user.setSize': {
              actions: assign({ crop: ({ context, event }) => resized(context.crop, event.size, context.image as LoadedImage) }),
            },
            'user.place': {
              actions: assign({
                crop: ({ context, event }) => clampCrop({ ...context.crop, x: event.x, y: event.y }, context.image as LoadedImage),
              }),
            },
            'user.choose': [{ guard: 'acceptable', target: '#avatar.reading', actions: 'choose' }, { actions: 'refuse' }],
            'user.cancel': { target: '#avatar.idle', actions: 'forget' },
            'user.upload': { target: 'uploading', actions: assign({ error: null }) },
          },
        },
        uploading: {
          invoke: {
            id: 'uploadAvatar',
            src: 'uploadAvatar',
            input: ({ context }) => ({ file: context.file as AvatarFile, crop: context.crop }),
            onDone: {
              target: '#avatar.idle',
              actions: ['forget', assign({ current: ({ event }) => event.output }), 'notifySaved'],
            },
            onError: { target: 'cropping', actions: 'setError' },
          },
        },
      },
    },
    removing: {
      invoke: {
        id: 'removeAvatar',
        src: 'removeAvatar',
        onDone: { target: 'idle', actions: [assign({ current: { small: null, large: null } }), 'notifySaved'] },
        onError: { target: 'idle', actions: 'setError' },
      },
    },
  },
});

/** A running avatarMachine, as the views get it. */
export type AvatarActorRef = ActorRefFrom<typeof avatarMachine>;

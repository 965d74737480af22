import { type ActorRefFrom, and, assign, fromPromise, type SnapshotFrom, setup, stateIn } from 'xstate';
import {
  BOOK_EMBED_DEFAULTS,
  type BookEmbedOptions,
  bookEmbedCode,
  bookEmbedUrl,
  isWidgetColor,
  libraryEmbedCode,
  libraryFrameHeight,
  WIDGET_DEFAULTS,
  type WidgetOptions,
  widgetQuery,
} from '../src/contracts/widget';
import { WIDGET_COPY_FEEDBACK_MS, WIDGET_PALETTE_SIZE, WIDGET_PREVIEW_DELAY_MS } from './constants';

/**
 * The widget (embed) modal (SPEC §2 Widget modal, §3 Widget options, §5 widget colour, §9): the
 * library widget of an account or folder, or the reader of one publication.
 *
 * Three parallel regions:
 * - `preview`: the preview frame shows `context.preview`; it is set at once when the modal opens,
 *   then 500 ms after the last change (each change restarts the wait), and not while the typed
 *   colour is invalid. A colour the user chose joins the recent palette when the preview shows it
 *   (so dragging the picker adds one colour, not every step; most recent first, no duplicates, 7
 *   kept) and `savePalette` persists it.
 * - `color`: whether the typed colour text is a valid #rgb/#rrggbb (invalid text is flagged, and
 *   the options keep the last valid colour).
 * - `copy`: copying the embed code (`copyCode` actor), the 1 s success indicator, or the failure
 *   (share.copy.msg.error).
 * Derived values for the view: `previewUrl`, `embedCode`, `showsLinkTarget` (linkTo embed hides it).
 */

export type WidgetMode = 'library' | 'book';

export interface WidgetInput {
  /** A library (account or folder) or one publication. */
  mode: WidgetMode;
  /** Library: the options' type and id come from here. */
  type?: WidgetOptions['type'];
  /** Account or folder id (library), book id (book). */
  id: string;
  /** Shown name, used as the iframe title. */
  name: string;
  /** Host bases (ClientConfig.embed / .viewer): '' or a path resolve against `origin`. */
  embed: string;
  viewer: string;
  /** The site's origin (location.origin): makes the pasted code absolute. */
  origin: string;
  /** Recent colours read from storage by the app. */
  palette?: string[];
}

export interface WidgetContext {
  mode: WidgetMode;
  name: string;
  embed: string;
  viewer: string;
  origin: string;
  options: WidgetOptions;
  book: BookEmbedOptions;
  /** The colour text as typed (may be invalid; options.bgColor keeps the last valid one). */
  colorText: string;
  palette: string[];
  /** A colour the user set since the last render: it joins the palette when the preview shows it. */
  chosenColor: string | null;
  /** URL the preview frame shows. */
  preview: string;
}

type OptionPatch = Partial<Omit<WidgetOptions, 'type' | 'id' | 'bgColor'>>;

export type WidgetEvent =
  | { type: 'user.option'; patch: OptionPatch }
  | { type: 'user.bookOption'; patch: Partial<BookEmbedOptions> }
  | { type: 'user.color'; value: string }
  | { type: 'user.copy' };

const absolute = (base: string, origin: string) => {
  try {
    return new URL(base || '/', `${origin}/`).toString().replace(/\/$/, '');
  } catch {
    return base;
  }
};

/** The URL the preview should show for these options (library widget or reader). */
export function previewUrl(c: Pick<WidgetContext, 'mode' | 'options' | 'book' | 'embed' | 'viewer' | 'origin'>): string {
  if (c.mode === 'book') return bookEmbedUrl(absolute(c.viewer, c.origin), c.options.id, c.book);
  return `${absolute(c.embed, c.origin)}/library/?${widgetQuery(c.options)}`;
}

/** The HTML to paste into another site. */
export function embedCode(c: WidgetContext): string {
  const src = previewUrl(c);
  return c.mode === 'book' ? bookEmbedCode(src, c.name) : libraryEmbedCode(src, c.name, libraryFrameHeight(c.options));
}

/** SPEC §2: choosing linkTo embed hides the link-target option. */
export const showsLinkTarget = (c: Pick<WidgetContext, 'mode' | 'options'>) => c.mode === 'library' && c.options.linkTo !== 'embed';

/** The palette with `color` first (lower-case, no duplicates, WIDGET_PALETTE_SIZE kept). */
export function pushColor(palette: readonly string[], color: string): string[] {
  const c = color.toLowerCase();
  return [c, ...palette.filter((p) => p !== c)].slice(0, WIDGET_PALETTE_SIZE);
}

/** Valid colours only, at most WIDGET_PALETTE_SIZE (storage may hold anything). */
export const cleanPalette = (list: unknown): string[] =>
  Array.isArray(list)
    ? [...new Set(list.filter((c): c is string => typeof c === 'string' && isWidgetColor(c)).map((c) => c.toLowerCase()))].slice(
        0,
        WIDGET_PALETTE_SIZE,
      )
    : [];

export const widgetMachine = setup({
  types: { context: {} as WidgetContext, events: {} as WidgetEvent, input: {} as WidgetInput },
  actors: {
    /** Writes the code to the clipboard (the app provides navigator.clipboard). */
    copyCode: fromPromise<void, { code: string }>(async () => {}),
  },
  actions: {
    /** Persists the recent colours (the app provides localStorage). */
    savePalette: (_, _params: { palette: string[] }) => {},
    render: assign(({ context }) => {
      const preview = previewUrl(context);
      const used = context.chosenColor !== null && context.options.theme === 'any';
      return { preview, chosenColor: null, palette: used ? pushColor(context.palette, context.options.bgColor) : context.palette };
    }),
  },
  guards: {
    validColor: ({ event }) => event.type === 'user.color' && isWidgetColor(event.value),
    colorValid: stateIn({ color: 'valid' }),
    isLibrary: ({ context }) => context.mode === 'library',
    isBook: ({ context }) => context.mode === 'book',
  },
  delays: { previewDelay: WIDGET_PREVIEW_DELAY_MS, copyFeedback: WIDGET_COPY_FEEDBACK_MS },
}).createMachine({
  id: 'widget',
  type: 'parallel',
  context: ({ input }) => {
    const context: WidgetContext = {
      mode: input.mode,
      name: input.name,
      embed: input.embed,
      viewer: input.viewer,
      origin: input.origin,
      options: { ...WIDGET_DEFAULTS, type: input.type ?? 'account', id: input.id },
      book: { ...BOOK_EMBED_DEFAULTS },
      colorText: WIDGET_DEFAULTS.bgColor,
      palette: cleanPalette(input.palette),
      chosenColor: null,
      preview: '',
    };
    // SPEC §2: the first render is immediate (the preview shows as the modal opens).
    return { ...context, preview: previewUrl(context) };
  },
  states: {
    preview: {
      initial: 'shown',
      states: {
        shown: {},
        waiting: {
          after: {
            previewDelay: [
              {
                guard: 'colorValid',
                target: 'shown',
                actions: ['render', { type: 'savePalette', params: ({ context }) => ({ palette: context.palette }) }],
              },
              // An invalid colour: the preview keeps the last good render until the text is fixed.
              { target: 'shown' },
            ],
          },
        },
      },
      on: {
        'user.option': {
          guard: 'isLibrary',
          target: '.waiting',
          actions: assign({ options: ({ context, event }) => ({ ...context.options, ...event.patch }) }),
        },
        'user.bookOption': {
          guard: 'isBook',
          target: '.waiting',
          actions: assign({ book: ({ context, event }) => ({ ...context.book, ...event.patch }) }),
        },
        // A valid colour is a change like any other (the colour region records it).
        'user.color': { guard: and(['isLibrary', 'validColor']), target: '.waiting' },
      },
    },
    color: {
      initial: 'valid',
      states: { valid: {}, invalid: {} },
      on: {
        'user.color': [
          {
            guard: and(['isLibrary', 'validColor']),
            target: '.valid',
            actions: assign({
              colorText: ({ event }) => event.value,
              chosenColor: ({ event }) => event.value.toLowerCase(),
              options: ({ context, event }) => ({ ...context.options, bgColor: event.value.toLowerCase(), theme: 'any' as const }),
            }),
          },
          { guard: 'isLibrary', target: '.invalid', actions: assign({ colorText: ({ event }) => event.value }) },
        ],
      },
    },
    copy: {
      initial: 'idle',
      states: {
        idle: { on: { 'user.copy': { target: 'copying' } } },
        copying: {
          invoke: {
            id: 'copyCode',
            src: 'copyCode',
            input: ({ context }) => ({ code: embedCode(context) }),
            onDone: { target: 'copied' },
            onError: { target: 'failed' },
          },
        },
        copied: {
          after: { copyFeedback: { target: 'idle' } },
          on: { 'user.copy': { target: 'copying' } },
        },
        failed: { on: { 'user.copy': { target: 'copying' } } },
      },
    },
  },
});

export type WidgetActorRef = ActorRefFrom<typeof widgetMachine>;
export type WidgetSnapshot = SnapshotFrom<typeof widgetMachine>;

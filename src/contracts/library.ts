import * as v from 'valibot';
import { count, epochMs, intIn } from './limits';

/**
 * The account's own branding libraries (issue 16: `/account/theme`, `/account/background`,
 * `/account/logo`): skins defined by their colours and toolbar style, background and logo images
 * uploaded and re-encoded by the server. Each item is addressed as `resource:<hex id>` in a book's
 * `skin.url`, `bg.url` or `logo.url` (SPEC §5), listed beside the presets in the book settings, and
 * only ever usable in the books of the account that owns it. Shared by the server and the client.
 */

export const LIBRARY_KINDS = ['skin', 'background', 'logo'] as const;
export type LibraryKind = (typeof LIBRARY_KINDS)[number];
export type ImageKind = Exclude<LibraryKind, 'skin'>;
export const IMAGE_KINDS = ['background', 'logo'] as const satisfies readonly ImageKind[];

/** The account page (ACCOUNT_MENU key, `/account/<page>`) and the API path segment of each kind. */
export const LIBRARY_PAGE = { skin: 'theme', background: 'background', logo: 'logo' } as const satisfies Record<LibraryKind, string>;
export type LibraryPage = (typeof LIBRARY_PAGE)[LibraryKind];

/** The book field an item of each kind fills. */
export const LIBRARY_FIELD = { skin: 'skin.url', background: 'bg.url', logo: 'logo.url' } as const satisfies Record<LibraryKind, string>;

/** Items of one kind an account may keep. */
export const LIBRARY_MAX: Readonly<Record<LibraryKind, number>> = { skin: 30, background: 30, logo: 30 };
export const LIBRARY_NAME_MAX = 60;

/** `resource:<hex>`: a library item's value in a book field. */
export const libraryLocation = (id: string) => `resource:${id}`;
/** Library ids are lowercase hex (the server's newId). */
export const LIBRARY_ID = /^[0-9a-f]{1,64}$/;

// ── Images ────────────────────────────────────────────────────────────────────────────────────────
/** Largest image file accepted (bytes). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** The image formats accepted, by MIME type, with the file name endings the chooser offers. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.webp'] as const;

export interface ImageRule {
  /** The shorter side at least, and the longer side at least (either orientation). */
  minShort: number;
  minLong: number;
  /** Neither side longer than this. */
  maxSide: number;
  /** The stored image fits in this box (never enlarged). */
  fit: { width: number; height: number };
  /** The preview fits in this box. */
  preview: { width: number; height: number };
}
export const IMAGE_RULES: Readonly<Record<ImageKind, ImageRule>> = {
  background: {
    minShort: 600,
    minLong: 800,
    maxSide: 8000,
    fit: { width: 3840, height: 3840 },
    preview: { width: 480, height: 320 },
  },
  logo: { minShort: 16, minLong: 16, maxSide: 2000, fit: { width: 1000, height: 1000 }, preview: { width: 320, height: 160 } },
};

/** Why a picked file cannot be uploaded (before it is sent), as an error message id; null when it may go. */
export function imageFileProblem(file: { name: string; size: number; type?: string }): string | null {
  if (file.size === 0) return 'errors.PUBLISH.210';
  const name = file.name.toLowerCase();
  const typed = file.type ? (IMAGE_TYPES as readonly string[]).includes(file.type) : false;
  if (!typed && !IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext))) return 'errors.LIBRARY.963';
  if (file.size > IMAGE_MAX_BYTES) return 'errors.LIBRARY.964';
  return null;
}

/** Whether width × height is within the kind's rule: 'small', 'large' or null (fine). */
export function dimensionProblem(kind: ImageKind, width: number, height: number): 'small' | 'large' | null {
  const rule = IMAGE_RULES[kind];
  if (width > rule.maxSide || height > rule.maxSide) return 'large';
  if (Math.min(width, height) < rule.minShort || Math.max(width, height) < rule.minLong) return 'small';
  return null;
}

/** The name an image gets from its file name: without the extension, trimmed to the limit. */
export function nameFromFile(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  return base
    .replace(/\.[^.]*$/, '')
    .replace(/[_]+/g, ' ')
    .trim()
    .slice(0, LIBRARY_NAME_MAX)
    .trim();
}

// ── Skins ─────────────────────────────────────────────────────────────────────────────────────────
/** How the reader draws its bars: opaque, see-through over the room, or no bar at all (icons only). */
export const SKIN_STYLES = ['solid', 'translucent', 'minimal'] as const;
export type SkinStyle = (typeof SKIN_STYLES)[number];
export const SKIN_COLOURS = ['toolbar', 'text', 'accent', 'background'] as const;
export type SkinColour = (typeof SKIN_COLOURS)[number];

/** `#rrggbb` (the colour inputs' own format), stored in lowercase. */
export const HEX6 = /^#[0-9a-f]{6}$/i;
const colour = v.pipe(v.string(), v.trim(), v.regex(HEX6, 'validation.invalid'), v.toLowerCase());
const name = v.pipe(v.string(), v.trim(), v.nonEmpty('validation.required'), v.maxLength(LIBRARY_NAME_MAX, 'validation.max'));
const id = v.pipe(v.string(), v.regex(LIBRARY_ID, 'validation.invalid'));

/**
 * A skin: the reader's toolbar colour, its text and icon colour, the accent (pressed buttons, search
 * marks) and the background around the pages, and the toolbar style.
 */
export const SkinDesignSchema = v.object({
  toolbar: colour,
  text: colour,
  accent: colour,
  background: colour,
  style: v.picklist(SKIN_STYLES, 'validation.invalid'),
});
export type SkinDesign = v.InferOutput<typeof SkinDesignSchema>;

export const SkinCreateSchema = v.object({ name, ...SkinDesignSchema.entries });
export const SkinUpdateSchema = v.object({ id, name, ...SkinDesignSchema.entries });
export type SkinInput = v.InferOutput<typeof SkinCreateSchema>;

/** `{id}` of get (query) and delete (body). */
export const LibraryIdSchema = v.object({ id });
/** The text fields of an image upload (multipart, beside the field `file`). */
export const ImageUploadFieldsSchema = v.object({ name: v.optional(name) });

/** A new skin's colours: the default skin's (2021). */
export const DEFAULT_SKIN_DESIGN: SkinDesign = {
  toolbar: '#14141c',
  text: '#ececf4',
  accent: '#7a78ff',
  background: '#1c1c24',
  style: 'solid',
};

// ── Contrast (WCAG 2.x relative luminance) ───────────────────────────────────────────────────────
const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
/** Relative luminance of `#rrggbb`, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
/** Text and icons need 4.5:1 against what they stand on (WCAG AA), the accent 3:1 (non-text contrast). */
export const CONTRAST_TEXT = 4.5;
export const CONTRAST_ACCENT = 3;

export interface ContrastWarning {
  /** `text`: text and icons on the toolbar; `accent`: the accent on the toolbar. */
  kind: 'text' | 'accent';
  ratio: number;
}

/**
 * What a reader might struggle to see in a skin (warnings: the skin may still be saved). A minimal
 * toolbar has no colour of its own: its text stands on the background.
 */
export function skinWarnings(design: Partial<SkinDesign>): ContrastWarning[] {
  const { toolbar = '', text = '', accent = '', background = '', style } = design;
  const behind = style === 'minimal' ? background : toolbar;
  if (!HEX6.test(behind)) return [];
  const out: ContrastWarning[] = [];
  if (HEX6.test(text)) {
    const ratio = contrastRatio(text, behind);
    if (ratio < CONTRAST_TEXT) out.push({ kind: 'text', ratio });
  }
  if (HEX6.test(accent)) {
    const ratio = contrastRatio(accent, behind);
    if (ratio < CONTRAST_ACCENT) out.push({ kind: 'accent', ratio });
  }
  return out;
}

// ── What the API answers ──────────────────────────────────────────────────────────────────────────
const common = {
  id: v.string(),
  name: v.string(),
  /** `resource:<id>`: the value a book field takes. */
  location: v.string(),
  /** The caller's publications that use it now. */
  books: count(),
  created: epochMs(),
  /** A preview the owner's browser can load (its session cookie opens it). */
  'url.preview': v.string(),
};
export const SkinItemSchema = v.object({ ...common, kind: v.literal('skin'), ...SkinDesignSchema.entries });
export type SkinItem = v.InferOutput<typeof SkinItemSchema>;

export const ImageItemSchema = v.object({
  ...common,
  kind: v.picklist(IMAGE_KINDS),
  width: intIn(1, 100_000),
  height: intIn(1, 100_000),
  /** Size of the stored (re-encoded) image. */
  bytes: count(),
  'url.image': v.string(),
});
export type ImageItem = v.InferOutput<typeof ImageItemSchema>;
export type LibraryItem = SkinItem | ImageItem;

/** GET `{api}/account/<page>/`: the items, newest first, and how many the account may keep. */
export const libraryListSchema = <T extends v.GenericSchema>(item: T) => v.object({ items: v.array(item), limit: count() });
export interface LibraryList<T extends LibraryItem> {
  items: T[];
  limit: number;
}
/** Delete answers the id and how many publications went back to the default. */
export const LibraryDeleteResultSchema = v.object({ id: v.string(), books: count() });
export type LibraryDeleteResult = v.InferOutput<typeof LibraryDeleteResultSchema>;

/**
 * Files of library items outside the API, on the skins host: `{skins}/brand/<id>/<file>`, `file`
 * one of BRAND_FILES. The reader's URLs carry the book (`b`) and, for a private one, its pages token
 * (`t`): an item is served to whoever may read a book of its owner that uses it, and to its owner.
 */
export const BRAND_FILES = ['image.webp', 'preview.webp', 'preview.svg'] as const;
export type BrandFile = (typeof BRAND_FILES)[number];

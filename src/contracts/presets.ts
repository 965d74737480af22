import * as v from 'valibot';
import { count } from './limits';

/**
 * Book presentation presets and folders (SPEC §3 Preset lists, Subscription (folder); §5 selector
 * values; §7 presets `account/book/preset/`, folders `account/subscription/`). Shared by the server
 * (catalogue, validation) and the settings modal.
 */

// ── Preset lists ──────────────────────────────────────────────────────────────────────────────────
/** The six lists the presets query answers, in the order the settings modal shows them. */
export const PRESET_LISTS = ['skins', 'backgrounds', 'logos', 'logolinks', 'musics', 'sfx'] as const;
export type PresetListName = (typeof PRESET_LISTS)[number];

/** The book field each list fills. */
export const PRESET_FIELD: Record<PresetListName, 'skin.url' | 'bg.url' | 'logo.url' | 'logo.link' | 'music.url' | 'sfx.url'> = {
  skins: 'skin.url',
  backgrounds: 'bg.url',
  logos: 'logo.url',
  logolinks: 'logo.link',
  musics: 'music.url',
  sfx: 'sfx.url',
};

export const PresetItemSchema = v.object({
  id: v.string(),
  name: v.string(),
  description: v.string(),
  /** skin | background | logo | logolink | music | sfx */
  type: v.string(),
  /** The value stored in the book field when chosen: `2021` for a skin, `resource:<hex>` for an asset, a URL for a logo link. */
  location: v.string(),
  enabled: v.boolean(),
  /** An absolute or root-relative URL a browser can load to preview it (image or audio). */
  'url.preview': v.string(),
  /** One of the account's own library items (issue 16: /account/theme, /background, /logo), listed apart from the presets. */
  own: v.optional(v.boolean()),
});
export type PresetItem = v.InferOutput<typeof PresetItemSchema>;

export const PresetListsSchema = v.object({
  skins: v.array(PresetItemSchema),
  backgrounds: v.array(PresetItemSchema),
  logos: v.array(PresetItemSchema),
  logolinks: v.array(PresetItemSchema),
  musics: v.array(PresetItemSchema),
  sfx: v.array(PresetItemSchema),
});
export type PresetLists = v.InferOutput<typeof PresetListsSchema>;

// ── Skins (SPEC §9 default skin 2021) ───────────────────────────────────────────────────────────────
/** The skins the reader knows (src/viewer/reader.css `[data-skin]`); any other value reads as the first. */
export const PRESET_SKINS = ['2021', 'classic', 'night'] as const;
export type PresetSkin = (typeof PRESET_SKINS)[number];

// ── Selector values (SPEC §5) ─────────────────────────────────────────────────────────────────────
/** `resource:` plus a hex id: an asset of the preset catalogue (or one the account uploaded). */
export const RESOURCE_TOKEN = /^resource:[0-9a-f]{1,64}$/i;
/** A host-like token of letters, digits, dots and hyphens (a skin name such as `2021`). */
export const HOST_TOKEN = /^[A-Za-z0-9.-]{1,100}$/;

/** An absolute http(s) URL (SPEC §5: logo link, sfx url, music url must be valid URLs; remote selector values start with http or https). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const u = new URL(value);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

/** Skin, background and logo values: a resource token, a host-like token, or a remote http(s) URL. */
export const isSelectorValue = (value: string): boolean => RESOURCE_TOKEN.test(value) || HOST_TOKEN.test(value) || isHttpUrl(value);

/** Music and sound values: a resource token of the catalogue or a remote http(s) URL. */
export const isSoundValue = (value: string): boolean => RESOURCE_TOKEN.test(value) || isHttpUrl(value);

/** A background may also be a plain colour (#rgb, #rgba, #rrggbb, #rrggbbaa), which the reader shows as is. */
export const HEX_COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
export const isBackgroundValue = (value: string): boolean => HEX_COLOUR.test(value) || isSelectorValue(value);

// ── Folders (SPEC §3 Subscription) ────────────────────────────────────────────────────────────────
export const FOLDER_NAME_MAX = 100;
/** Folders per account. */
export const FOLDERS_MAX = 200;

export const FolderSchema = v.object({
  id: v.string(),
  name: v.string(),
  /** Books assigned to it. */
  books: count(),
});
export type Folder = v.InferOutput<typeof FolderSchema>;
/** GET {api}/account/subscription/ answers the account's folders, sorted by name ignoring case. */
export const FolderListSchema = v.array(FolderSchema);
/** Delete answers the folder id and how many books left it (they stay, without a folder). */
export interface FolderDeleteResult {
  id: string;
  books: number;
}

export const FolderNameSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(FOLDER_NAME_MAX, 'validation.max'),
);
export const FolderCreateSchema = v.object({ name: FolderNameSchema });
export const FolderUpdateSchema = v.object({ id: v.pipe(v.string(), v.maxLength(64)), name: FolderNameSchema });
export const FolderDeleteSchema = v.object({ id: v.pipe(v.string(), v.maxLength(64)) });

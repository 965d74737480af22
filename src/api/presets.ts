import * as v from 'valibot';
import { BookSettingsSchema, PRESET_FIELDS } from '../contracts/books';
import { type Folder, type FolderDeleteResult, FolderSchema, type PresetLists, PresetListsSchema } from '../contracts/presets';
import type { ApiClient } from './client';

/**
 * Book settings look-ups (SPEC §7 presets, Folders; DESIGN §8):
 * - presets GET {api}/account/book/preset/ → skins, backgrounds, logos, logolinks, musics, sfx
 * - folders GET {api}/account/subscription/ → the account's folders
 * Silent (ignoreAlerts): the settings modal reports a failure itself and closes (SPEC §8).
 */
export const PRESETS_URL = 'account/book/preset/';
export const FOLDERS_URL = 'account/subscription/';

const FoldersSchema = v.array(FolderSchema);
const FolderDeleteResultSchema = v.object({ id: v.string(), books: v.number() });

export interface PresetsApi {
  presets(signal?: AbortSignal): Promise<PresetLists>;
  folders(signal?: AbortSignal): Promise<Folder[]>;
}

/**
 * The folder manager's calls (/account/folders). Not silent: a refusal (errors.FOLDER.801/802/803)
 * raises the API client's alert while the manager restores its list.
 */
export interface FoldersApi {
  list(signal?: AbortSignal): Promise<Folder[]>;
  create(name: string, signal?: AbortSignal): Promise<Folder>;
  rename(id: string, name: string, signal?: AbortSignal): Promise<Folder>;
  remove(id: string, signal?: AbortSignal): Promise<FolderDeleteResult>;
}

export function foldersApi(api: ApiClient): FoldersApi {
  const post = (signal?: AbortSignal) => ({ method: 'POST' as const, ...(signal ? { signal } : {}) });
  return {
    list: (signal) => api.call(FOLDERS_URL, { method: 'GET', schema: FoldersSchema, ...(signal ? { signal } : {}) }),
    create: (name, signal) => api.call(`${FOLDERS_URL}create`, { ...post(signal), json: { name }, schema: FolderSchema }),
    rename: (id, name, signal) => api.call(`${FOLDERS_URL}update`, { ...post(signal), json: { id, name }, schema: FolderSchema }),
    remove: (id, signal) => api.call(`${FOLDERS_URL}delete`, { ...post(signal), json: { id }, schema: FolderDeleteResultSchema }),
  };
}

export function presetsApi(api: ApiClient): PresetsApi {
  const opts = (signal?: AbortSignal) => ({ method: 'GET' as const, ignoreAlerts: true, ...(signal ? { signal } : {}) });
  return {
    presets: (signal) => api.call(PRESETS_URL, { ...opts(signal), schema: PresetListsSchema }),
    folders: (signal) => api.call(FOLDERS_URL, { ...opts(signal), schema: FoldersSchema }),
  };
}

/**
 * The upload form fields kept by "save as presets" (the current user's config.bookPresets, SPEC §3):
 * only the presentation fields, each checked with the book contract (a stored value that no longer
 * passes is left out), and empty ones left out (the upload's default is none). For the publish flow to
 * send beside the file.
 */
export function bookPresetsOf(user: { config?: Record<string, unknown> } | null | undefined): Record<string, string | number> {
  const stored = user?.config?.bookPresets;
  if (typeof stored !== 'object' || stored === null) return {};
  const out: Record<string, string | number> = {};
  for (const field of PRESET_FIELDS) {
    const value = (stored as Record<string, unknown>)[field];
    if (value === null || value === undefined || value === '') continue;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (v.safeParse(BookSettingsSchema.entries[field], value).success) out[field] = value;
  }
  return out;
}

import type { AccountMode } from '../../src/contracts/accounts';
import type { Book, BulkItemResult } from '../../src/contracts/books';
import type { Folder, PresetLists } from '../../src/contracts/presets';
import type { CustomFlags, FieldName, FieldValue, Rights, Selector, SettingsForm, SettingsTab } from './form';

/** Context, events and actor inputs of the book settings machine (machines/book-settings.machine.ts). */

export interface BookSettingsInput {
  /** One book, or a selection (bulk edit with per-item results). */
  ids: string[];
  mode: AccountMode;
}

export interface BookSettingsContext {
  ids: string[];
  mode: AccountMode;
  presets: PresetLists | null;
  folders: Folder[];
  /** The book as loaded (one book only): its private link, its trigger tab. */
  book: Book | null;
  values: SettingsForm;
  /** The attributes as last saved: what a save compares with, restored when a save fails (SPEC §4). */
  saved: SettingsForm;
  /** `saved` before the running save took the form's values. */
  previous: SettingsForm | null;
  /** Fields the user changed (a bulk edit sends only these). */
  touched: FieldName[];
  /** Selectors showing their custom-URL input. */
  custom: CustomFlags;
  tab: SettingsTab;
  /** Message ids of invalid fields. */
  errors: Partial<Record<FieldName, string>>;
  /** publish.form.error after a refused save. */
  formError: string | null;
  /** Set once the presets are in (SPEC §2: rights are checked after presets load). */
  rights: Rights | null;
  /** The date picker's chosen time (ms) while it is open. */
  draft: number | null;
  /** "Save as presets": keep the presentation choices for later uploads. */
  savePresets: boolean;
  /** The private link was renewed: closing reports a change (the list reloads its covers' new tokens). */
  renewed: boolean;
}

export type BookSettingsEvent =
  | { type: 'user.tab'; tab: SettingsTab }
  | { type: 'user.field'; field: FieldName; value: FieldValue }
  /** The "custom URL" switch of a selector. */
  | { type: 'user.custom'; field: Selector; on: boolean }
  | { type: 'user.scheduleNow' }
  /** Opens the date picker; `now` in ms (events carry the clock so the machine stays pure). */
  | { type: 'user.openPicker'; now: number }
  /** A day or a time chosen in the picker (ms). */
  | { type: 'user.pickDate'; at: number }
  | { type: 'user.applyDate'; now: number }
  | { type: 'user.cancelPicker' }
  | { type: 'user.savePresets'; on: boolean }
  | { type: 'user.save'; now: number }
  | { type: 'user.close' }
  /** "Renew private link": asks for confirmation first. */
  | { type: 'user.renewLink' }
  | { type: 'user.confirmRenew' }
  | { type: 'user.cancelRenew' };

export interface LoadBookInput {
  ids: string[];
}
export interface SaveInput {
  ids: string[];
  fields: Record<string, unknown>;
}
export interface RenewInput {
  id: string;
}
/** One book's update answers `[{id, status: 'ok'}]` (a refusal rejects); a bulk edit answers per-item results. */
export type SaveOutput = BulkItemResult[];

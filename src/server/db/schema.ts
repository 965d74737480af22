import type { Insertable, Selectable, Updateable } from 'kysely';

/**
 * Table types for Kysely. Conventions that keep one set of migrations working on SQLite and
 * PostgreSQL: times are epoch milliseconds in `bigint` columns (read back as numbers on both),
 * booleans are `integer` 0/1, JSON is `text`; names are snake_case.
 */
export interface Database {
  settings: SettingsTable;
}

/** Instance-wide key/value settings. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}
export type Setting = Selectable<SettingsTable>;
export type NewSetting = Insertable<SettingsTable>;
export type SettingUpdate = Updateable<SettingsTable>;

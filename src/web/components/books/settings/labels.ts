import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { FieldName, Selector, SettingsTab } from '../../../../../machines/book-settings/form';
import { VIEW_MODE_LABELS } from '../../../i18n/view-modes';

/** Labels of the book settings modal (SPEC §2, §3 Book): tabs, fields and option values. */

export const TAB_LABELS: Record<SettingsTab, MessageDescriptor> = {
  general: msg({ id: 'book.settings.tab.general', message: 'General' }),
  sharing: msg({ id: 'book.settings.tab.sharing', message: 'Sharing' }),
  branding: msg({ id: 'book.settings.tab.branding', message: 'Branding' }),
  design: msg({ id: 'book.settings.tab.design', message: 'Design' }),
  sound: msg({ id: 'book.settings.tab.sound', message: 'Sound' }),
  trigger: msg({ id: 'book.settings.tab.trigger', message: 'Triggers' }),
};

export const FIELD_LABELS: Record<FieldName, MessageDescriptor> = {
  name: msg({ id: 'book.settings.name', message: 'Title' }),
  description: msg({ id: 'book.settings.description', message: 'Description' }),
  'document.view': msg({ id: 'book.settings.view', message: 'View mode' }),
  read_mode: msg({ id: 'book.settings.readMode', message: 'Reading direction' }),
  license_mode: msg({ id: 'book.settings.license', message: 'License' }),
  is_adult: msg({ id: 'book.settings.adult', message: 'Explicit content' }),
  'subscription.id': msg({ id: 'book.settings.folder', message: 'Folder' }),
  publishing_mode: msg({ id: 'book.settings.publishingMode', message: 'Visibility' }),
  private_url: msg({ id: 'book.settings.privateUrl', message: 'Private link' }),
  publish_date: msg({ id: 'book.settings.publishDate', message: 'Publication' }),
  download_mode: msg({ id: 'book.settings.download', message: 'Allow download' }),
  print_mode: msg({ id: 'book.settings.print', message: 'Allow printing' }),
  share_mode: msg({ id: 'book.settings.share', message: 'Show share buttons' }),
  comment_mode: msg({ id: 'book.settings.comments', message: 'Comments' }),
  subscribe_mode: msg({ id: 'book.settings.subscribe', message: 'Let readers subscribe' }),
  'skin.url': msg({ id: 'book.settings.skin', message: 'Skin' }),
  'bg.url': msg({ id: 'book.settings.background', message: 'Background' }),
  'logo.url': msg({ id: 'book.settings.logo', message: 'Logo' }),
  'logo.link': msg({ id: 'book.settings.logoLink', message: 'Logo link' }),
  'music.url': msg({ id: 'book.settings.music', message: 'Music' }),
  'music.mode': msg({ id: 'book.settings.musicMode', message: 'Music playback' }),
  'sfx.url': msg({ id: 'book.settings.sfx', message: 'Page-turn sound' }),
  'sfx.mode': msg({ id: 'book.settings.sfxMode', message: 'Page-turn sound playback' }),
};

/** Option values of the selects (SPEC §3 Book); the view modes have one name everywhere. */
export const VIEW_LABELS: Record<string, MessageDescriptor> = VIEW_MODE_LABELS;
export const READ_MODE_LABELS: Record<number, MessageDescriptor> = {
  0: msg({ id: 'book.settings.readMode.ltr', message: 'Left to right' }),
  1: msg({ id: 'book.settings.readMode.rtl', message: 'Right to left' }),
};
export const LICENSE_LABELS: Record<string, MessageDescriptor> = {
  '': msg({ id: 'book.settings.license.none', message: 'All rights reserved' }),
  by: msg({ id: 'book.settings.license.by', message: 'Creative Commons Attribution' }),
  by_nc: msg({ id: 'book.settings.license.by_nc', message: 'Creative Commons Attribution-NonCommercial' }),
  by_nc_nd: msg({ id: 'book.settings.license.by_nc_nd', message: 'Creative Commons Attribution-NonCommercial-NoDerivs' }),
  by_nc_sa: msg({ id: 'book.settings.license.by_nc_sa', message: 'Creative Commons Attribution-NonCommercial-ShareAlike' }),
  by_nd: msg({ id: 'book.settings.license.by_nd', message: 'Creative Commons Attribution-NoDerivs' }),
  by_sa: msg({ id: 'book.settings.license.by_sa', message: 'Creative Commons Attribution-ShareAlike' }),
  pd: msg({ id: 'book.settings.license.pd', message: 'Public domain' }),
};
export const COMMENT_LABELS: Record<number, MessageDescriptor> = {
  4: msg({ id: 'book.settings.comments.accept', message: 'Accept' }),
  1: msg({ id: 'book.settings.comments.moderate', message: 'Moderate first' }),
  0: msg({ id: 'book.settings.comments.refuse', message: 'Refuse' }),
};
/** music.mode 0 loops, 1 plays once; sfx.mode 0 plays on every turn, 1 none (SPEC §3). */
export const MUSIC_MODE_LABELS: Record<number, MessageDescriptor> = {
  0: msg({ id: 'book.settings.musicMode.loop', message: 'Play in a loop' }),
  1: msg({ id: 'book.settings.musicMode.once', message: 'Play once' }),
};
export const SFX_MODE_LABELS: Record<number, MessageDescriptor> = {
  0: msg({ id: 'book.settings.sfxMode.on', message: 'On every page turn' }),
  1: msg({ id: 'book.settings.sfxMode.off', message: 'No sound' }),
};

/** The "none" choice of a selector that may stay empty (the skin always has one). */
export const NONE_LABELS: Partial<Record<Selector, MessageDescriptor>> = {
  'bg.url': msg({ id: 'book.settings.none.background', message: 'Plain' }),
  'logo.url': msg({ id: 'book.settings.none.logo', message: 'No logo' }),
  'logo.link': msg({ id: 'book.settings.none.logoLink', message: 'No link' }),
  'music.url': msg({ id: 'book.settings.none.music', message: 'No music' }),
  'sfx.url': msg({ id: 'book.settings.none.sfx', message: 'Default sound' }),
};

/** Error ids of this modal that are not generic validation ids. */
export const OWN_ERRORS: Record<string, MessageDescriptor> = {
  'book.settings.schedule.past': msg({ id: 'book.settings.schedule.past', message: 'The publication date has passed: choose a later one' }),
  'publish.form.error': msg({ id: 'publish.form.error', message: 'Some settings need attention.' }),
};

/** A descriptor's translation, or the id's (or the raw value's) when there is none. */
export const tr = (i18n: I18n, descriptor: MessageDescriptor | undefined, fallback: string): string =>
  descriptor ? i18n._(descriptor) : i18n._(fallback);

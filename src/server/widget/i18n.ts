import { findLocalesDir } from '../mail/i18n';
import { loadPrefixedI18n } from '../reader/overview-i18n';

/** Translators of the library widget (`widget.library.*`), as the public pages do it (reader/overview-i18n.ts). */
export const loadWidgetI18n = (localesDir = findLocalesDir()) => loadPrefixedI18n('widget.library.', localesDir);

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type I18n, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../machines/constants';
// @ts-expect-error — plain JS module without types
import { parsePo } from '../../tools/i18n-check-lib.mjs';
import { findLocalesDir, type Translate } from '../mail/i18n';

const readPo: (text: string) => Map<string, string> = parsePo;

/** Compiled messages whose id starts with `prefix`, of one PO file (empty translations left out). */
function loadCatalog(localesDir: string, lang: string, prefix: string): Record<string, ReturnType<typeof compileMessage>> {
  const file = path.join(localesDir, lang, 'messages.po');
  if (!existsSync(file)) return {};
  const out: Record<string, ReturnType<typeof compileMessage>> = {};
  for (const [id, text] of readPo(readFileSync(file, 'utf8'))) {
    if (id.startsWith(prefix) && text !== '') out[id] = compileMessage(text);
  }
  return out;
}

/**
 * Translators of server-rendered pages, one per language, like the mail's (mail/i18n.ts) but for the
 * ids under `prefix`. A message missing from a catalog falls back to English, then to the source text
 * of the macro (compiled at run time, so the pages read right before the catalogs are extracted).
 */
export function loadPrefixedI18n(prefix: string, localesDir = findLocalesDir()): (language: Language) => Translate {
  const english = loadCatalog(localesDir, 'en', prefix);
  const instances = new Map<Language, I18n>();
  for (const lang of LANGUAGES) {
    const messages = lang === 'en' ? english : { ...english, ...loadCatalog(localesDir, lang, prefix) };
    const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(lang, i18n);
  }
  return (language) => {
    const i18n = (instances.get(language) ?? instances.get(DEFAULT_LANGUAGE)) as I18n;
    return (descriptor, values) => i18n._(descriptor.id ?? '', values, { message: descriptor.message });
  };
}

/** The public publication and publisher pages (`overview.*`). */
export const loadOverviewI18n = (localesDir = findLocalesDir()) => loadPrefixedI18n('overview.', localesDir);

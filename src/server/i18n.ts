import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type I18n, type MessageDescriptor, type Messages, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../contracts/languages';

/**
 * The server's translations (mails, the public pages, the library widget) from Lingui's compiled
 * catalogs, `{locales}/{lang}/messages.json`: `node build.mjs` compiles them into dist/server/locales
 * beside the server bundle, the server tests' global setup into the repository's locales/ (both with
 * src/tools/compile-catalogs.mjs, Lingui's compiler). The compiler already resolves a message missing
 * or empty in a language to its English text.
 */
const MARKER = path.join('locales', 'en', 'messages.json');

/** The compiled catalogs' folder: the nearest `locales/` above this module holding them, else ./locales. */
export function findLocalesDir(start = import.meta.dirname): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, MARKER))) return path.join(dir, 'locales');
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve('locales');
    dir = parent;
  }
}

export type Translate = (descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;
/** The translator of a language; an unknown language gets English. */
export type Translators = (language: string) => Translate;

function readCatalog(localesDir: string, lang: string): Messages {
  const file = path.join(localesDir, lang, 'messages.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { messages: Messages }).messages : {};
}

/**
 * One Lingui instance per language over its compiled catalog. An id no catalog carries yet (a new
 * message before extraction) shows the macro's source text, compiled at run time, placeholders filled
 * (the production bundle strips source texts: there it shows the id).
 */
export function loadTranslators(localesDir = findLocalesDir()): Translators {
  const instances = new Map<string, I18n>();
  for (const lang of LANGUAGES) {
    const i18n = setupI18n({ locale: lang, messages: { [lang]: readCatalog(localesDir, lang) } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(lang, i18n);
  }
  return (language) => {
    const i18n = (instances.get(language) ?? instances.get(DEFAULT_LANGUAGE satisfies Language)) as I18n;
    return (descriptor, values) => i18n._(descriptor.id ?? '', values, { message: descriptor.message });
  };
}

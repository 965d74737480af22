import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../../machines/constants';
// @ts-expect-error — plain JS module without types
import { parsePo } from '../../tools/i18n-check-lib.mjs';

const readPo: (text: string) => Map<string, string> = parsePo;
const MARKER = path.join('locales', 'en', 'messages.po');

/** The locales folder: the given one, else the nearest `locales/` above this module (src or dist), else ./locales. */
export function findLocalesDir(start = import.meta.dirname): string {
  let dir = start;
  for (;;) {
    if (existsSync(path.join(dir, MARKER))) return path.join(dir, 'locales');
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve('locales');
    dir = parent;
  }
}

/** Compiled `mail.*` messages of one PO file (empty translations left out). */
function loadCatalog(localesDir: string, lang: string): Record<string, ReturnType<typeof compileMessage>> {
  const file = path.join(localesDir, lang, 'messages.po');
  if (!existsSync(file)) return {};
  const out: Record<string, ReturnType<typeof compileMessage>> = {};
  for (const [id, text] of readPo(readFileSync(file, 'utf8'))) {
    if (id.startsWith('mail.') && text !== '') out[id] = compileMessage(text);
  }
  return out;
}

export type Translate = (descriptor: MessageDescriptor, values?: Record<string, string | number>) => string;

/** One Lingui instance per language, each falling back to English for missing translations. */
export interface MailI18n {
  translator(language: string): Translate;
}

export function loadMailI18n(localesDir = findLocalesDir()): MailI18n {
  const english = loadCatalog(localesDir, 'en');
  const instances = new Map<Language, I18n>();
  for (const lang of LANGUAGES) {
    const messages = lang === 'en' ? english : { ...english, ...loadCatalog(localesDir, lang) };
    instances.set(lang, setupI18n({ locale: lang, messages: { [lang]: messages } }));
  }
  return {
    translator(language) {
      const lang = (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
      const i18n = instances.get(lang) as I18n;
      return (descriptor, values) => i18n._(descriptor.id ?? '', values, { message: descriptor.message });
    },
  };
}

import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/** Lingui: seven locales, PO catalogs in locales/<lang>/messages.po, explicit ids where the spec names a key. */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['de', 'en', 'es', 'fr', 'it', 'pt', 'ru'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/{locale}/messages',
      include: ['<rootDir>/../src/web', '<rootDir>/../src/api', '<rootDir>/../src/viewer', '<rootDir>/../src/widget', '<rootDir>/../src/server'],
      exclude: ['**/node_modules/**'],
    },
  ],
  // A fixed creation date keeps catalogs diff-stable across extractions.
  format: formatter({ lineNumbers: false, origins: true, customHeaderAttributes: { 'POT-Creation-Date': '2026-11-22 00:00+0000' } }),
  orderBy: 'messageId',
  compileNamespace: 'json',
});

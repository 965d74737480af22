// Compiles the PO catalogs with Lingui's own compiler (@lingui/cli's API, what `lingui compile`
// runs), for the browser bundles and for the server's mail and server-rendered pages alike.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCompiledCatalog, getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const LINGUI_CONFIG = join(root, 'locales/lingui.config.ts');

/**
 * Compiles `{localesDir}/{lang}/messages.po` for every configured language and writes
 * `{outDir}/{lang}/messages.json` (`{"messages": {id: compiled}}`, the `json` namespace of
 * `lingui compile`). Returns the compiled messages by language. As `lingui compile` does, a message
 * missing or empty in a language falls back to the `fallbackLocales` (English), then to the source
 * text; a PO file that does not exist counts as empty. Throws on a message that does not compile.
 */
export async function compileCatalogs(localesDir = join(root, 'locales'), outDir = localesDir) {
  const base = getConfig({ configPath: LINGUI_CONFIG, skipValidation: true });
  const config = { ...base, catalogs: [{ path: join(localesDir, '{locale}', 'messages'), include: [], exclude: [] }] };
  const [catalog] = await getCatalogs(config);
  const out = {};
  for (const lang of config.locales) {
    const { messages } = await catalog.getTranslations(lang, {
      fallbackLocales: config.fallbackLocales,
      sourceLocale: config.sourceLocale,
    });
    const { source, errors } = createCompiledCatalog(lang, messages, { namespace: 'json' });
    if (errors.length) throw new Error(`${lang}: ${errors.map((e) => `${e.id}: ${e.error.message}`).join('; ')}`);
    const file = join(outDir, lang, 'messages.json');
    await mkdir(dirname(file), { recursive: true });
    // Written aside then renamed: a server or test reading the catalog never sees half a file.
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, source);
    await rename(temp, file);
    out[lang] = JSON.parse(source).messages;
  }
  return out;
}

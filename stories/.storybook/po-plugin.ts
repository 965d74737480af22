import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Plugin } from 'vite';
// @ts-expect-error — plain JS module without types
import { parsePo } from '../../src/tools/i18n-check-lib.mjs';

/** Imports a Lingui PO catalog as compiled messages: `import { messages } from '…/messages.po'`. */
export function poCatalogPlugin(): Plugin {
  return {
    name: 'quire-po-catalog',
    transform(code, id) {
      if (!id.endsWith('.po')) return null;
      const entries: Map<string, string> = parsePo(code);
      const compiled = Object.fromEntries([...entries].map(([key, text]) => [key, compileMessage(text)]));
      return { code: `export const messages = ${JSON.stringify(compiled)};`, map: null };
    },
  };
}

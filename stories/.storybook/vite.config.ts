/**
 * Vite config used only by Storybook (and later Vitest browser mode); the app is bundled by esbuild.
 * React plugin, the Lingui macro pre-transform, and PO catalogs imported as compiled messages.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { linguiMacroPlugin } from './lingui-macro-plugin.ts';
import { poCatalogPlugin } from './po-plugin.ts';

export const LINGUI_CONFIG = fileURLToPath(new URL('../../locales/lingui.config.ts', import.meta.url));

export default defineConfig({
  plugins: [poCatalogPlugin(), linguiMacroPlugin({ configPath: LINGUI_CONFIG }), react()],
});

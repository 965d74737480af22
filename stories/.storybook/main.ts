/**
 * Storybook 10 (Vite builder). Run from the repository root:
 *   storybook dev -c stories/.storybook -p 6006
 *   storybook build -c stories/.storybook -o dist/storybook --quiet
 * Works offline: telemetry, crash reports and "what's new" are off.
 */
import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';

process.env.LINGUI_CONFIG ??= fileURLToPath(new URL('../../locales/lingui.config.ts', import.meta.url));

const config: StorybookConfig = {
  stories: ['../**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs'],
  framework: {
    name: '@storybook/react-vite',
    options: {
      builder: { viteConfigPath: fileURLToPath(new URL('./vite.config.ts', import.meta.url)) },
    },
  },
  core: {
    disableTelemetry: true,
    enableCrashReports: false,
    disableWhatsNewNotifications: true,
  },
  typescript: { reactDocgen: false },
  // Storybook keeps only build.target from vite.config.ts; the diagram layout engine (elkjs) is one big chunk by nature.
  viteFinal: (viteConfig) => ({ ...viteConfig, build: { ...viteConfig.build, chunkSizeWarningLimit: 2048 } }),
};

export default config;

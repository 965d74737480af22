import type { Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { Decorator, Preview } from '@storybook/react-vite';
import { useMemo } from 'react';
import { messages as de } from '../../locales/de/messages.po';
import { messages as en } from '../../locales/en/messages.po';
import { messages as es } from '../../locales/es/messages.po';
import { messages as fr } from '../../locales/fr/messages.po';
import { messages as it } from '../../locales/it/messages.po';
import { messages as pt } from '../../locales/pt/messages.po';
import { messages as ru } from '../../locales/ru/messages.po';
import { createTestI18n } from '../../src/web/i18n/testing';
import '../../src/web/styles/tokens.css';
import '../../src/web/styles/base.css';
import '../../src/web/components/ui/ui.css';
import '../../src/web/styles/chrome.css';
import '../../src/web/styles/marketing.css';
import '../../src/web/styles/app.css';
import '../../src/web/styles/scroll-fade.css';

const CATALOGS: Record<string, Messages> = { de, en, es, fr, it, pt, ru };

/** Every story renders with the real catalog of the locale chosen in the toolbar (English by default). */
const withI18n: Decorator = (Story, context) => {
  const locale = String(context.globals.locale ?? 'en');
  const i18n = useMemo(() => createTestI18n(locale, CATALOGS[locale]), [locale]);
  return (
    <I18nProvider i18n={i18n}>
      <Story />
    </I18nProvider>
  );
};

const preview: Preview = {
  decorators: [withI18n],
  globalTypes: {
    locale: {
      description: 'Language of the stories',
      toolbar: { title: 'Language', icon: 'globe', items: Object.keys(CATALOGS), dynamicTitle: true },
    },
  },
  initialGlobals: { locale: 'en' },
  parameters: {
    layout: 'fullscreen',
    options: { storySort: { order: ['Machines', 'Design system', 'Components', '*'] } },
  },
};

export default preview;

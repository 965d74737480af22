import { type I18n, type Messages, setupI18n } from '@lingui/core';

/**
 * An activated i18n for Storybook and component tests. Their builds keep each macro's English source
 * text (descriptorFields 'all'), so English renders without a catalog; pass compiled messages to
 * render another language.
 */
export function createTestI18n(locale = 'en', messages: Messages = {}): I18n {
  return setupI18n({ locale, messages: { [locale]: messages } });
}

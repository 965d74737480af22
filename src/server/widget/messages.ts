import { msg } from '@lingui/core/macro';

/**
 * Visible strings of the library widget (server-rendered, src/server/widget/html.ts), extracted into
 * locales/<lang>/messages.po (ids `widget.library.*`). Placeholders: {name}, {count}, {date}.
 */
export const WIDGET_MESSAGES = {
  title: msg({ id: 'widget.library.title', message: 'Publications of {name}' }),
  empty: msg({ id: 'widget.library.empty', message: 'No publications yet.' }),
  unavailable: msg({ id: 'widget.library.unavailable', message: 'This library is not available.' }),
  prev: msg({ id: 'widget.library.prev', message: 'Previous' }),
  next: msg({ id: 'widget.library.next', message: 'Next' }),
  paging: msg({ id: 'widget.library.paging', message: 'More publications' }),
  views: msg({ id: 'widget.library.views', message: '{count, plural, one {# view} other {# views}}' }),
  pages: msg({ id: 'widget.library.pages', message: '{count, plural, one {# page} other {# pages}}' }),
  coverAlt: msg({ id: 'widget.library.cover', message: 'Cover of {name}' }),
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { DOCUMENT_VIEWS } from '../../contracts/books';

/**
 * The one name of each `document.view` value (SPEC §3 Book), everywhere it is shown: the book
 * settings, the embed modal and the reader's view menu (issue 22: "Slides (one page)", "Slide" and
 * "Single page" were one mode under three names).
 */
export const VIEW_MODE_LABELS: Record<(typeof DOCUMENT_VIEWS)[number], MessageDescriptor> = {
  auto: msg({ id: 'view.mode.auto', message: 'Automatic' }),
  book: msg({ id: 'view.mode.book', message: 'Two pages' }),
  slide: msg({ id: 'view.mode.slide', message: 'One page' }),
  scroll: msg({ id: 'view.mode.scroll', message: 'Scroll' }),
};

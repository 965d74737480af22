import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { TourName } from '../../../contracts/accounts';

/** One step: the element it points at (`data-tour="…"`) and what it says. */
export interface TourStep {
  target: string;
  title: MessageDescriptor;
  body: MessageDescriptor;
}

/**
 * The guided tours (SPEC §2: each shown once per tour name): the dashboard's and the book list's. A
 * step whose element is not on the page (e.g. hidden on a small screen) shows in the middle of it.
 */
export const TOURS: Readonly<Record<TourName, readonly TourStep[]>> = {
  dashboard: [
    {
      target: 'dashboard-sections',
      title: msg({ id: 'tour.dashboard.sections.title', message: 'Your account' }),
      body: msg({
        id: 'tour.dashboard.sections.body',
        message: 'Switch here between your dashboard, your personal details, your publications and the other sections.',
      }),
    },
    {
      target: 'dashboard-publish',
      title: msg({ id: 'tour.dashboard.publish.title', message: 'Publish a document' }),
      body: msg({
        id: 'tour.dashboard.publish.body',
        message: 'Upload a PDF or an office document: Quire turns it into a flipbook you can share and embed.',
      }),
    },
    {
      target: 'dashboard-plan',
      title: msg({ id: 'tour.dashboard.plan.title', message: 'Your plan' }),
      body: msg({
        id: 'tour.dashboard.plan.body',
        message: 'Your plan decides how large your files may be and which features you can use.',
      }),
    },
  ],
  books: [
    {
      target: 'books-publish',
      title: msg({ id: 'tour.books.publish.title', message: 'Add a publication' }),
      body: msg({ id: 'tour.books.publish.body', message: 'Publish another document: it appears in this list while it is converted.' }),
    },
    {
      target: 'books-toolbar',
      title: msg({ id: 'tour.books.toolbar.title', message: 'Find your publications' }),
      body: msg({
        id: 'tour.books.toolbar.body',
        message: 'Search by name, change the order, and choose between a grid and a list.',
      }),
    },
    {
      target: 'books-share',
      title: msg({ id: 'tour.books.share.title', message: 'Share your page' }),
      body: msg({
        id: 'tour.books.share.body',
        message: 'Your public page lists your public publications: share its link or embed your library on your site.',
      }),
    },
  ],
};

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ExploreTab } from '../reader/explore';

/** Strings of the explorer (site/explorer.tsx); the list's paging and card words are the publisher page's. */
export const EXPLORER_MESSAGES = {
  title: msg({ id: 'explorer.title', message: 'Explore publications' }),
  lead: msg({
    id: 'explorer.lead',
    message: 'Flipbooks published in the open on this Quire: the newest, the most read this week, and our picks.',
  }),
  description: msg({
    id: 'explorer.description',
    message: 'Discover public flipbooks on Quire: latest, most read and featured publications.',
  }),
  tabs: msg({ id: 'explorer.tabs', message: 'Lists' }),
  by: msg({ id: 'explorer.by', message: 'by {name}' }),
  publish: msg({ id: 'explorer.publish', message: 'Publish yours' }),
};

export const TAB_LABELS: Record<ExploreTab, MessageDescriptor> = {
  latest: msg({ id: 'explorer.tab.latest', message: 'Latest' }),
  week: msg({ id: 'explorer.tab.week', message: 'Most read this week' }),
  featured: msg({ id: 'explorer.tab.featured', message: 'Featured' }),
};

export const TAB_EMPTY: Record<ExploreTab, MessageDescriptor> = {
  latest: msg({ id: 'explorer.empty.latest', message: 'No public publications yet. Publish the first one!' }),
  week: msg({ id: 'explorer.empty.week', message: 'Nothing has been read this week yet.' }),
  featured: msg({ id: 'explorer.empty.featured', message: 'No featured publications yet.' }),
};

import { msg } from '@lingui/core/macro';

/**
 * Visible strings of the public pages (reader/overview-html.ts), extracted into locales/<lang>/messages.po
 * (ids `overview.*`). Placeholders: {title}, {name}, {n}, {count}, {page}, {pages}.
 */
export const OVERVIEW_MESSAGES = {
  publisher: msg({ id: 'overview.publisher', message: 'Publisher' }),
  published: msg({ id: 'overview.published', message: 'Published' }),
  pagesLabel: msg({ id: 'overview.pages.label', message: 'Pages' }),
  pagesCount: msg({ id: 'overview.pages.count', message: '{count, plural, one {# page} other {# pages}}' }),
  read: msg({ id: 'overview.read', message: 'Read' }),
  license: msg({ id: 'overview.license', message: 'Licence' }),
  licenseNone: msg({ id: 'overview.license.none', message: 'All rights reserved' }),
  licensePublicDomain: msg({ id: 'overview.license.publicDomain', message: 'Public domain' }),
  coverAlt: msg({ id: 'overview.cover.alt', message: 'Cover of {title}' }),
  explicit: msg({ id: 'overview.explicit', message: 'Explicit content' }),
  explicitTitle: msg({ id: 'overview.explicit.title', message: 'This publication contains explicit content' }),
  explicitText: msg({
    id: 'overview.explicit.text',
    message: 'It is meant for adults. Continue only if you are of age and wish to see it.',
  }),
  explicitConfirm: msg({ id: 'overview.explicit.confirm', message: 'I am of age, show it' }),
  explicitLeave: msg({ id: 'overview.explicit.leave', message: 'Leave' }),
  share: msg({ id: 'overview.share', message: 'Share' }),
  shareFacebook: msg({ id: 'overview.share.facebook', message: 'Facebook' }),
  shareX: msg({ id: 'overview.share.x', message: 'X' }),
  shareTumblr: msg({ id: 'overview.share.tumblr', message: 'Tumblr' }),
  sharePinterest: msg({ id: 'overview.share.pinterest', message: 'Pinterest' }),
  shareLinkedin: msg({ id: 'overview.share.linkedin', message: 'LinkedIn' }),
  shareMail: msg({ id: 'overview.share.mail', message: 'E-mail' }),
  embed: msg({ id: 'overview.embed', message: 'Embed' }),
  embedHelp: msg({ id: 'overview.embed.help', message: 'Copy this code into your site to show the publication:' }),
  textTitle: msg({ id: 'overview.text.title', message: 'Text of the publication' }),
  pageLabel: msg({ id: 'overview.page.label', message: 'Page {n}' }),
  publications: msg({ id: 'overview.publisher.publications', message: 'Publications' }),
  publicationsCount: msg({
    id: 'overview.publisher.count',
    message: '{count, plural, one {# publication} other {# publications}}',
  }),
  publisherDescription: msg({ id: 'overview.publisher.description', message: 'Publications by {name} on Quire.' }),
  publisherEmpty: msg({ id: 'overview.publisher.empty', message: 'No public publications yet.' }),
  publisherLinks: msg({ id: 'overview.publisher.links', message: 'Elsewhere on the web' }),
  publisherWebsite: msg({ id: 'overview.publisher.website', message: 'Website' }),
  pagingLabel: msg({ id: 'overview.paging.label', message: 'Pages of the list' }),
  pagingPrevious: msg({ id: 'overview.paging.previous', message: 'Previous' }),
  pagingNext: msg({ id: 'overview.paging.next', message: 'Next' }),
  pagingPosition: msg({ id: 'overview.paging.position', message: 'Page {page} of {pages}' }),
  notFoundTitle: msg({ id: 'overview.notFound.title', message: 'Page not found' }),
  notFoundText: msg({ id: 'overview.notFound.text', message: 'This page does not exist, or it is not public.' }),
  home: msg({ id: 'overview.home', message: 'Go to the home page' }),
};

import { msg } from '@lingui/core/macro';

/** Visible strings of the blog pages (blog/html.tsx), extracted into locales/<lang>/messages.po (ids `blog.*`). */
export const BLOG_MESSAGES = {
  title: msg({ id: 'blog.title', message: 'Quire blog' }),
  intro: msg({ id: 'blog.intro', message: 'News and guides about publishing flipbooks with Quire.' }),
  empty: msg({ id: 'blog.empty', message: 'No posts yet.' }),
  back: msg({ id: 'blog.back', message: 'All posts' }),
  home: msg({ id: 'blog.home', message: 'Back to Quire' }),
  notFoundTitle: msg({ id: 'blog.notFound.title', message: 'This post does not exist' }),
  notFoundText: msg({ id: 'blog.notFound.text', message: 'It may have been moved. The blog lists every post.' }),
};

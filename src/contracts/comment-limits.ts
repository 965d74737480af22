// The comment limits alone (no schema): machines/constants.ts re-exports them, and the app's first load
// imports that, so they live apart from comments.ts's schemas (esbuild places a file's code in one chunk).

/** A comment's text after trimming: 1 to this many characters. */
export const COMMENT_TEXT_MAX = 2000;
/** Comments the reader's panel (and the owner's moderation list) loads per page. */
export const COMMENTS_PAGE_SIZE = 20;

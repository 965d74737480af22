import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * Reading the server's HTML as a browser does (htmlparser2: entities decoded, raw-text elements such
 * as <script> and <textarea> kept whole), so tests check what a page says, not how it is spelled.
 */

export type HtmlElement = ReturnType<typeof DomUtils.getElementsByTagName>[number];

export const parseHtml = (html: string) => parseDocument(html);

/** Every element of this tag name, in document order. */
export const elementsOf = (html: string, tag: string): HtmlElement[] => DomUtils.getElementsByTagName(tag, parseHtml(html).children);

/** The decoded text of the page (or of one element). */
export const textOf = (node: string | HtmlElement): string => DomUtils.textContent(typeof node === 'string' ? parseHtml(node) : node);

/** The content of `<meta name=key>` or `<meta property=key>`, decoded. */
export const metaContent = (html: string, key: string): string | undefined =>
  elementsOf(html, 'meta').find((m) => m.attribs.name === key || m.attribs.property === key)?.attribs.content;

/** The href of the first `<link rel=rel>`, decoded. */
export const linkHref = (html: string, rel: string): string | undefined =>
  elementsOf(html, 'link').find((l) => l.attribs.rel === rel)?.attribs.href;

/** The text inside the `<script>` elements of this type (`type` undefined: every script), as written. */
export const scriptTexts = (html: string, type?: string): string[] =>
  elementsOf(html, 'script')
    .filter((s) => type === undefined || s.attribs.type === type)
    .map((s) => DomUtils.textContent(s));

/** Every element of the page, in document order. */
export const allElements = (html: string): HtmlElement[] => DomUtils.findAll(() => true, parseHtml(html).children);

/** The comments of the page (a value that opened one would hide the rest of the page). */
export const commentsOf = (html: string): string[] =>
  DomUtils.filter((node) => node.type === 'comment', parseHtml(html).children).map((node) => ('data' in node ? String(node.data) : ''));

/**
 * The value of a `<textarea>` as a browser shows it: htmlparser2 keeps its content raw, without
 * decoding entities, so the content (which holds no `<` when the server escaped it) is read as text.
 */
export function textareaValue(el: HtmlElement): string {
  const raw = DomUtils.textContent(el);
  if (raw.includes('<')) throw new Error('unescaped markup in a textarea');
  return textOf(raw);
}

import type { ReactElement, ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The one way the server writes HTML (public pages, reader page, widget, oEmbed, mail): React
 * components rendered with react-dom/server, so every text and attribute value is escaped by
 * construction and `javascript:` URLs in href/src/action are neutralised by React. Nothing here adds a
 * script that runs: the only inline scripts are JSON data blocks (`JsonScript`), which the strict CSP
 * (`script-src 'self'`) does not need to allow.
 *
 * The server bundle (build.mjs) compiles React in with NODE_ENV=production; tests run React's
 * development build, which also warns about malformed trees.
 */

/** A whole page: the doctype, then the `<html>` element. */
export const renderDocument = (document: ReactElement): string => `<!doctype html>\n${renderToStaticMarkup(document)}\n`;

/** Markup of elements that go into another document (a template, a JSON field). */
export const renderFragment = (node: ReactNode): string => renderToStaticMarkup(node);

/**
 * JSON text safe inside a `<script>` element: `<`, `>` and `&` as \u escapes (nothing can close the
 * element or open a comment, whatever the data holds), and U+2028/U+2029 too (old JavaScript parsers).
 * JSON.parse reads it back unchanged.
 */
export function scriptJson(data: unknown): string {
  return (JSON.stringify(data) ?? 'null').replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** A data block (`application/json`, `application/ld+json`): the one place the server sets raw HTML. */
export function JsonScript({ data, id, type = 'application/json' }: { data: unknown; id?: string; type?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: scriptJson escapes every character that could end the element.
  return <script type={type} id={id} dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />;
}

/** A data block's markup, for pages assembled from a built template (index.html, read.html). */
export const jsonScriptMarkup = (id: string, data: unknown): string => renderFragment(<JsonScript id={id} data={data} />);

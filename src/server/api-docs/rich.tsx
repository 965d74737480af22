import type { MessageDescriptor } from '@lingui/core';
import { Fragment, type ReactNode } from 'react';
import type { Translate } from '../i18n';

/** Marks where an element value stands in a translated text (never typed by a translator). */
const MARK = '\u0001';
const TOKEN = new RegExp(`<(\\d+)>([\\s\\S]*?)</\\1>|${MARK}(\\w+)${MARK}`, 'g');

/**
 * A translated sentence with elements inside, for server-rendered pages whose translator (`ctx.t`)
 * answers text: translators get the whole sentence. Values that are elements (code, a link) stand where
 * their `{placeholder}` is; `<0>…</0>` tags wrap translated words: the function of `tags` at that index
 * gets the text between the tags as children (a link, emphasis), as Lingui's <Trans> does in the app.
 */
export function rich(
  t: Translate,
  descriptor: MessageDescriptor,
  values: Record<string, ReactNode> = {},
  tags: ((children: ReactNode) => ReactNode)[] = [],
): ReactNode {
  const text: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(values)) {
    text[name] = typeof value === 'string' || typeof value === 'number' ? value : `${MARK}${name}${MARK}`;
  }
  const build = (source: string, prefix: string): ReactNode[] => {
    const out: ReactNode[] = [];
    let last = 0;
    for (const match of source.matchAll(TOKEN)) {
      if (match.index > last) out.push(source.slice(last, match.index));
      const key = `${prefix}${out.length}`;
      const [, tag, inner, name] = match;
      if (name !== undefined) out.push(<Fragment key={key}>{values[name]}</Fragment>);
      else {
        const wrap = tags[Number(tag)];
        const children = build(inner ?? '', `${key}.`);
        out.push(<Fragment key={key}>{wrap ? wrap(children) : children}</Fragment>);
      }
      last = match.index + match[0].length;
    }
    if (last < source.length) out.push(source.slice(last));
    return out;
  };
  return build(t(descriptor, text), '');
}

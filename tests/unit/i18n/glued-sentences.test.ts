import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// @ts-expect-error — plain JS module without types
import { parsePo } from '../../../src/tools/i18n-check-lib.mjs';

/**
 * Sentences glued without punctuation (issue 22: the publish modal read "…RTF, TXT One file up to
 * 100 MB."): wherever the app's views put two messages (or a value and a message) side by side in one
 * line of text, the first must end a sentence (., !, ?, :, …) before the next begins with a capital.
 * Reads every view's JSX: the children of an element, inline elements (span, strong, links…)
 * flattened, <Trans> and t({ id }) as their English message, `a ? b : c` and `a && b` as either.
 */
const root = join(import.meta.dirname, '../../..');
const en: Map<string, string> = parsePo(readFileSync(join(root, 'locales/en/messages.po'), 'utf8'));

/** Elements that flow inline with the text around them (when unstyled: a class may make one a block). */
const INLINE = new Set(['span', 'strong', 'em', 'b', 'i', 'a', 'small', 'code', 'abbr', 'mark', 'time']);
/** Elements that hold no running text of their own (their children are laid out apart). */
const STRUCTURAL = new Set([
  'div',
  'nav',
  'ul',
  'ol',
  'section',
  'header',
  'footer',
  'main',
  'aside',
  'form',
  'table',
  'thead',
  'tbody',
  'tr',
  'dl',
  'fieldset',
  'article',
  'svg',
  'g',
]);
/** A message ends its sentence (or introduces what follows). */
const ENDS_SENTENCE = /[.!?:;…»"”)\]]\s*$/;
const STARTS_SENTENCE = /^\s*[A-Z]/;
/** A separator between two parts of a line (`{' · '}`, ` | `, ` — `): it ends what comes before it. */
const SEPARATOR = /^[\s·•|—–/,;:]+$/;

type Item = { kind: 'msg'; starts: string[]; ends: string[]; ids: string[] } | { kind: 'value' } | { kind: 'space' } | { kind: 'break' };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : e.name.endsWith('.tsx') ? [join(dir, e.name)] : [],
  );
}

const tagName = (node: ts.JsxElement | ts.JsxSelfClosingElement) =>
  (ts.isJsxElement(node) ? node.openingElement.tagName : node.tagName).getText();

const attributesOf = (node: ts.JsxElement | ts.JsxSelfClosingElement) =>
  ts.isJsxElement(node) ? node.openingElement.attributes : node.attributes;
const hasClass = (node: ts.JsxElement | ts.JsxSelfClosingElement) =>
  attributesOf(node).properties.some((a) => ts.isJsxAttribute(a) && a.name.getText() === 'className');
/** A line of running text: an unstyled inline element flattens into it. */
const flattens = (node: ts.JsxElement | ts.JsxSelfClosingElement) => INLINE.has(tagName(node)) && !hasClass(node);

function attrId(attributes: ts.JsxAttributes): string | undefined {
  for (const a of attributes.properties) {
    if (ts.isJsxAttribute(a) && a.name.getText() === 'id' && a.initializer && ts.isStringLiteral(a.initializer)) return a.initializer.text;
  }
  return undefined;
}

/** `t({ id: 'x', … })` → 'x'. */
function callId(node: ts.Node): string | undefined {
  if (!ts.isCallExpression(node) || node.expression.getText() !== 't') return undefined;
  const [arg] = node.arguments;
  if (!arg || !ts.isObjectLiteralExpression(arg)) return undefined;
  for (const p of arg.properties) {
    if (ts.isPropertyAssignment(p) && p.name.getText() === 'id' && ts.isStringLiteral(p.initializer)) return p.initializer.text;
  }
  return undefined;
}

const message = (id: string): Item => {
  const text = en.get(id) ?? '';
  return { kind: 'msg', starts: [text], ends: [text], ids: [id] };
};

/** Either of two items (a conditional): a message when both are, else a value. */
function either(a: Item[], b: Item[]): Item[] {
  const only = (items: Item[]) => items.filter((i) => i.kind !== 'space');
  const [x] = only(a);
  const [y] = only(b);
  if (only(a).length === 1 && only(b).length === 1 && x?.kind === 'msg' && y?.kind === 'msg')
    return [{ kind: 'msg', starts: [...x.starts, ...y.starts], ends: [...x.ends, ...y.ends], ids: [...x.ids, ...y.ids] }];
  if (only(a).length === 1 && only(b).length === 0) return a;
  if (only(b).length === 1 && only(a).length === 0) return b;
  return [{ kind: 'break' }];
}

function itemsOfExpression(e: ts.Expression): Item[] {
  if (ts.isParenthesizedExpression(e)) return itemsOfExpression(e.expression);
  const id = callId(e);
  if (id) return [message(id)];
  if (ts.isConditionalExpression(e)) return either(itemsOfExpression(e.whenTrue), itemsOfExpression(e.whenFalse));
  if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.AmpersandAmpersandToken)
    return either(itemsOfExpression(e.right), []);
  if (ts.isJsxElement(e) || ts.isJsxSelfClosingElement(e) || ts.isJsxFragment(e)) return itemsOfNode(e);
  if (ts.isStringLiteral(e))
    return e.text.trim() === '' ? [{ kind: 'space' }] : SEPARATOR.test(e.text) ? [{ kind: 'break' }] : [{ kind: 'value' }];
  if (e.kind === ts.SyntaxKind.NullKeyword || e.kind === ts.SyntaxKind.FalseKeyword) return [];
  return [{ kind: 'value' }];
}

function itemsOfChildren(children: ts.NodeArray<ts.JsxChild>): Item[] {
  return children.flatMap((c) => itemsOfNode(c));
}

function itemsOfNode(node: ts.Node): Item[] {
  if (ts.isJsxText(node)) {
    if (node.text.trim() === '') return node.containsOnlyTriviaWhiteSpaces ? [] : [{ kind: 'space' }];
    return SEPARATOR.test(node.text) ? [{ kind: 'break' }] : [{ kind: 'value' }];
  }
  if (ts.isJsxExpression(node)) return node.expression ? itemsOfExpression(node.expression) : [];
  if (ts.isJsxFragment(node)) return itemsOfChildren(node.children);
  if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node)) {
    const tag = tagName(node);
    // Decoration no one reads (an icon before a label).
    if (attributesOf(node).properties.some((a) => ts.isJsxAttribute(a) && a.name.getText() === 'aria-hidden')) return [];
    if (tag === 'Trans') {
      const id = attrId(ts.isJsxElement(node) ? node.openingElement.attributes : node.attributes);
      return id ? [message(id)] : [{ kind: 'value' }];
    }
    if (ts.isJsxElement(node) && flattens(node)) return itemsOfChildren(node.children);
    return [{ kind: 'break' }];
  }
  return [];
}

/** Pairs of neighbours in one line of text where a sentence runs into the next. */
function gluedIn(items: Item[]): string[] {
  const found: string[] = [];
  const solid = items.filter((i) => i.kind !== 'space');
  for (let k = 1; k < solid.length; k++) {
    const [a, b] = [solid[k - 1], solid[k]];
    if (b?.kind !== 'msg' || !b.starts.some((s) => STARTS_SENTENCE.test(s))) continue;
    if (a?.kind === 'msg' && a.ends.some((s) => s.trim() !== '' && !ENDS_SENTENCE.test(s)))
      found.push(`${a.ids.join('|')} → ${b.ids.join('|')}`);
    if (a?.kind === 'value') found.push(`(a value) → ${b.ids.join('|')}`);
  }
  return found;
}

function gluedSentences(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    // Every element of running text (not one that flattens into its parent's, nor a component).
    if (ts.isJsxElement(node) && /^[a-z]/.test(tagName(node)) && !STRUCTURAL.has(tagName(node)) && !flattens(node)) {
      for (const g of gluedIn(itemsOfChildren(node.children))) found.push(`${relative(root, file)}: ${g}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no sentences glued without punctuation (issue 22)', () => {
  it('finds the glued sentence it was written for', () => {
    const fixture = join(import.meta.dirname, 'fixtures/glued.tsx');
    expect(gluedSentences(fixture)).toEqual([
      'tests/unit/i18n/fixtures/glued.tsx: (a value) → publish.limits.one',
      'tests/unit/i18n/fixtures/glued.tsx: account.overview.email → account.overview.plan',
    ]);
  });

  it('every view of the app', () => {
    const found = ['src/web', 'src/server'].flatMap((dir) => filesUnder(join(root, dir))).flatMap(gluedSentences);
    expect(found).toEqual([]);
  });
});

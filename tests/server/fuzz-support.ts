import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';

/**
 * Property-based request generation for tests/server/fuzz-routes.test.ts: the app's own route list,
 * arbitraries derived from the valibot contracts (src/contracts), their mutations (wrong types,
 * edge numbers, long and odd strings, nested junk, missing and extra fields, arrays for scalars) and
 * the encodings a client can send them in (query, JSON with raw number literals, form, multipart,
 * malformed bodies, wrong content types).
 */

// ── Routes ────────────────────────────────────────────────────────────────────────────────────────
export interface AppRoute {
  method: string;
  url: string;
}

/**
 * Every route the app registered (method and URL pattern, HEAD left out), read from Fastify's own
 * route tree (`printRoutes`): each line is an edge of the tree, its label the path piece below its
 * parent, so a route's URL is the concatenation of the labels from the root.
 */
export function listRoutes(app: FastifyInstance): AppRoute[] {
  const prefixes: string[] = [];
  const routes: AppRoute[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 1) continue;
    const depth = (at - 1) / 4;
    const label = line.slice(at + 3);
    const match = /^(.*?)(?: \(([A-Z, ]+)\))?$/.exec(label);
    if (!match) continue;
    const url = (depth > 0 ? (prefixes[depth - 1] ?? '') : '') + (match[1] ?? '');
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of (match[2] ?? '').split(',').map((m) => m.trim())) {
      if (method && method !== 'HEAD') routes.push({ method, url });
    }
  }
  return routes;
}

// ── Values that serialize specially ───────────────────────────────────────────────────────────────
/** A JSON number literal written as is (JSON.stringify cannot write 1e400 or 9007199254740993). */
export class RawNumber {
  constructor(readonly text: string) {}
  [fc.toStringMethod](): string {
    return `raw(${this.text})`;
  }
}

/** A value the test knows only when the request is sent (the fixture's ids can be re-created). */
export class Known {
  constructor(readonly name: string) {}
  [fc.toStringMethod](): string {
    return `known(${this.name})`;
  }
}

/** Replaces every Known by its current value. */
export function resolveKnown(value: unknown, lookup: (name: string) => unknown): unknown {
  if (value instanceof Known) return lookup(value.name);
  if (value instanceof RawNumber) return value;
  if (Array.isArray(value)) return value.map((item) => resolveKnown(item, lookup));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, item] of Object.entries(value)) {
      // defineProperty: a generated "__proto__" key stays a plain key.
      Object.defineProperty(out, k, { value: resolveKnown(item, lookup), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }
  return value;
}

/** JSON text; RawNumber literals as written, non-finite numbers as an overflowing literal. */
export function toJson(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'null';
    if (!Number.isFinite(value)) return value > 0 ? '1e400' : '-1e400';
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value)
      .map(([k, item]) => `${JSON.stringify(k)}:${toJson(item)}`)
      .join(',')}}`;
  }
  return JSON.stringify(value ?? null) ?? 'null';
}

/** A scalar as text (query strings, form fields, multipart parts); objects as JSON. */
export function asText(value: unknown): string {
  if (value instanceof RawNumber) return value.text;
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return toJson(value);
  return String(value);
}

/** key/value pairs of a flat encoding: arrays become repeated keys (sometimes `key[]`). */
export function pairs(value: unknown, bracketArrays: boolean): [string, string][] {
  if (!value || typeof value !== 'object' || Array.isArray(value) || value instanceof RawNumber) return [['value', asText(value)]];
  const out: [string, string][] = [];
  for (const [k, item] of Object.entries(value)) {
    if (Array.isArray(item)) for (const one of item) out.push([bracketArrays ? `${k}[]` : k, asText(one)]);
    else out.push([k, asText(item)]);
  }
  return out;
}

// ── Arbitraries from valibot schemas ──────────────────────────────────────────────────────────────
interface SchemaNode {
  kind: string;
  type: string;
  pipe?: readonly SchemaNode[];
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  options?: readonly unknown[];
  literal?: unknown;
  item?: SchemaNode;
  key?: SchemaNode;
  value?: SchemaNode;
  requirement?: unknown;
}

/** Known values to mix in for a field name (ids of the fixture, the owner's address…). */
export type FieldHints = (field: string) => fc.Arbitrary<unknown> | undefined;

const requirementOf = (pipe: readonly SchemaNode[], type: string): unknown => pipe.find((a) => a.type === type)?.requirement;
const SAFE = Number.MAX_SAFE_INTEGER;

function stringArbitrary(pipe: readonly SchemaNode[]): fc.Arbitrary<string> {
  const regex = requirementOf(pipe, 'regex');
  if (regex instanceof RegExp) {
    try {
      return fc.stringMatching(regex, { size: 'small' });
    } catch {
      // a pattern fast-check cannot generate from: plain strings below
    }
  }
  if (pipe.some((a) => a.type === 'email')) return fc.emailAddress();
  if (pipe.some((a) => a.type === 'url')) return fc.webUrl();
  const max = requirementOf(pipe, 'max_length');
  const min = requirementOf(pipe, 'min_length');
  return fc.string({
    minLength: typeof min === 'number' ? min : 0,
    maxLength: Math.min(typeof max === 'number' ? max : 40, 40),
  });
}

function numberArbitrary(pipe: readonly SchemaNode[]): fc.Arbitrary<number> {
  const min = requirementOf(pipe, 'min_value');
  const max = requirementOf(pipe, 'max_value');
  const lo = typeof min === 'number' ? Math.max(min, -SAFE) : undefined;
  const hi = typeof max === 'number' ? Math.min(max, SAFE) : undefined;
  if (pipe.some((a) => a.type === 'integer' || a.type === 'safe_integer')) {
    return fc.integer({ min: Math.max(lo ?? -SAFE, -SAFE), max: Math.min(hi ?? SAFE, SAFE) });
  }
  // Anything a double can be, infinities included (they go out as 1e400); an unbounded one also its edges.
  const double = fc.double({ noNaN: true, ...(lo !== undefined ? { min: lo } : {}), ...(hi !== undefined ? { max: hi } : {}) });
  return lo === undefined || hi === undefined
    ? fc.oneof(double, fc.constantFrom(...EDGE_NUMBERS) as unknown as fc.Arbitrary<number>)
    : double;
}

/**
 * Inputs the contract describes (valid as far as its shape, lengths, patterns and ranges go; checks
 * across fields are not attempted). A later schema in a pipe (a picklist after a union) wins.
 */
export function fromSchema(
  schema: v.GenericSchema | SchemaNode,
  hints: FieldHints = () => undefined,
  field?: string,
): fc.Arbitrary<unknown> {
  const node = schema as SchemaNode;
  const pipe = node.pipe ?? [];
  const later = pipe.slice(1).filter((a) => a.kind === 'schema');
  if (later.length > 0) return fromSchema(later[later.length - 1] as SchemaNode, hints, field);
  const plain = plainArbitrary(node, pipe, hints, field);
  const hint = field !== undefined ? hints(field) : undefined;
  return hint ? fc.oneof({ arbitrary: hint, weight: 2 }, { arbitrary: plain, weight: 1 }) : plain;
}

function plainArbitrary(node: SchemaNode, pipe: readonly SchemaNode[], hints: FieldHints, field?: string): fc.Arbitrary<unknown> {
  switch (node.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object': {
      const entries = node.entries ?? {};
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const required: string[] = [];
      const optional: string[] = [];
      for (const [key, entry] of Object.entries(entries)) {
        model[key] = fromSchema(entry, hints, key);
        // Fields the test knows values for (ids) are kept like required ones.
        const isOptional = entry.type === 'optional' || entry.type === 'nullish' || entry.type === 'exact_optional';
        if (!isOptional || hints(key) !== undefined) required.push(key);
        else optional.push(key);
      }
      const full = fc.record(model, { requiredKeys: required.filter((key) => isRequired(entries[key])) });
      if (optional.length === 0) return full;
      // Mostly the required fields and a few optional ones: with every field present, one failing
      // check somewhere would refuse nearly every input before it reaches the handler.
      const sparse = fc
        .tuple(fc.record(model, { requiredKeys: Object.keys(model) }), fc.subarray(optional, { maxLength: Math.min(3, optional.length) }))
        .map(([all, keep]) => Object.fromEntries(Object.entries(all).filter(([key]) => required.includes(key) || keep.includes(key))));
      return fc.oneof({ arbitrary: sparse, weight: 3 }, { arbitrary: full, weight: 1 });
    }
    case 'optional':
    case 'nullish':
    case 'exact_optional':
    case 'non_optional':
      return fromSchema(node.wrapped as SchemaNode, hints, field);
    case 'nullable':
      return fc.option(fromSchema(node.wrapped as SchemaNode, hints, field), { nil: null, freq: 4 });
    case 'string':
      return stringArbitrary(pipe);
    case 'number':
      return numberArbitrary(pipe);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'literal':
      return fc.constant(node.literal);
    case 'picklist':
      return fc.constantFrom(...(node.options ?? [null]));
    case 'union':
    case 'variant':
      return fc.oneof(...(node.options as SchemaNode[]).map((option) => fromSchema(option, hints, field)));
    case 'intersect':
      return fc
        .tuple(...(node.options as SchemaNode[]).map((option) => fromSchema(option, hints, field)))
        .map((parts) => Object.assign({}, ...parts.filter((p) => p && typeof p === 'object')));
    case 'array': {
      const max = requirementOf(pipe, 'max_length');
      const min = requirementOf(pipe, 'min_length');
      return fc.array(fromSchema(node.item as SchemaNode, hints, field), {
        minLength: typeof min === 'number' ? min : 0,
        maxLength: Math.min(typeof max === 'number' ? max : 5, 5),
      });
    }
    case 'record':
      return fc.dictionary(fromSchema(node.key as SchemaNode, hints) as fc.Arbitrary<string>, fromSchema(node.value as SchemaNode, hints), {
        maxKeys: 4,
      });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

const isRequired = (entry: SchemaNode | undefined) =>
  entry !== undefined && entry.type !== 'optional' && entry.type !== 'nullish' && entry.type !== 'exact_optional';

/**
 * A generated input with the fields its contract refuses taken out (a few rounds, top-level fields
 * only), so that valid inputs reach the handlers; checks across fields may still refuse it.
 */
export function repair(schema: v.GenericSchema, value: unknown, resolve: (value: unknown) => unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (let round = 0; round < 4; round++) {
    // As the server reads it from JSON (raw literals become numbers, 1e400 Infinity).
    const result = v.safeParse(schema, JSON.parse(toJson(resolve(out))));
    if (result.success) break;
    const keys = new Set(result.issues.map((issue) => issue.path?.[0]?.key).filter((key): key is string => typeof key === 'string'));
    const removable = [...keys].filter((key) => key in out);
    if (removable.length === 0) break;
    for (const key of removable) delete out[key];
  }
  return out;
}

export interface NumericFields {
  /** Top-level fields that take a number. */
  all: string[];
  /** Those whose number has no range (no min and max value, not a picklist of numbers). */
  loose: string[];
}

/** The number fields of an object contract (a union's or variant's options together). */
export function numericFields(schema: v.GenericSchema | SchemaNode): NumericFields {
  const kind = (node: SchemaNode | undefined, depth: number): 'none' | 'ranged' | 'loose' => {
    if (!node || typeof node !== 'object' || depth > 6) return 'none';
    const pipe = node.pipe ?? [];
    if (pipe.slice(1).some((a) => a.type === 'picklist' && (a.options ?? []).some((o) => typeof o === 'number'))) return 'ranged';
    if (node.type === 'picklist') return (node.options ?? []).some((o) => typeof o === 'number') ? 'ranged' : 'none';
    if (node.type === 'number')
      return pipe.some((a) => a.type === 'min_value') && pipe.some((a) => a.type === 'max_value') ? 'ranged' : 'loose';
    const kinds = [node.wrapped, ...((node.options ?? []) as SchemaNode[])].map((child) => kind(child, depth + 1));
    return kinds.includes('loose') ? 'loose' : kinds.includes('ranged') ? 'ranged' : 'none';
  };
  const node = schema as SchemaNode;
  const objects = node.entries ? [node] : ((node.options ?? []) as SchemaNode[]);
  const all = new Set<string>();
  const loose = new Set<string>();
  for (const object of objects) {
    for (const [key, entry] of Object.entries(object.entries ?? {})) {
      const k = kind(entry, 0);
      if (k !== 'none') all.add(key);
      if (k === 'loose') loose.add(key);
    }
  }
  return { all: [...all], loose: [...loose] };
}

/** Top-level fields of an object contract (a union's or variant's options together) that take free text. */
export function textFields(schema: v.GenericSchema | SchemaNode): string[] {
  const takesText = (node: SchemaNode | undefined, depth: number): boolean => {
    if (!node || typeof node !== 'object' || depth > 6) return false;
    if (node.type === 'string') return true;
    return [node.wrapped, ...((node.options ?? []) as SchemaNode[])].some((child) => takesText(child, depth + 1));
  };
  const node = schema as SchemaNode;
  const objects = node.entries ? [node] : ((node.options ?? []) as SchemaNode[]);
  return [
    ...new Set(
      objects.flatMap((o) =>
        Object.entries(o.entries ?? {})
          .filter(([, e]) => takesText(e, 0))
          .map(([key]) => key),
      ),
    ),
  ];
}

/** Every field name a set of schemas knows (for extra and misplaced fields). */
export function fieldNames(schemas: readonly (v.GenericSchema | SchemaNode)[]): string[] {
  const names = new Set<string>();
  const walk = (node: SchemaNode | undefined, depth: number) => {
    if (!node || depth > 6) return;
    for (const [key, entry] of Object.entries(node.entries ?? {})) {
      names.add(key);
      walk(entry, depth + 1);
    }
    for (const child of [node.wrapped, node.item, node.value, ...(node.pipe ?? []).slice(1)]) walk(child, depth + 1);
    for (const option of node.options ?? []) if (option && typeof option === 'object') walk(option as SchemaNode, depth + 1);
  };
  for (const schema of schemas) walk(schema as SchemaNode, 0);
  return [...names].sort();
}

// ── Junk ──────────────────────────────────────────────────────────────────────────────────────────
/** Numbers at and beyond every edge: unsafe integers, overflow to Infinity, -0, fractions, 64-bit. */
export const EDGE_NUMBERS = [
  '9007199254740993',
  '9007199254740992',
  '-9007199254740993',
  '1e308',
  '-1e308',
  '1e400',
  '-1e400',
  '1e-400',
  '-0',
  '0.5',
  '-1',
  '2147483648',
  '4294967296',
  '9223372036854775808',
  '1.7976931348623157e308',
  '123456789012345678901234567890',
].map((text) => new RawNumber(text));

/** Text that looks like a number to a lax parser, or is otherwise awkward. */
const ODD_TEXT = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '9007199254740993',
  '0x1f',
  '1.5',
  ' 1 ',
  '-1',
  '',
  'null',
  'true',
  'undefined',
  '[]',
  '{}',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  '\u200b',
  'İı',
  '🙂',
  '%00',
  '%',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  'javascript:alert(1)',
  '__proto__',
  'constructor',
];

const longString = fc
  .tuple(fc.constantFrom(65, 129, 257, 2049, 10_001, 70_000), fc.constantFrom('x', 'é', '🙂', '\u0000', '9'))
  .map(([n, unit]) => unit.repeat(n));

export const junkScalar: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom(...ODD_TEXT), weight: 3 },
  { arbitrary: fc.integer(), weight: 1 },
  { arbitrary: fc.double(), weight: 1 },
  { arbitrary: fc.boolean(), weight: 1 },
  { arbitrary: fc.constant(null), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }), weight: 1 },
  { arbitrary: longString, weight: 1 },
);

export const junkValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: junkScalar, weight: 6 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  { arbitrary: fc.array(junkScalar, { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), junkScalar, { maxKeys: 3 }), weight: 1 },
  {
    // nested deep enough to trip naive recursion, shallow enough to stay small
    arbitrary: fc.integer({ min: 20, max: 200 }).map((depth) => {
      let value: unknown = 1;
      for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
      return value;
    }),
    weight: 1,
  },
);

type Mutation =
  | { op: 'number'; at: number; loose: boolean; value: unknown }
  | { op: 'replace'; at: number; value: unknown }
  | { op: 'wrap'; at: number }
  | { op: 'drop'; at: number }
  | { op: 'add'; key: string; value: unknown }
  | { op: 'whole'; value: unknown };

const edgeNumber = fc.oneof(
  { arbitrary: fc.constantFrom(...EDGE_NUMBERS), weight: 3 },
  { arbitrary: fc.constantFrom(...ODD_TEXT.slice(0, 9)), weight: 1 },
);

function mutationArbitrary(ownKeys: readonly string[], extraKeys: readonly string[]): fc.Arbitrary<Mutation> {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...(ownKeys.length > 0 ? ownKeys : ['id'])), weight: 4 },
    { arbitrary: fc.constantFrom(...extraKeys, '__proto__', 'constructor', 'v', ''), weight: 2 },
    { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: fc.record({ op: fc.constant('number' as const), at: fc.nat(), loose: fc.boolean(), value: edgeNumber }), weight: 4 },
    { arbitrary: fc.record({ op: fc.constant('replace' as const), at: fc.nat(), value: junkValue }), weight: 6 },
    { arbitrary: fc.record({ op: fc.constant('wrap' as const), at: fc.nat() }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('drop' as const), at: fc.nat() }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('add' as const), key, value: junkValue }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('whole' as const), value: junkValue }), weight: 1 },
  );
}

function applyMutations(base: unknown, mutations: readonly Mutation[], numeric: NumericFields): unknown {
  let value: unknown = base;
  for (const m of mutations) {
    if (m.op === 'whole') {
      value = m.value;
      continue;
    }
    if (m.op === 'number') {
      // One number field at an edge, the others left valid; fields without a range first.
      const keys = m.loose && numeric.loose.length > 0 ? numeric.loose : numeric.all;
      const key = keys[m.at % Math.max(keys.length, 1)];
      if (key !== undefined && value && typeof value === 'object' && !Array.isArray(value)) {
        value = { ...(value as Record<string, unknown>), [key]: m.value };
      }
      continue;
    }
    if (!value || typeof value !== 'object' || Array.isArray(value) || value instanceof RawNumber || value instanceof Known) value = {};
    const object = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(object);
    const key = m.op === 'add' ? m.key : keys[m.at % Math.max(keys.length, 1)];
    if (key === undefined) continue;
    if (m.op === 'drop') delete object[key];
    else {
      const next = m.op === 'wrap' ? [object[key]] : m.value;
      Object.defineProperty(object, key, { value: next, enumerable: true, writable: true, configurable: true });
    }
    value = object;
  }
  return value;
}

/**
 * Mostly mutated contract inputs, sometimes valid ones. Mutations set the contract's own fields
 * (`ownKeys`, present or not) to junk more often than they add fields of other contracts.
 */
export function inputArbitrary(
  valid: fc.Arbitrary<unknown>,
  keys: { own: readonly string[]; numeric: NumericFields; extra: readonly string[] },
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: valid, weight: 2 },
    {
      arbitrary: fc
        .tuple(valid, fc.array(mutationArbitrary(keys.own, keys.extra), { minLength: 1, maxLength: 2 }))
        .map(([base, mutations]) => applyMutations(base, mutations, keys.numeric)),
      weight: 4,
    },
  );
}

// ── Encodings ─────────────────────────────────────────────────────────────────────────────────────
export type Encoding =
  | { kind: 'json' }
  | { kind: 'form'; brackets: boolean }
  | { kind: 'multipart'; file: { name: string; text: string } | null }
  | { kind: 'raw'; contentType: string; body: string }
  | { kind: 'none' };

const RAW_BODIES = [
  '',
  '{',
  '{"a":',
  '{"a":1,}',
  'null',
  '"text"',
  '[]',
  '1e400',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '\u0000',
  '\ufeff{}',
  'a=1&a=2&a[]=3',
  '--boundary\r\n',
  '<?xml version="1.0"?><a/>',
];
const RAW_TYPES = [
  'application/json',
  'application/json; charset=utf-16',
  'application/x-www-form-urlencoded',
  'text/plain',
  'application/xml',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/octet-stream',
  'image/png',
  'application/json; charset=latin1',
  '*/*',
  'invalid',
];

export const encodingArbitrary = (multipart: boolean): fc.Arbitrary<Encoding> =>
  fc.oneof(
    { arbitrary: fc.constant({ kind: 'json' as const }), weight: multipart ? 1 : 6 },
    { arbitrary: fc.record({ kind: fc.constant('form' as const), brackets: fc.boolean() }), weight: 2 },
    {
      arbitrary: fc.record({
        kind: fc.constant('multipart' as const),
        file: fc.option(
          fc.record({
            name: fc.constantFrom('a.txt', 'book.pdf', '', '../../x.txt', 'ü🙂.docx', `${'n'.repeat(300)}.txt`, 'a\u0000.txt'),
            text: fc.string({ maxLength: 40 }),
          }),
          { nil: null },
        ),
      }),
      weight: multipart ? 6 : 1,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant('raw' as const),
        contentType: fc.constantFrom(...RAW_TYPES),
        body: fc.oneof(fc.constantFrom(...RAW_BODIES), fc.string({ unit: 'binary', maxLength: 40 })),
      }),
      weight: 1,
    },
    { arbitrary: fc.constant({ kind: 'none' as const }), weight: 1 },
  );

/** Query strings: the input's fields after `v=2`, now and then broken escapes or a wrong version. */
export const queryTailArbitrary: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constant(''), weight: 8 },
  { arbitrary: fc.constantFrom('&%', '&%zz=1', '&a=%E0%A4%A', '&&&==&', '&v=3', '&v=2', '&a[b][c]=1', '&%00=%00'), weight: 1 },
);

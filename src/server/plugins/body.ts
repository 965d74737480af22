import type { FastifyInstance } from 'fastify';

/** Largest JSON or form body the API accepts (multipart uploads have their own limit). */
export const BODY_LIMIT = 1_048_576;

/**
 * Form bodies (`application/x-www-form-urlencoded`) parsed with URLSearchParams into a plain object;
 * a repeated key (or `key[]`) becomes an array. JSON is Fastify's own parser.
 */
export function parseForm(body: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const isList = rawKey.endsWith('[]');
    const key = isList ? rawKey.slice(0, -2) : rawKey;
    const previous = out[key];
    if (previous === undefined) out[key] = isList ? [value] : value;
    else if (Array.isArray(previous)) previous.push(value);
    else out[key] = [previous, value];
  }
  return out;
}

export function registerBodyParsers(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, parseForm(body as string));
  });
}

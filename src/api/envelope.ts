import * as v from 'valibot';
import { type Envelope, EnvelopeSchema } from '../contracts/envelope';
import { ApiCallError } from './errors';

/**
 * An answer's envelope (SPEC §7), read from its text. Not an envelope: ApiCallError `parse` for a
 * 2xx (the server answered something else), `network` otherwise (a proxy or transport failure).
 */
export function readEnvelope(status: number, text: string): { envelope: Envelope; raw: unknown } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    raw = undefined;
  }
  const parsed = v.safeParse(EnvelopeSchema, raw);
  if (!parsed.success) throw new ApiCallError(status >= 200 && status < 300 ? 'parse' : 'network', { status });
  return { envelope: parsed.output, raw };
}

/** The ApiCallError of an error envelope: type, code, request id, bulk items and the whole content. */
export function serverError(status: number, envelope: Extract<Envelope, { status: 'error' }>, raw: unknown): ApiCallError {
  const { content, id } = envelope;
  return new ApiCallError('server', {
    status,
    type: content.type,
    code: content.code,
    requestId: id,
    items: content.items,
    content: (raw as { content: Record<string, unknown> }).content,
  });
}

import type { ConversionErrorCode } from '../../contracts/books';

/**
 * A conversion that cannot succeed or did not this time. `permanent` errors (the document itself is
 * the problem: encrypted, corrupt, empty…) end the job at once; the others are retried with backoff
 * and end in ERROR with their code after the last attempt.
 */
export class ConversionError extends Error {
  override name = 'ConversionError';
  constructor(
    readonly code: ConversionErrorCode,
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
  }
}

/** The document itself is unusable: no retry. */
export const documentError = (code: ConversionErrorCode, message: string) => new ConversionError(code, message, true);

/** The time limit of an attempt ran out (the runner aborts the attempt's signal with this). */
export const timeoutError = (ms: number) => new ConversionError('TIMEOUT', `conversion took longer than ${Math.round(ms / 1000)} s`, false);

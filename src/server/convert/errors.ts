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

/**
 * Whether a tool's failed exit says something about the document rather than about this attempt. A
 * tool that ran to its end and exited non-zero, or crashed (SIGSEGV, SIGABRT…), does the same on the
 * same file with the same limits: retrying only burns attempts and backoff. Transient are a process
 * killed by SIGKILL (the kernel's OOM killer, a time-out), the `timeout` backstop (124, 137), and a
 * tool that could not start (126, 127: not installed, no permission): the machine, not the document.
 */
export function isDeterministicFailure(result: { code: number | null; signal: NodeJS.Signals | null }): boolean {
  if (result.code === null) return result.signal !== null && result.signal !== 'SIGKILL' && result.signal !== 'SIGTERM';
  return result.code !== 0 && ![124, 126, 127, 137].includes(result.code);
}

/** A tool's failed exit as a conversion error: FAILED, permanent when the failure is deterministic. */
export const toolError = (message: string, result: { code: number | null; signal: NodeJS.Signals | null }) =>
  new ConversionError('FAILED', message, isDeterministicFailure(result));

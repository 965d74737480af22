/**
 * Where a conversion's time goes: named spans (start and duration in ms from the attempt's start), for
 * the log line of each conversion and `npm run bench` (tests/bench/convert.mjs reads that line).
 * Spans may overlap: the stages after pdfinfo run side by side.
 */
export interface StageSpan {
  /** When it started, ms after the attempt's start (negative: before it, like the upload). */
  at: number;
  ms: number;
}

export class StageTimes {
  readonly spans: Record<string, StageSpan> = {};
  readonly #t0: number;

  constructor(private readonly now: () => number = () => performance.now()) {
    this.#t0 = now();
  }

  /** ms since the attempt's start. */
  elapsed(): number {
    return round(this.now() - this.#t0);
  }

  /** Records a span that ended now and began `ms` ago. */
  record(name: string, ms: number): void {
    this.spans[name] = { at: round(this.now() - this.#t0 - ms), ms: round(ms) };
  }

  /** Records a moment (a span without length), like the first page being ready. */
  mark(name: string): void {
    this.spans[name] ??= { at: this.elapsed(), ms: 0 };
  }

  /** Times `work` as the span `name` (also when it fails). */
  async time<T>(name: string, work: () => Promise<T>): Promise<T> {
    const start = this.now();
    try {
      return await work();
    } finally {
      this.record(name, this.now() - start);
    }
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;

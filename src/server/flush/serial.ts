/**
 * The flush scheduling of the in-memory write buffers (the share beacon's src/server/beacon/buffer.ts,
 * the statistics ingest's src/server/stats/ingest.ts): one flush runs at a time; a flush asked for
 * while one runs makes it go round once more (and waits for it); a buffer plans one flush within its
 * delay (`schedule`, a timer that keeps no process alive) or asks for one at once when enough waits;
 * `close` stops the buffer and writes what is left. The buffer does the writing: `step` writes one
 * round of what waits, `more` says whether another round is due.
 */
export class SerialFlusher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly step: () => Promise<void>,
    private readonly more: () => boolean,
    private readonly delayMs: number,
  ) {}

  /** Whether the buffer was closed (it takes nothing more). */
  get closed(): boolean {
    return this.stopped;
  }

  /** Plans a flush within the delay, unless one is planned already. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.delayMs);
    this.timer.unref();
  }

  /** Writes what waits (one flush at a time; a call during a write waits for it and the next round). */
  async flush(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Stops taking more and writes the rest (the app's close hook). */
  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
    // A flush that was running when close began left what came after it to its "again" round.
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      await this.step();
    } while (this.again || this.more());
  }
}

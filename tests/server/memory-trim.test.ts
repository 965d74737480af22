import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createMemoryTrimmer, type FullGc, registerMemoryTrim } from '../../src/server/plugins/memory-trim';

const MIB = 1024 * 1024;

/** A trimmer on a hand-moved clock and resident set, with a gc that counts its calls. */
function fake(idleMs = 5_000, minGrowthBytes = 32 * MIB) {
  const state = { now: 0, rss: 100 * MIB, gcs: 0, afterGc: 100 * MIB };
  const trimmer = createMemoryTrimmer({
    gc: () => {
      state.gcs++;
      state.rss = state.afterGc;
    },
    rss: () => state.rss,
    now: () => state.now,
    idleMs,
    minGrowthBytes,
  });
  return { state, trimmer };
}

describe('memory trim (issue 23)', () => {
  it('trims once the server is idle and has grown, not while busy or before the quiet time', () => {
    const { state, trimmer } = fake();
    state.rss = 300 * MIB;
    trimmer.requestStarted();
    state.now = 60_000;
    expect(trimmer.check()).toBe(false); // a request in flight
    trimmer.requestEnded();
    state.now += 4_999;
    expect(trimmer.check()).toBe(false); // quiet for less than idleMs
    state.now += 1;
    state.afterGc = 120 * MIB;
    expect(trimmer.check()).toBe(true);
    expect(state.gcs).toBe(1);
    // Idle and nothing grew since: no second collection.
    state.now += 60_000;
    expect(trimmer.check()).toBe(false);
    expect(state.gcs).toBe(1);
  });

  it('does not trim for growth under the threshold, measured from the lowest point', () => {
    const { state, trimmer } = fake();
    state.now = 10_000;
    state.rss = 131 * MIB;
    expect(trimmer.check()).toBe(false);
    state.rss = 90 * MIB; // went down: the baseline follows
    expect(trimmer.check()).toBe(false);
    state.rss = 125 * MIB; // 35 MiB above the lowest point
    expect(trimmer.check()).toBe(true);
  });

  it('counts requests in flight through the app, also when a client goes away', async () => {
    const calls: string[] = [];
    const app = Fastify({ forceCloseConnections: true });
    // The pending /slow request's way to finish (set by its handler).
    const pending: { release?: () => void } = {};
    app.get('/slow', () => new Promise<string>((resolve) => (pending.release = () => resolve('done'))));
    const finishSlow = () => pending.release?.();
    app.get('/fast', async () => 'ok');
    const gc: FullGc = (options) => calls.push(options.flavor);
    registerMemoryTrim(app, 20, 0, gc);
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const slow = fetch(`${base}/slow`);
      while (!pending.release) await new Promise((r) => setTimeout(r, 5));
      calls.length = 0; // the idle app may have trimmed before the request came
      await new Promise((r) => setTimeout(r, 120));
      expect(calls).toEqual([]); // busy all along
      finishSlow();
      await (await slow).text();
      await (await fetch(`${base}/fast`)).text();
      await new Promise((r) => setTimeout(r, 120));
      expect(calls[0]).toBe('last-resort');
      // A client that goes away mid-request ends it too (no response is sent).
      pending.release = undefined;
      const controller = new AbortController();
      const gone = fetch(`${base}/slow`, { signal: controller.signal }).catch(() => 'aborted');
      while (!pending.release) await new Promise((r) => setTimeout(r, 5));
      calls.length = 0;
      controller.abort();
      expect(await gone).toBe('aborted');
      await new Promise((r) => setTimeout(r, 150));
      expect(calls).toContain('last-resort');
      finishSlow(); // the handler finishes into the closed connection, so the app can close
    } finally {
      await app.close();
    }
  });

  it('gives V8 pooled pages back to the system (the real collector)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as FullGc & (() => void);
    // Grow the heap by ~120 MiB of short-lived objects, then collect them the ordinary way.
    let keep: unknown[][] = [];
    for (let i = 0; i < 16; i++) {
      keep.push(Array.from({ length: 100_000 }, (_, j) => ({ j, s: `x${j}` })));
      if (keep.length > 10) keep.shift();
    }
    keep = [];
    gc();
    const before = process.memoryUsage.rss();
    let after = before;
    const trimmer = createMemoryTrimmer({
      gc,
      rss: () => process.memoryUsage.rss(),
      now: () => 0,
      idleMs: 0,
      minGrowthBytes: 0,
      onTrim: (_, a) => (after = a),
    });
    expect(keep).toEqual([]);
    expect(trimmer.check()).toBe(true);
    // The ordinary collection left the freed pages resident; the trim returns most of them.
    expect(before - after).toBeGreaterThan(40 * MIB);
  });
});

/**
 * Generated transition tests for every machine of the registry (machines/index.ts).
 * One `describe` per machine, one `it` per generated path (state value, JSON-safe context and status
 * checked after every step), one `it` comparing the paths with their committed record
 * (tests/paths/snapshots/<id>.txt: states, context changes, named actions, actors, transitions), and
 * one `it` that fails below 100% transition coverage, naming the
 * transitions no path takes. The reporter (tests/paths/reporter.ts) prints the table; the summaries
 * are also written to .tmp/paths-coverage.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { machines } from '../../machines';
import { analyzeMachine, type CoverageSummary, type MachineAnalysis, replay, summarize } from './coverage';
import { EMPTY_KEY, META_KEY } from './reporter';
import { renderSnapshot } from './snapshot';

const summaries: CoverageSummary[] = [];
const reportFile = fileURLToPath(new URL('../../.tmp/paths-coverage.json', import.meta.url));

afterAll(() => {
  mkdirSync(fileURLToPath(new URL('../../.tmp/', import.meta.url)), { recursive: true });
  writeFileSync(reportFile, `${JSON.stringify({ generatedAt: new Date().toISOString(), machines: summaries }, null, 2)}\n`);
});

if (machines.length === 0) {
  it('no machines registered yet (machines/index.ts)', ({ task }) => {
    (task.meta as Record<string, unknown>)[EMPTY_KEY] = true;
    expect(machines).toEqual([]);
  });
}

const ids = new Set<string>();
for (const entry of machines) {
  describe(`${entry.id}: ${entry.title}`, () => {
    it('has a unique id', () => {
      expect(ids.has(entry.id), `duplicate machine id "${entry.id}" in machines/index.ts`).toBe(false);
      ids.add(entry.id);
    });

    let analysis: MachineAnalysis | undefined;
    let failure: unknown;
    try {
      analysis = analyzeMachine(entry);
    } catch (err) {
      failure = err;
    }
    if (!analysis) {
      it('explores the machine', ({ task }) => {
        const error = failure instanceof Error ? failure.message : String(failure);
        const row: CoverageSummary = {
          id: entry.id,
          title: entry.title,
          states: 0,
          explored: 0,
          transitions: 0,
          covered: 0,
          percent: 0,
          paths: 0,
          uncovered: [],
          warnings: [],
          error,
        };
        summaries.push(row);
        (task.meta as Record<string, unknown>)[META_KEY] = row;
        throw failure;
      });
      return;
    }
    const a = analysis;

    for (const path of a.paths) {
      it(path.title, () => {
        replay(entry, path.events, {
          input: path.input,
          onStep: (index, observed) => {
            const expected = index === 0 ? path.initial : path.steps[index - 1];
            if (!expected) throw new Error(`no expectation for step ${index}`);
            const where = index === 0 ? 'after start' : `after step ${index} (${path.steps[index - 1]?.event.type})`;
            expect({ value: observed.value, status: observed.status }, `state ${where}`).toEqual({
              value: expected.value,
              status: expected.status,
            });
            expect(observed.context, `context ${where}`).toEqual(expected.context);
          },
        });
      });
    }

    // The committed record of the paths: what each step leads to, changes, runs and takes. A change
    // of the machine that is not also made here fails (npm run test:paths:update rewrites it).
    it(`matches its committed paths (tests/paths/snapshots/${entry.id}.txt)`, async () => {
      await expect(renderSnapshot(a)).toMatchFileSnapshot(`./snapshots/${entry.id}.txt`);
    });

    it('covers every transition', ({ task }) => {
      const summary = summarize(a);
      summaries.push(summary);
      (task.meta as Record<string, unknown>)[META_KEY] = summary;
      const message = [
        `${a.uncovered.length} of ${a.transitions.length} transitions of "${entry.id}" are taken by no generated path:`,
        ...a.uncovered.map((k) => `  - ${k}`),
        'Offer the missing events (with payloads reaching every guard branch) in paths.events(snapshot),',
        'and make paths.serializeState keep the context fields the guards read.',
      ].join('\n');
      expect(a.uncovered, message).toEqual([]);
    });
  });
}

/**
 * Every registered machine has its generated Storybook page (stories/machines/<id>.stories.tsx) and
 * no generated page is left for a machine that is gone. `QUIRE_WRITE_STORIES=1` (npm run
 * stories:machines) writes/removes the files instead of failing.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines';
import { machineStoryId, syncMachineStories } from '../../src/tools/diagram/machine-stories';

const dir = fileURLToPath(new URL('../../stories/machines/', import.meta.url));
const write = process.env.QUIRE_WRITE_STORIES === '1';

describe('Storybook machine pages', () => {
  it('match the registry', () => {
    const result = syncMachineStories(machines, dir, write);
    if (write) return;
    const problems = [
      ...result.missing.map((f) => `missing ${f}`),
      ...result.stale.map((f) => `stale ${f}`),
      ...result.orphaned.map((f) => `orphaned ${f}`),
    ];
    expect(problems, `stories/machines is out of date: run \`npm run stories:machines\`\n${problems.join('\n')}`).toEqual([]);
  });

  it('story ids are unique', () => {
    const ids = machines.map((m) => machineStoryId(m.id));
    expect(new Set(ids).size).toBe(ids.length);
  });
});

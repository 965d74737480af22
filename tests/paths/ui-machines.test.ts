/**
 * Every machine of tests/paths/ui/machines.ts has its model-based UI test, which drives its
 * registered paths (the reporter's second table shows how much of each it covers).
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines';
import { UI_MACHINES } from './ui/machines';

describe('model-based UI tests', () => {
  for (const id of UI_MACHINES) {
    it(`${id} is a registered machine`, () => {
      expect(machines.map((m) => m.id)).toContain(id);
    });
  }
  for (const id of UI_MACHINES) {
    it(`${id} drives its view (tests/paths/ui/${id}.test.tsx)`, () => {
      const file = fileURLToPath(new URL(`./ui/${id}.test.tsx`, import.meta.url));
      expect(existsSync(file), `missing ${file}`).toBe(true);
      expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`describeUiPaths(<\\w+>)?\\('${id}'`));
    });
  }
});

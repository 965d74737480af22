import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** Unit tests: plain Node (fetch, node:http); no DOM. */
export default defineProject({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'unit',
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
  },
});

import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';

/** Unit tests: plain Node (fetch, node:http); no DOM. */
export default defineProject({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    name: 'unit',
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // `import text from './x.css?raw'` (the public pages' stylesheet, src/server/site/style.ts) reads the file.
    css: { include: [/\.css\?raw$/] },
  },
});

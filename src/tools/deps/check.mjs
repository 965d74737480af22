#!/usr/bin/env node
// Dependency check (`npm run test:deps`, run by `npm run lint`): the module boundaries and no import
// circle (rules in src/tools/lint/dependency-cruiser.mjs). Exits 1 with the broken rules otherwise.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDependencies, describeViolation } from './check-lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const { violations, modules, dependencies } = await checkDependencies({ baseDir: root });
for (const v of violations) console.error(describeViolation(v));
if (violations.length > 0) {
  console.error(`dependency check: ${violations.length} broken rule(s); see README "Architecture" for the boundaries.`);
  process.exit(1);
}
console.log(`dependency check: ${modules} modules, ${dependencies} imports, no circle, boundaries kept.`);

/**
 * Vitest reporter for the generated path tests: collects the coverage summaries the tests attach to
 * their `covers every transition` cases (`task.meta.pathsCoverage`) and prints one table at the end
 * of the run (visible with --silent too, since it is not test console output).
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { type CoverageSummary, formatTable } from './coverage.ts';

export const META_KEY = 'pathsCoverage';
export const EMPTY_KEY = 'pathsNoMachines';

export default class PathsCoverageReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows: CoverageSummary[] = [];
    let empty = false;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const meta = test.meta() as Record<string, unknown>;
        const row = meta[META_KEY] as CoverageSummary | undefined;
        if (row) rows.push(row);
        if (meta[EMPTY_KEY]) empty = true;
      }
    }
    const log = (text: string) => (this.vitest ? this.vitest.logger.log(text) : process.stdout.write(`${text}\n`));
    if (!rows.length) {
      if (empty) log('\nMachine path coverage: no machines registered in machines/index.ts yet.\n');
      return;
    }
    rows.sort((a, b) => a.id.localeCompare(b.id));
    log(`\nMachine path coverage (transitions taken by generated paths)\n${formatTable(rows)}`);
    for (const r of rows) {
      for (const k of r.uncovered) log(`  ${r.id}: uncovered ${k}`);
      for (const w of r.warnings) log(`  ${r.id}: warning: ${w}`);
      if (r.error) log(`  ${r.id}: ${r.error}`);
    }
    log('');
  }
}

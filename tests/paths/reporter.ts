/**
 * Vitest reporter for the generated path tests: collects the coverage summaries the tests attach to
 * their `covers every transition` cases (`task.meta.pathsCoverage`) and prints one table at the end
 * of the run (visible with --silent too, since it is not test console output).
 */
import type { Reporter, TestModule, Vitest } from 'vitest/node';
import { type CoverageSummary, formatTable } from './coverage.ts';

export const META_KEY = 'pathsCoverage';
export const EMPTY_KEY = 'pathsNoMachines';
/** The model-based UI tests (tests/paths/ui) attach their machine's "through the UI" summary here. */
export const UI_META_KEY = 'pathsUiCoverage';

export default class PathsCoverageReporter implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const rows: CoverageSummary[] = [];
    const uiRows: CoverageSummary[] = [];
    let empty = false;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const meta = test.meta() as Record<string, unknown>;
        const row = meta[META_KEY] as CoverageSummary | undefined;
        if (row) rows.push(row);
        const uiRow = meta[UI_META_KEY] as CoverageSummary | undefined;
        if (uiRow) uiRows.push(uiRow);
        if (meta[EMPTY_KEY]) empty = true;
      }
    }
    const log = (text: string) => (this.vitest ? this.vitest.logger.log(text) : process.stdout.write(`${text}\n`));
    if (!rows.length && empty) log('\nMachine path coverage: no machines registered in machines/index.ts yet.\n');
    if (rows.length) {
      rows.sort((a, b) => a.id.localeCompare(b.id));
      log(`\nMachine path coverage (transitions taken by generated paths)\n${formatTable(rows)}`);
      this.details(rows, log);
    }
    if (uiRows.length) {
      uiRows.sort((a, b) => a.id.localeCompare(b.id));
      log(`\nTransitions covered through the UI (the same paths driving the real views in Chromium)\n${formatTable(uiRows)}`);
      this.details(uiRows, log);
    }
  }

  private details(rows: readonly CoverageSummary[], log: (text: string) => void): void {
    for (const r of rows) {
      for (const k of r.uncovered) log(`  ${r.id}: uncovered ${k}`);
      for (const w of r.warnings) log(`  ${r.id}: warning: ${w}`);
      if (r.error) log(`  ${r.id}: ${r.error}`);
    }
    log('');
  }
}

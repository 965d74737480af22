// The dependency check (README "Architecture"): runs dependency-cruiser with the rules of
// src/tools/lint/dependency-cruiser.mjs over a tree and answers the rules it breaks.
import { cruise } from 'dependency-cruiser';
import config from '../lint/dependency-cruiser.mjs';

/** What is checked: the application, its stories and tests, and the build script. */
export const ROOTS = ['src', 'machines', 'stories', 'tests', 'build.mjs'];

/** Cruises `roots` (relative to `baseDir`) and answers every broken rule, with the modules cruised. */
export async function checkDependencies({ baseDir, roots = ROOTS }) {
  const { options, ...ruleSet } = config;
  const result = await cruise(roots, { ...options, ruleSet, validate: true, baseDir, outputType: 'json' });
  const output = typeof result.output === 'string' ? JSON.parse(result.output) : result.output;
  const violations = output.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
    ...(v.cycle ? { cycle: v.cycle.map((step) => step.name) } : {}),
  }));
  return { violations, modules: output.summary.totalCruised, dependencies: output.summary.totalDependenciesCruised };
}

/** One line per broken rule, as the check prints it. */
export function describeViolation(v) {
  return v.cycle ? `${v.rule}: ${v.from} → ${v.cycle.join(' → ')}` : `${v.rule}: ${v.from} → ${v.to}`;
}

export interface DependencyViolation {
  /** The rule's name in src/tools/lint/dependency-cruiser.mjs. */
  rule: string;
  from: string;
  to: string;
  /** The modules of the circle, for `no-circular`. */
  cycle?: string[];
}
export declare const ROOTS: string[];
/** Cruises `roots` (relative to `baseDir`) and answers every broken rule, with the modules cruised. */
export declare function checkDependencies(options: {
  baseDir: string;
  roots?: string[];
}): Promise<{ violations: DependencyViolation[]; modules: number; dependencies: number }>;
export declare function describeViolation(violation: DependencyViolation): string;

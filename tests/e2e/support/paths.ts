/**
 * Where the end-to-end run finds its build and keeps its data. QUIRE_DIST selects another build (see
 * build.mjs) and QUIRE_E2E_PORT another port, so two runs can go side by side on one machine.
 */
export const E2E_PORT = Number(process.env.QUIRE_E2E_PORT ?? 4390);
export const ROOT = new URL('../../..', import.meta.url).pathname;
export const DIST = process.env.QUIRE_DIST ? `${ROOT}${process.env.QUIRE_DIST.replace(/^\.\//, '')}` : `${ROOT}dist`;
const suffix = E2E_PORT === 4390 ? '' : `-${E2E_PORT}`;
export const DATA_DIR = `${ROOT}.tmp/e2e-data${suffix}`;
export const RESULTS_DIR = `${ROOT}.tmp/e2e-results${suffix}`;

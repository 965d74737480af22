#!/usr/bin/env node
// Stops a cluster made by start.mjs and deletes its folder: node src/tools/pg/stop.mjs <dir>
// (or with QUIRE_PG_DIR set).
import { stopCluster } from './cluster.mjs';

const dir = process.argv[2] ?? process.env.QUIRE_PG_DIR;
if (!dir || !/quire-pg-/.test(dir)) {
  process.stderr.write('usage: node src/tools/pg/stop.mjs <dir printed by start.mjs>\n');
  process.exit(2);
}
try {
  await stopCluster(dir);
} catch (error) {
  process.stderr.write(`pg/stop: ${error.message}\n`);
  process.exit(1);
}

#!/usr/bin/env node
// Starts a throwaway PostgreSQL cluster and prints its URL and folder:
//   node src/tools/pg/start.mjs        → QUIRE_TEST_PG_URL=postgres://quire@127.0.0.1:PORT/postgres
//                                        QUIRE_PG_DIR=/tmp/quire-pg-XXXX
// Stop it with: node src/tools/pg/stop.mjs /tmp/quire-pg-XXXX
import { startCluster } from './cluster.mjs';

try {
  const cluster = await startCluster();
  process.stdout.write(`QUIRE_TEST_PG_URL=${cluster.url}\nQUIRE_PG_DIR=${cluster.dir}\n`);
} catch (error) {
  process.stderr.write(`pg/start: ${error.message}\n`);
  process.exit(1);
}

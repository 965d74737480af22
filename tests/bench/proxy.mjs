// The multi-instance test's round-robin proxy (tests/server/fixtures/cluster.ts) as a process of its own,
// for the scale-out bench: `node tests/bench/proxy.mjs <upstream URL>…` prints "proxy at <URL>" and runs
// until SIGTERM.
import { startProxy } from '../server/fixtures/cluster.ts';

const proxy = await startProxy(process.argv.slice(2));
process.stdout.write(`proxy at ${proxy.url}\n`);
process.once('SIGTERM', () => proxy.close().finally(() => process.exit(0)));

// Storage latency (issue 19, Performance: "the S3 store's added latency per page image against the local
// folder"). One book of BENCH_STORAGE_PAGES pages is published through the API of the built server with
// the data folder as its store, and its page images (GET {thumbs}/pages/<id>/1240/<n>.jpg, one request at
// a time over a kept-alive loopback connection) are timed:
//   - local: the data folder (files/), the default store;
//   - s3 cold: the same server and database restarted with an S3-compatible bucket (s3rver on loopback,
//     src/tools/s3/server.mjs, holding the book's files) as the store, `QUIRE_STORAGE_SERVE=proxy`, and
//     the page images not in its cache (the folder emptied before each round): each request fetches the
//     image from the bucket into the cache, then serves it;
//   - s3 warm: the same requests again, answered from the cache.
// p50/p95/mean per kind over every page of BENCH_STORAGE_ROUNDS rounds, and the added p50 of cold and
// warm against local. s3rver keeps its objects in files on this machine, so "cold" here is the S3 API's
// round trip and the cache write, not a network's latency: a real bucket across a network adds its RTT.
// Options (env): BENCH_STORAGE_PAGES (default 30), BENCH_STORAGE_ROUNDS (default 3).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { S3_TEST_CREDENTIALS, startS3Server } from '../../src/tools/s3/server.mjs';
import { makePdf } from '../server/fixtures/pdf.ts';
import { convertThroughApi, signIn } from './convert.mjs';

const PAGES = Number(process.env.BENCH_STORAGE_PAGES ?? 30);
const ROUNDS = Number(process.env.BENCH_STORAGE_ROUNDS ?? 3);
const BUCKET = 'quire-bench-storage';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET, body read whole; answers its time in ms and its status and size. */
function timedGet(url) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent }, (res) => {
        let size = 0;
        res.on('data', (chunk) => {
          size += chunk.length;
        });
        res.on('end', () => resolve({ ms: performance.now() - started, status: res.statusCode, size }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const round3 = (n) => Math.round(n * 1000) / 1000;
function summary(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    requests: sorted.length,
    p50_ms: round3(at(0.5)),
    p95_ms: round3(at(0.95)),
    mean_ms: round3(sorted.reduce((s, x) => s + x, 0) / sorted.length),
  };
}

/** Every page image of the book once, in order; answers the times (a non-200 fails the bench). */
async function pass(base, bookId) {
  const times = [];
  for (let n = 1; n <= PAGES; n++) {
    const res = await timedGet(`${base}/pages/${bookId}/1240/${n}.jpg?r=1`);
    if (res.status !== 200 || res.size === 0) throw new Error(`page ${n}: HTTP ${res.status} (${res.size} bytes)`);
    times.push(res.ms);
  }
  return times;
}

/** Every file under `dir`, as paths relative to it. */
function walk(dir, prefix = '') {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(prefix, entry.name);
    return entry.isDirectory() ? walk(dir, relative) : entry.isFile() ? [relative] : [];
  });
}

export async function measureStorageLatency(startServer) {
  const work = mkdtempSync(path.join(os.tmpdir(), 'quire-bench-storage-'));
  const dataDir = path.join(work, 'data');
  const s3 = await startS3Server(path.join(work, 's3'));
  const client = new S3Client({ endpoint: s3.url, region: 'us-east-1', forcePathStyle: true, credentials: { ...S3_TEST_CREDENTIALS } });
  try {
    // 1. The book, converted with the data folder as the store; its page images timed from there.
    const local = await startServer({ QUIRE_DATA_DIR: dataDir, QUIRE_DEV: '1' });
    let bookId;
    const localTimes = [];
    try {
      const token = await signIn(local.url, dataDir);
      const pdf = path.join(work, 'book.pdf');
      writeFileSync(pdf, makePdf({ pages: PAGES, lines: 30, word: 'storage' }));
      ({
        book: { id: bookId },
      } = await convertThroughApi(local.url, token, pdf));
      await pass(local.url, bookId); // warm-up (and the OS's page cache)
      for (let r = 0; r < ROUNDS; r++) localTimes.push(...(await pass(local.url, bookId)));
    } finally {
      await local.stop();
    }

    // 2. The book's files into the bucket (as the conversion's store does with a bucket configured).
    await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
    const bookDir = path.join(dataDir, 'files', 'books', bookId);
    for (const file of walk(bookDir)) {
      await client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: `books/${bookId}/${file}`, Body: readFileSync(path.join(bookDir, file)) }),
      );
    }

    // 3. The same server and database on the bucket (proxy), its cache emptied before each cold round.
    const pagesCache = path.join(bookDir, 'pages');
    rmSync(pagesCache, { recursive: true, force: true });
    const remote = await startServer({
      QUIRE_DATA_DIR: dataDir,
      QUIRE_DEV: '1',
      QUIRE_S3_URL: s3.url,
      QUIRE_S3_BUCKET: BUCKET,
      QUIRE_S3_ACCESS_KEY_ID: S3_TEST_CREDENTIALS.accessKeyId,
      QUIRE_S3_SECRET_ACCESS_KEY: S3_TEST_CREDENTIALS.secretAccessKey,
      QUIRE_STORAGE_SERVE: 'proxy',
    });
    const cold = [];
    const warm = [];
    try {
      // A warm-up of the connection and the S3 client on other files than the timed ones.
      await timedGet(`${remote.url}/thumbs/${bookId}/small.webp?r=1`);
      for (let r = 0; r < ROUNDS; r++) {
        rmSync(pagesCache, { recursive: true, force: true });
        cold.push(...(await pass(remote.url, bookId)));
        warm.push(...(await pass(remote.url, bookId)));
      }
    } finally {
      await remote.stop();
    }
    const results = { local: summary(localTimes), s3_cold: summary(cold), s3_warm: summary(warm) };
    return {
      pages: PAGES,
      rounds: ROUNDS,
      image: 'pages/1240/<n>.jpg (the normal view, as converted)',
      mode: 'proxy',
      ...results,
      added_cold_p50_ms: round3(results.s3_cold.p50_ms - results.local.p50_ms),
      added_warm_p50_ms: round3(results.s3_warm.p50_ms - results.local.p50_ms),
    };
  } finally {
    client.destroy();
    agent.destroy();
    await s3.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

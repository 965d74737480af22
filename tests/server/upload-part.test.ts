import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ownerName, SELF } from '../../src/server/owner';
import { PartFileWriter } from '../../src/server/publish/part-file';
import { PART_ABANDONED_MS, receiveUpload, sweepPartFiles } from '../../src/server/publish/upload';
import { startOf } from './fixtures/processes';
import { tempDir } from './helpers';

/** The upload's file sink on its own: coalesced writes, periodic syncs, refusal mid-stream. */
describe('PartFileWriter', () => {
  it('writes every byte in order through coalesced writes and background syncs', async () => {
    const dir = await tempDir('quire-part-');
    const file = path.join(dir, 'a.part');
    const chunks = Array.from({ length: 600 }, (_, i) => randomBytes(i % 7 === 0 ? 1 : 64 * 1024));
    let inspected = 0;
    await pipeline(
      Readable.from(chunks),
      new PartFileWriter(
        file,
        (chunk) => {
          inspected += chunk.length;
        },
        1024 * 1024,
        1024 * 1024,
      ),
    );
    const expected = Buffer.concat(chunks);
    expect(inspected).toBe(expected.length);
    const written = await readFile(file);
    expect(createHash('sha256').update(written).digest('hex')).toBe(createHash('sha256').update(expected).digest('hex'));
  });

  it('stops at the first refused chunk, and never overwrites an existing file', async () => {
    const dir = await tempDir('quire-part-');
    const file = path.join(dir, 'b.part');
    let seen = 0;
    const refuse = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > 200_000) throw new Error('too large');
    };
    const source = Readable.from(Array.from({ length: 100 }, () => Buffer.alloc(64 * 1024, 1)));
    await expect(pipeline(source, new PartFileWriter(file, refuse))).rejects.toThrow('too large');
    expect((await stat(file)).size).toBeLessThanOrEqual(200_000);

    const existing = path.join(dir, 'c.part');
    await writeFile(existing, 'keep me');
    await expect(pipeline(Readable.from([Buffer.from('x')]), new PartFileWriter(existing, () => {}))).rejects.toMatchObject({
      code: 'EEXIST',
    });
    expect(await readFile(existing, 'utf8')).toBe('keep me');
  });

  it('sweeps the part files of processes that are gone at once, and abandoned ones after a while', async () => {
    const dataDir = await tempDir('quire-sweep-');
    const uploads = path.join(dataDir, 'files', 'uploads');
    await mkdir(uploads, { recursive: true });
    const now = Date.now();
    const random = () => randomBytes(12).toString('hex');
    const gone = ownerName({ ...SELF, start: SELF.start + 1 }); // this pid, another start: a crashed server
    const parent = ownerName({ ...SELF, pid: process.ppid, start: startOf(process.ppid) }); // another live process
    const elsewhere = ownerName({ ...SELF, space: SELF.space === '00000000' ? '11111111' : '00000000' }); // another machine
    const files: [string, number][] = [
      [`${gone}.${random()}.part`, 1000], // crashed a second ago: goes at start
      [`${parent}.${random()}.part`, 2 * 3_600_000], // another live server's upload, however quiet: stays
      [`${elsewhere}.${random()}.part`, 60_000], // cannot tell: stays while written lately
      [`${elsewhere}.${random()}.part`, PART_ABANDONED_MS + 60_000], // … and goes once abandoned
      [`${ownerName(SELF)}.${random()}.part`, PART_ABANDONED_MS + 60_000], // this process's, no live upload: goes
      [`${ownerName(SELF)}.${random()}.part`, 60_000], // this process's, written lately: stays
      [`${random()}.part`, 2 * 3_600_000], // named before owners: by age
      [`${random()}.part`, 60_000],
      ['other.txt', 2 * 3_600_000],
    ];
    for (const [name, ageMs] of files) {
      await writeFile(path.join(uploads, name), 'x');
      const at = (now - ageMs) / 1000;
      await utimes(path.join(uploads, name), at, at);
    }
    const stays = [1, 2, 5, 7, 8].map((i) => files[i]?.[0]);
    expect(await sweepPartFiles(dataDir, now)).toBe(4);
    expect((await readdir(uploads)).sort()).toEqual(stays.sort());
    expect(await sweepPartFiles(path.join(dataDir, 'missing'), now)).toBe(0);
  });

  it('never sweeps a live upload of this process, however quiet', async () => {
    const dataDir = await tempDir('quire-sweep-');
    const boundary = 'sweep-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
    const body = new PassThrough();
    const app = Fastify();
    await app.register(multipart);
    let received: Promise<unknown> = Promise.resolve();
    app.post('/up', async (request) => {
      received = receiveUpload(request, { dataDir, limit: 10 * 1024 * 1024 }).catch((error: unknown) => error);
      await received;
      return {};
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as { port: number };
      const request = fetch(`http://127.0.0.1:${port}/up`, {
        method: 'POST',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Readable.toWeb(body) as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      request.catch(() => {});
      body.write(`${head}%PDF-1.7\n${'x'.repeat(64 * 1024)}`);
      const uploads = path.join(dataDir, 'files', 'uploads');
      let part = '';
      for (let i = 0; i < 200 && !part; i++) {
        part = (await readdir(uploads).catch(() => [] as string[])).find((n) => n.endsWith('.part')) ?? '';
        if (!part) await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(part.startsWith(`${ownerName(SELF)}.`)).toBe(true);
      // An hour later, nothing written since: still a live upload.
      expect(await sweepPartFiles(dataDir, Date.now() + 3_600_000)).toBe(0);
      expect(await readdir(uploads)).toEqual([part]);
      body.destroy();
      await received;
    } finally {
      await app.close();
    }
  });
});

import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { PartFileWriter } from '../../src/server/publish/part-file';
import { sweepPartFiles } from '../../src/server/publish/upload';
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

  it('sweeps part files that a crashed process left behind, not those of live uploads', async () => {
    const dataDir = await tempDir('quire-sweep-');
    const uploads = path.join(dataDir, 'files', 'uploads');
    await mkdir(uploads, { recursive: true });
    const now = Date.now();
    for (const [name, ageMs] of [
      ['old.part', 2 * 3_600_000],
      ['live.part', 60_000],
      ['other.txt', 2 * 3_600_000],
    ] as const) {
      await writeFile(path.join(uploads, name), 'x');
      const at = (now - ageMs) / 1000;
      await utimes(path.join(uploads, name), at, at);
    }
    expect(await sweepPartFiles(dataDir, now)).toBe(1);
    expect((await readdir(uploads)).sort()).toEqual(['live.part', 'other.txt']);
    expect(await sweepPartFiles(path.join(dataDir, 'missing'), now)).toBe(0);
  });
});

import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { DEMO_EMAIL } from '../../src/server/publish/demo';
import { demoPdf } from '../../src/server/publish/demo-pdf';
import { DIALECTS, tempDir, testConfig } from './helpers';
import { writeTemp } from './publish-support';

const run = promisify(execFile);

describe('the demo document', () => {
  it('is a valid five-page PDF with its title text, colours and an outline (Poppler and qpdf read it)', async () => {
    const file = await writeTemp(await tempDir('quire-demo-'), 'demo.pdf', demoPdf());
    const info = (await run('pdfinfo', [file])).stdout;
    expect(info).toMatch(/Pages:\s+5/);
    expect(info).toMatch(/Title:\s+Welcome to Quire/);
    const text = (await run('pdftotext', ['-f', '1', '-l', '2', file, '-'])).stdout;
    expect(text).toContain('Welcome to');
    expect(text).toContain('1. Upload');
    // Rendering works and is not blank: the cover is blue.
    const { stdout } = await run('pdftoppm', ['-r', '10', '-f', '1', '-l', '1', file], { encoding: 'buffer', maxBuffer: 1 << 22 });
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(stdout.toString('latin1', 0, 32));
    expect(header).not.toBeNull();
    const pixel = stdout.subarray(header?.[0].length ?? 0);
    // A pixel near the middle of the left edge: the cover's blue (0.23, 0.4, 0.72).
    const at = (Math.floor(Number(header?.[2]) / 2) * Number(header?.[1]) + 1) * 3;
    const [r = 0, g = 0, b = 0] = pixel.subarray(at, at + 3);
    expect(b - r, 'blue over red').toBeGreaterThan(80);
    expect(b - g, 'blue over green').toBeGreaterThan(50);
    const outlines = JSON.parse((await run('qpdf', ['--json', '--json-key=outlines', file])).stdout).outlines as {
      title: string;
      destpageposfrom1: number;
    }[];
    expect(outlines.map((o) => [o.title, o.destpageposfrom1])).toEqual([
      ['Welcome to Quire', 1],
      ['Upload', 2],
      ['Read anywhere', 3],
      ['Share and embed', 4],
      ['Publish your own', 5],
    ]);
  });
});

describe.each(DIALECTS)('demo seed on %s', (dialect) => {
  it('creates the demo account and one public, queued publication on the first start only', async () => {
    const config = await testConfig(dialect, { QUIRE_DEMO: '1' });
    const books = async (app: Awaited<ReturnType<typeof buildApp>>) =>
      app.db
        .selectFrom('books')
        .innerJoin('profiles', 'profiles.account_id', 'books.account_id')
        .select([
          'books.id',
          'books.name',
          'books.publishing_mode',
          'books.status',
          'books.source_kind',
          'profiles.email',
          'profiles.is_active',
        ])
        .execute();
    try {
      const first = await buildApp(config);
      await first.ready();
      const seeded = await books(first);
      expect(seeded).toEqual([
        {
          id: expect.any(String),
          name: 'Welcome to Quire',
          publishing_mode: 1,
          // The app's conversion runner may already have claimed it.
          status: expect.stringMatching(/^(QUEUED|CONVERTING)$/),
          source_kind: 'pdf',
          email: DEMO_EMAIL,
          is_active: 1,
        },
      ]);
      const id = seeded[0]?.id as string;
      const source = await readFile(path.join(config.dataDir, 'files', 'books', id, 'source'));
      expect(source.subarray(0, 5).toString()).toBe('%PDF-');
      // (Besides the weekly statistics digest's job, which every start queues: src/server/stats/digest.ts.)
      expect(await first.db.selectFrom('jobs').select(['kind', 'book_id']).where('kind', '!=', 'statsDigest').execute()).toEqual([
        { kind: 'convert', book_id: id },
      ]);
      await first.close();

      const second = await buildApp(config);
      await second.ready();
      expect((await books(second)).map((b) => b.id)).toEqual([id]);
      expect(await second.db.selectFrom('profiles').select('email').where('email', '=', DEMO_EMAIL).execute()).toHaveLength(1);
      await second.close();
    } finally {
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });

  it('creates nothing with QUIRE_DEMO=0', async () => {
    const config = await testConfig(dialect, { QUIRE_DEMO: '0' });
    const app = await buildApp(config);
    try {
      await app.ready();
      expect(await app.db.selectFrom('books').select('id').execute()).toEqual([]);
      expect(await app.db.selectFrom('profiles').select('id').where('email', '=', DEMO_EMAIL).execute()).toEqual([]);
    } finally {
      await app.close();
      await rm(config.dataDir, { recursive: true, force: true });
    }
  });
});

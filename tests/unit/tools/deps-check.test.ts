import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkDependencies, type DependencyViolation } from '../../../src/tools/deps/check-lib.mjs';

/**
 * The dependency check (`npm run test:deps`, run by `npm run lint`) with the repository's own rules,
 * on small trees laid out like the repository: a clean one passes, and each boundary broken on purpose
 * (counting type-only and dynamic imports) fails with its rule.
 */
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A tree that keeps every rule: machines use contracts and a package, the views use both. */
const CLEAN: Record<string, string> = {
  'node_modules/some-pkg/package.json': JSON.stringify({ name: 'some-pkg', main: 'index.js' }),
  'node_modules/some-pkg/index.js': 'export const x = 1;\n',
  'src/contracts/books.ts': 'export const LIMIT = 3;\nexport interface Book { id: string }\n',
  'machines/constants.ts': "export { LIMIT } from '../src/contracts/books';\n",
  'machines/list.machine.ts':
    "import { x } from 'some-pkg';\nimport type { Book } from '../src/contracts/books';\nimport { LIMIT } from './constants';\nexport const list = (books: Book[]) => books.slice(0, LIMIT + x);\n",
  'src/api/books.ts': "import type { Book } from '../contracts/books';\nexport const get = async (): Promise<Book[]> => [];\n",
  'src/server/books.ts': "import { LIMIT } from '../contracts/books';\nexport const limit = LIMIT;\n",
  'src/web/pages/routes.ts': "export const PAGES = ['home'] as const;\n",
  'src/web/pages/loaders.ts': "export const loaders = { home: () => import('./Home') };\n",
  'src/web/pages/Home.tsx':
    "import { list } from '../../../machines/list.machine';\nimport { get } from '../../api/books';\nimport { PAGES } from './routes';\nexport default async () => [list(await get()), PAGES];\n",
  'src/web/main.ts': "import { loaders } from './pages/loaders';\nvoid loaders.home();\n",
};

async function check(changes: Record<string, string>): Promise<DependencyViolation[]> {
  const dir = mkdtempSync(join(tmpdir(), 'quire-deps-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries({ ...CLEAN, ...changes })) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  const { violations } = await checkDependencies({ baseDir: dir, roots: ['src', 'machines'] });
  return violations;
}

const rules = (violations: DependencyViolation[]) => violations.map((v) => `${v.rule}: ${v.from} → ${v.to}`);

describe('dependency check', () => {
  it('passes a tree that keeps the boundaries', async () => {
    expect(await check({})).toEqual([]);
  });

  it('fails a machine importing src/web, even type-only', async () => {
    const violations = await check({
      'src/web/format.ts': 'export type Label = string;\n',
      'machines/list.machine.ts': "import type { Label } from '../src/web/format';\nexport const label: Label = 'x';\n",
    });
    expect(rules(violations)).toEqual(['machines-import-contracts-only: machines/list.machine.ts → src/web/format.ts']);
  });

  it('fails a machine importing the API client or the server, or a Node.js built-in', async () => {
    const violations = await check({
      'machines/list.machine.ts':
        "import { readFileSync } from 'node:fs';\nimport { get } from '../src/api/books';\nimport { limit } from '../src/server/books';\nexport const all = [get, limit, readFileSync];\n",
    });
    expect(rules(violations).sort()).toEqual([
      'client-not-server: machines/list.machine.ts → src/server/books.ts',
      'machines-import-contracts-only: machines/list.machine.ts → src/api/books.ts',
      'machines-import-contracts-only: machines/list.machine.ts → src/server/books.ts',
      'pure-no-node: machines/list.machine.ts → fs',
    ]);
  });

  it('fails src/contracts importing machines/ (and so a circle through it)', async () => {
    const violations = await check({
      'src/contracts/books.ts':
        "import type { list } from '../../machines/list.machine';\nexport const LIMIT = 3;\nexport interface Book { id: string; of?: typeof list }\n",
    });
    expect(violations.map((v) => v.rule).sort()).toEqual(['contracts-import-nothing', 'no-circular', 'no-circular']);
  });

  it('fails the server or the API client importing machines/', async () => {
    const violations = await check({
      'src/server/books.ts': "import { LIMIT } from '../../machines/constants';\nexport const limit = LIMIT;\n",
      'src/api/books.ts':
        "import type { list } from '../../machines/list.machine';\nexport const get = async (): Promise<Parameters<typeof list>[0]> => [];\n",
    });
    expect(rules(violations).sort()).toEqual([
      'api-not-machines-or-views: src/api/books.ts → machines/list.machine.ts',
      'server-not-client: src/server/books.ts → machines/constants.ts',
    ]);
  });

  it('fails a circle made of a type-only import and a dynamic import', async () => {
    const violations = await check({
      'src/web/pages/routes.ts':
        "import type { loaders } from './loaders';\nexport const PAGES = ['home'] as const;\nexport type Loaders = typeof loaders;\n",
    });
    expect(violations).toEqual([
      {
        rule: 'no-circular',
        from: 'src/web/pages/Home.tsx',
        to: 'src/web/pages/routes.ts',
        cycle: ['src/web/pages/routes.ts', 'src/web/pages/loaders.ts', 'src/web/pages/Home.tsx'],
      },
    ]);
  });

  it('fails an import it cannot resolve', async () => {
    const violations = await check({ 'src/web/main.ts': "import { nothing } from './pages/missing';\nvoid nothing;\n" });
    expect(rules(violations)).toEqual(['resolvable: src/web/main.ts → ./pages/missing']);
  });
});

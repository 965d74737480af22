/** The Storybook Vite plugin that compiles Lingui macros (stories/.storybook/lingui-macro-plugin.ts). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { linguiMacroPlugin } from '../../stories/.storybook/lingui-macro-plugin';
import { LINGUI_CONFIG } from '../../stories/.storybook/vite.config';

type Handler = (code: string, id: string) => Promise<{ code: string } | null>;
const plugin = linguiMacroPlugin({ configPath: LINGUI_CONFIG });
const transform = (plugin.transform as unknown as { handler: Handler }).handler;

describe('lingui macro vite plugin', () => {
  it('runs first', () => {
    expect(plugin.enforce).toBe('pre');
  });

  it('compiles <Trans> in a .tsx file and keeps JSX and types for later plugins', async () => {
    const code = [
      "import { Trans } from '@lingui/react/macro';",
      'type P = { name: string };',
      'export const Hello = ({ name }: P) => <p><Trans id="hello.title">Hello {name}</Trans></p>;',
    ].join('\n');
    const out = await transform(code, '/repo/src/web/Hello.tsx');
    expect(out?.code).toBeDefined();
    expect(out?.code).not.toMatch(/@lingui\/react\/macro/);
    expect(out?.code).toContain('hello.title');
    expect(out?.code).toContain('Hello {name}'); // source message kept for Storybook (descriptorFields 'all')
    expect(out?.code).toContain('type P = {');
    expect(out?.code).toContain('<p>');
  });

  it('compiles msg in a .ts file where <T> is a cast, not JSX', async () => {
    const code = [
      "import { msg } from '@lingui/core/macro';",
      'const n = <number>(1 as unknown);',
      "export const m = msg({ id: 'publish.msg.nofile', message: 'No file' });",
    ].join('\n');
    const out = await transform(code, '/repo/src/web/m.ts');
    expect(out?.code).not.toMatch(/@lingui\/core\/macro/);
    expect(out?.code).toContain('publish.msg.nofile');
    expect(out?.code).toContain('<number>');
  });

  it('leaves files without macros alone', async () => {
    expect(await transform("export const x = 'macro';", '/repo/src/x.ts')).toBeNull();
  });

  it('compiles every component of src/web that uses a macro', async () => {
    const root = fileURLToPath(new URL('../../src/web/', import.meta.url));
    const files = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => path.join(root, f))
      .filter((f) => /@lingui\/[\w-]+\/macro/.test(readFileSync(f, 'utf8')));
    for (const file of files) {
      const out = await transform(readFileSync(file, 'utf8'), file);
      expect(out?.code, file).not.toMatch(/@lingui\/[\w-]+\/macro/);
    }
    // Babel over every component: ~5 s on an idle machine, several times that on a busy one.
  }, 60_000);
});

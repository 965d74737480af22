/**
 * One generated Storybook file per registered machine (`stories/machines/<id>.stories.tsx`), so each
 * machine is its own sidebar entry (CSF needs static exports and titles, so the files are written
 * from the registry instead of looped at runtime). tests/paths/stories.test.ts fails when a file is
 * missing, stale or orphaned; `QUIRE_WRITE_STORIES=1` makes it (re)write them.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const GENERATED_MARKER = '// Generated from machines/index.ts by tests/paths/stories.test.ts';
export const STORIES_SUFFIX = '.stories.tsx';

/** Storybook's id sanitizer (storybook/internal/csf `sanitize`), for `machines-<id>--simulation`. */
export function sanitizeStoryId(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ ’–—―′¿'`~!@#$%^&*()_|+\-=?;:'",.<>{}[\]\\/]/gi, '-')
    .replace(/-+/g, '-')
    .replace(/^-+/, '')
    .replace(/-+$/, '');
}

export function machineStoryId(machineId: string): string {
  return `machines-${sanitizeStoryId(machineId)}--simulation`;
}

const literal = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

export function storyFileFor(entry: { id: string; title: string }): string {
  const title = `Machines/${entry.title.replace(/\//g, '∕')}`;
  return `${GENERATED_MARKER} — do not edit.
// machine: ${entry.id}
import type { Meta, StoryObj } from '@storybook/react-vite';
import { MachinePage } from './MachinePage';

const meta = {
  title: ${literal(title)},
  id: ${literal(`machines-${sanitizeStoryId(entry.id)}`)},
  component: MachinePage,
  args: { machineId: ${literal(entry.id)} },
  tags: ['machine'],
} satisfies Meta<typeof MachinePage>;

export default meta;

export const Simulation: StoryObj<typeof meta> = {};
`;
}

export interface StorySyncResult {
  missing: string[];
  stale: string[];
  orphaned: string[];
  written: string[];
  removed: string[];
}

/** Compares (and with `write`, fixes) the generated story files in `dir` against the registry. */
export function syncMachineStories(entries: readonly { id: string; title: string }[], dir: string, write = false): StorySyncResult {
  const result: StorySyncResult = { missing: [], stale: [], orphaned: [], written: [], removed: [] };
  if (write) mkdirSync(dir, { recursive: true });
  const expected = new Map(entries.map((e) => [`${e.id}${STORIES_SUFFIX}`, storyFileFor(e)]));
  for (const [name, content] of expected) {
    const file = path.join(dir, name);
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (current === content) continue;
    (current === undefined ? result.missing : result.stale).push(name);
    if (write) {
      writeFileSync(file, content);
      result.written.push(name);
    }
  }
  const present = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(STORIES_SUFFIX)) : [];
  for (const name of present) {
    if (expected.has(name)) continue;
    const file = path.join(dir, name);
    if (!readFileSync(file, 'utf8').startsWith(GENERATED_MARKER)) continue; // hand-written stories stay
    result.orphaned.push(name);
    if (write) {
      unlinkSync(file);
      result.removed.push(name);
    }
  }
  return result;
}

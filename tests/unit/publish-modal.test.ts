import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { FILE_SETS } from '../../machines/publish/fixtures';
import { type PublishModalInput, publishModalMachine } from '../../machines/publish-modal.machine';
import { maxFilesFor } from '../../src/contracts/books';
import { formatBytes, percent, truncateTitle } from '../../src/web/components/publish/format';

const MB = 1024 * 1024;
const free: PublishModalInput = { maxFiles: maxFilesFor('FREE'), filesize: 100 * MB };
const premium: PublishModalInput = { maxFiles: maxFilesFor('PREMIUM'), filesize: 500 * MB };

function open(input: PublishModalInput) {
  const actor = createActor(publishModalMachine, { input });
  actor.start();
  return actor;
}
const file = (name: string, size: number) => ({ name, size });

describe('publish modal file checks (SPEC §5 Files, §6)', () => {
  it('submitting nothing shows publish.msg.nofile and sends nothing', () => {
    const actor = open(free);
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().context.problems).toEqual([{ id: 'publish.msg.nofile' }]);
    expect(actor.getSnapshot().status).toBe('active');
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
  });

  it('a free account cannot pick two files: publish.msg.maxfiles with the limit 1', () => {
    const actor = open(free);
    actor.send({ type: 'user.drop', files: FILE_SETS.two });
    const s = actor.getSnapshot();
    expect(s.context.problems).toEqual([{ id: 'publish.msg.maxfiles', limit: 1 }]);
    expect(s.matches({ choosing: { selection: 'rejected' } })).toBe(true);
    expect(s.can({ type: 'user.submit' })).toBe(false);
  });

  it('a premium account may pick up to 10 files, not 11', () => {
    const actor = open(premium);
    const ten = Array.from({ length: 10 }, (_, i) => file(`part ${i}.pdf`, 1000));
    actor.send({ type: 'user.pick', files: ten });
    expect(actor.getSnapshot().context.problems).toEqual([]);
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(true);
    actor.send({ type: 'user.pick', files: [...ten, file('extra.pdf', 1)] });
    expect(actor.getSnapshot().context.problems).toEqual([{ id: 'publish.msg.maxfiles', limit: 10 }]);
  });

  it('an empty file, a file over the limit (with the limit) and an unsupported type are each named', () => {
    const actor = open(premium);
    actor.send({
      type: 'user.pick',
      files: [file('empty.docx', 0), file('huge.pdf', 500 * MB + 1), file('tool.exe', 10), file('fine.odt', 10)],
    });
    expect(actor.getSnapshot().context.problems).toEqual([
      { id: 'publish.msg.filesize.empty', name: 'empty.docx' },
      { id: 'publish.msg.filesize.limit', name: 'huge.pdf', limit: 500 * MB },
      { id: 'publish.msg.type', name: 'tool.exe' },
    ]);
    expect(actor.getSnapshot().can({ type: 'user.submit' })).toBe(false);
  });

  it('a file exactly at the limit passes', () => {
    const actor = open(free);
    actor.send({ type: 'user.pick', files: [file('exact.pdf', 100 * MB)] });
    expect(actor.getSnapshot().matches({ choosing: { selection: 'ready' } })).toBe(true);
  });

  it('removing the extra file makes a free selection valid; removing the last one empties it', () => {
    const actor = open(free);
    actor.send({ type: 'user.drop', files: FILE_SETS.two });
    actor.send({ type: 'user.removeFile', index: 0 });
    expect(actor.getSnapshot().context.files).toEqual([FILE_SETS.two[1]]);
    expect(actor.getSnapshot().matches({ choosing: { selection: 'ready' } })).toBe(true);
    actor.send({ type: 'user.removeFile', index: 0 });
    expect(actor.getSnapshot().matches({ choosing: { selection: 'empty' } })).toBe(true);
    expect(actor.getSnapshot().context.problems).toEqual([]);
  });

  it('drag over, then drop: the zone returns to idle and the dropped files are checked', () => {
    const actor = open(premium);
    actor.send({ type: 'user.dragEnter' });
    expect(actor.getSnapshot().matches({ choosing: { drag: 'over' } })).toBe(true);
    actor.send({ type: 'user.drop', files: FILE_SETS.unsupported });
    expect(actor.getSnapshot().matches({ choosing: { drag: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.problems).toEqual([{ id: 'publish.msg.type', name: 'setup.exe' }]);
  });

  it('a valid submit ends with the files and the publishing mode', () => {
    const actor = open(premium);
    actor.send({ type: 'user.pick', files: FILE_SETS.two });
    actor.send({ type: 'user.setMode', mode: 2 });
    actor.send({ type: 'user.submit' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ kind: 'submitted', files: FILE_SETS.two, publishingMode: 2 });
  });

  it('closing ends without files', () => {
    const actor = open(free);
    actor.send({ type: 'user.pick', files: FILE_SETS.one });
    actor.send({ type: 'user.close' });
    expect(actor.getSnapshot().output).toEqual({ kind: 'closed' });
  });
});

describe('publish formatting', () => {
  it('formats limits as people read them', () => {
    expect(formatBytes(100 * MB)).toBe('100 MB');
    expect(formatBytes(1024 * MB)).toBe('1 GB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(0)).toBe('0 B');
  });

  it('truncates titles at 40 characters (SPEC §9)', () => {
    const long = `${'A'.repeat(39)}BC`;
    expect(Array.from(truncateTitle(long))).toHaveLength(40);
    expect(truncateTitle(long).endsWith('…')).toBe(true);
    expect(truncateTitle('A'.repeat(40))).toBe('A'.repeat(40));
  });

  it('percent is clamped and 0 for an unknown total', () => {
    expect(percent(5, 10)).toBe(50);
    expect(percent(12, 10)).toBe(100);
    expect(percent(3, 0)).toBe(0);
  });
});

import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { ENCODER_IDLE_MS, ENCODER_MIN_ADDRESS_SPACE, encodeImage, encoderPids } from '../../src/server/convert/encoder';
import { writePlaceholderPage } from '../../src/server/convert/images';
import { isAlive } from '../../src/server/convert/tools';
import { descendants, programOf } from './fixtures/processes';
import { tempDir } from './helpers';

/**
 * Image encoding runs in short-lived child processes (issue 23: libvips in the server kept hundreds of
 * MiB after a burst of page-image requests). This file imports no sharp itself, so it can check that
 * the process asking for images never loads libvips.
 */

const LIMITS = { memoryBytes: 512 * 1024 * 1024, timeoutMs: 30_000 };

/** Width and height of a lossy WebP (VP8 frame header) or a JPEG (SOF0/SOF2). */
function imageSize(bytes: Buffer): { format: string; width: number; height: number } {
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 15) === 'WEBPVP8') {
    const frame = bytes.indexOf(Buffer.from([0x9d, 0x01, 0x2a]));
    return { format: 'webp', width: bytes.readUInt16LE(frame + 3) & 0x3fff, height: bytes.readUInt16LE(frame + 5) & 0x3fff };
  }
  for (let i = 2; i < bytes.length - 8; ) {
    const marker = bytes[i + 1] as number;
    if (marker === 0xc0 || marker === 0xc2) return { format: 'jpeg', width: bytes.readUInt16BE(i + 7), height: bytes.readUInt16BE(i + 5) };
    i += 2 + bytes.readUInt16BE(i + 2);
  }
  return { format: 'unknown', width: 0, height: 0 };
}

/** The Node process of an encoder (under setpriv, prlimit and timeout). */
const encoderNode = (pid: number) => [pid, ...descendants(pid)].find((p) => programOf(p) === process.execPath);

describe('the image encoder', () => {
  it('encodes in a child process under the memory limit, which exits when idle; this process never loads libvips', async () => {
    const dir = await tempDir();
    const jpeg = path.join(dir, 'page.jpg');
    await writePlaceholderPage(jpeg, { width: 595, height: 842 }, { limits: LIMITS });
    expect(imageSize(await readFile(jpeg))).toEqual({ format: 'jpeg', width: 1240, height: 1755 });
    const webp = path.join(dir, 'page.webp');
    await encodeImage({ input: jpeg, output: webp, width: 240, format: 'webp', quality: 80, effort: 2 }, { limits: LIMITS });
    expect(imageSize(await readFile(webp))).toEqual({ format: 'webp', width: 240, height: 339 });
    // Cut to at most maxHeight, the top kept.
    const card = path.join(dir, 'card.webp');
    await encodeImage(
      { input: jpeg, output: card, width: 100, maxHeight: 120, fit: 'cover', position: 'top', format: 'webp', quality: 80 },
      { limits: LIMITS },
    );
    expect(imageSize(await readFile(card))).toEqual({ format: 'webp', width: 100, height: 120 });

    const [pid] = encoderPids();
    expect(pid).toBeDefined();
    const node = encoderNode(pid as number);
    expect(node).toBeDefined();
    // The address-space limit of the tools (at least what Node needs to start).
    const limit = Number(/^Max address space\s+(\d+)/m.exec(readFileSync(`/proc/${node}/limits`, 'utf8'))?.[1]);
    expect(limit).toBe(ENCODER_MIN_ADDRESS_SPACE);
    expect(readFileSync('/proc/self/maps', 'utf8')).not.toMatch(/libvips/);

    await sleep(ENCODER_IDLE_MS + 2_000);
    expect(encoderPids()).toEqual([]);
    expect(isAlive(node as number)).toBe(false);
  }, 30_000);

  it('answers a task it cannot do with its error and goes on; an aborted task ends its process', async () => {
    const dir = await tempDir();
    const output = path.join(dir, 'out.webp');
    await expect(
      encodeImage({ input: path.join(dir, 'missing.jpg'), output, width: 10, format: 'webp', quality: 80 }, { limits: LIMITS }),
    ).rejects.toThrow(/^image encoding failed: /);
    await writeFile(path.join(dir, 'bad.jpg'), 'not an image');
    await expect(
      encodeImage({ input: path.join(dir, 'bad.jpg'), output, width: 10, format: 'webp', quality: 80 }, { limits: LIMITS }),
    ).rejects.toThrow(/^image encoding failed: /);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#f00"/></svg>';
    await encodeImage({ svg, output, format: 'webp', quality: 80 }, { limits: LIMITS });
    expect(imageSize(await readFile(output))).toEqual({ format: 'webp', width: 20, height: 10 });

    const [pid] = encoderPids();
    const abort = new AbortController();
    const big =
      '<svg xmlns="http://www.w3.org/2000/svg" width="8000" height="8000"><circle cx="4000" cy="4000" r="3900" fill="#0a0"/></svg>';
    const pending = encodeImage(
      { svg: big, output, width: 8000, format: 'webp', quality: 100, effort: 6 },
      { limits: LIMITS, signal: abort.signal },
    );
    await sleep(200);
    abort.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    // Gone, and out of the pool once its pipes have closed.
    for (let i = 0; i < 50 && (isAlive(pid as number) || encoderPids().length > 0); i++) await sleep(100);
    expect(isAlive(pid as number)).toBe(false);
    expect(encoderPids()).toEqual([]);
  }, 30_000);
});

import net from 'node:net';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { EnvelopeSchema } from '../../src/contracts/envelope';
import { signedIn, useAccountsApp } from './accounts-support';
import { multipartBody, partFiles } from './publish-support';

/**
 * Issue 12 item 6: errors raised below the routes answer the `{status, content, id}` envelope too.
 * Over a real socket (app.listen on port 0): inject() bypasses Node's HTTP parser, which is where
 * oversized headers, malformed requests and lying Content-Lengths are refused.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Writes `request` (then half-closes when `end`), reads until the server closes or the answer is complete. */
function rawRequest(port: number, request: string | Buffer, options: { end?: boolean } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1');
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer; got: ${Buffer.concat(chunks).toString('latin1').slice(0, 300)}`));
    }, 10_000);
    const finish = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const at = text.indexOf('\r\n\r\n');
      if (at < 0) return false;
      const [statusLine = '', ...lines] = text.slice(0, at).split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      const body = text.slice(at + 4);
      const length = Number(headers['content-length'] ?? Number.NaN);
      if (Number.isFinite(length) && Buffer.byteLength(body) < length) return false;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
      return true;
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      finish();
    });
    socket.on('close', () => {
      if (!finish()) {
        clearTimeout(timer);
        reject(new Error(`closed without an answer; got: ${Buffer.concat(chunks).toString('latin1').slice(0, 300)}`));
      }
    });
    // A reset after the answer arrived is fine; before it, 'close' reports it.
    socket.on('error', () => {});
    socket.write(request, () => {
      if (options.end) socket.end();
    });
  });
}

function expectEnvelope(answer: RawAnswer, status: number, content: { type: string; code: number }) {
  expect(answer.status, answer.body).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  const json = JSON.parse(answer.body);
  expect(v.safeParse(EnvelopeSchema, json).success, answer.body).toBe(true);
  expect(json).toMatchObject({ status: 'error', content });
  expect(json.id).toBe(answer.headers['x-request-id']);
}

describe('transport errors answer the envelope (real socket)', () => {
  const ctx = useAccountsApp('sqlite', { env: { QUIRE_CONVERT_CONCURRENCY: '0' } });
  let port = 0;
  let token = '';

  beforeAll(async () => {
    token = (await signedIn(ctx, 'transport')).token;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as net.AddressInfo).port;
  });

  const get = (path: string, headers = '') => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n${headers}Connection: close\r\n\r\n`;

  it('answers a long query string: 10 KB is read, one over the header limit is 431', async () => {
    const fine = await rawRequest(port, get(`/api/public/status?v=2&q=${'a'.repeat(10_240)}`));
    expect(fine.status).toBe(200);
    expect(JSON.parse(fine.body)).toMatchObject({ status: 'ok' });

    const tooLong = await rawRequest(port, get(`/api/public/status?v=2&q=${'a'.repeat(20_480)}`));
    expectEnvelope(tooLong, 431, { type: 'API', code: 431 });
    // Far over the limit too (the client is still sending when the answer goes out).
    const huge = await rawRequest(port, get(`/api/public/status?v=2&q=${'a'.repeat(200_000)}`));
    expectEnvelope(huge, 431, { type: 'API', code: 431 });
  });

  it('answers oversized headers with 431', async () => {
    const answer = await rawRequest(port, get('/api/public/status?v=2', `Cookie: c=${'x'.repeat(20_000)}\r\n`));
    expectEnvelope(answer, 431, { type: 'API', code: 431 });
  });

  it('answers a malformed request with 400', async () => {
    expectEnvelope(await rawRequest(port, 'NOT A REQUEST\r\n\r\n'), 400, { type: 'API', code: 400 });
    expectEnvelope(await rawRequest(port, 'GET /api/public/status?v=2 HTTP/1.1\r\nHost localhost\r\n\r\n'), 400, {
      type: 'API',
      code: 400,
    });
  });

  it('answers an upload whose Content-Length lies, and keeps nothing', async () => {
    const upload = multipartBody({ name: 'Lying' }, { name: 'lie.txt', data: Buffer.from('hello there') });
    const head = (length: number) =>
      `POST /api/pinwheel/document/create?v=2 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: ${upload.contentType}\r\nContent-Length: ${length}\r\n\r\n`;
    const books = async () => (await ctx.app.db.selectFrom('books').select('id').execute()).length;
    const before = await books();

    // Declared shorter than sent: the rest reads as a malformed next request.
    const shorter = await rawRequest(port, Buffer.concat([Buffer.from(head(40)), upload.payload]));
    expectEnvelope(shorter, 400, { type: 'API', code: 400 });

    // Declared longer than sent, then the client stops sending (the parser meets the end mid-body).
    const longer = await rawRequest(port, Buffer.concat([Buffer.from(head(upload.payload.length + 5000)), upload.payload]), { end: true });
    expectEnvelope(longer, 400, { type: 'API', code: 400 });

    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await books()).toBe(before);
    expect(await partFiles(ctx.config.dataDir)).toEqual([]);
  });

  it('answers bad JSON with 400 and a content type no route reads with 415', async () => {
    const post = (type: string, body: string) =>
      `POST /api/account/subscription/create?v=2 HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
      `Content-Type: ${type}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`;
    expectEnvelope(await rawRequest(port, post('application/json', '{"name":')), 400, { type: 'API', code: 400 });
    expectEnvelope(await rawRequest(port, post('text/xml', '<name>x</name>')), 415, { type: 'API', code: 415 });
    expectEnvelope(await rawRequest(port, post('multipart/form-data; boundary=x', '--x--\r\n')), 415, { type: 'API', code: 415 });
  });

  it('answers a multipart upload without a usable boundary with 400', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=', `multipart/form-data; boundary=${'b'.repeat(300)}`]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/pinwheel/document/create?v=2',
        headers: { authorization: `Bearer ${token}`, 'content-type': type },
        payload: '--b\r\n',
      });
      expect(res.statusCode, type).toBe(400);
      expect(res.json(), type).toMatchObject({ status: 'error', content: { type: 'API', code: 400 } });
    }
  });

  it('answers a body over the limit with 413 before reading it', async () => {
    const answer = await rawRequest(
      port,
      'POST /api/account/subscription/create?v=2 HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${5 * 1024 * 1024}\r\n\r\n{"name":"`,
    );
    expectEnvelope(answer, 413, { type: 'API', code: 413 });
  });
});

import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Recorded {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** What a route does: answer an envelope/raw body, or take control of the response itself. */
export type Reply =
  | { envelope: Record<string, unknown>; status?: number }
  | { raw: string; status?: number; contentType?: string }
  | { hang: true }
  | ((res: ServerResponse) => void);

export type Handler = (req: Recorded) => Reply | Promise<Reply>;

/** A real HTTP server on 127.0.0.1 (ephemeral port) that records every request. */
export async function startServer(handler: Handler) {
  const requests: Recorded[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://localhost');
    const recorded: Recorded = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(recorded);
    const reply = await handler(recorded);
    if (typeof reply === 'function') return reply(res);
    if ('hang' in reply) return;
    const [body, type] =
      'envelope' in reply ? [JSON.stringify(reply.envelope), 'application/json'] : [reply.raw, reply.contentType ?? 'text/html'];
    res.writeHead(reply.status ?? 200, { 'content-type': type });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function refusedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

export const ok = (content: unknown, extra: Record<string, unknown> = {}): Reply => ({
  envelope: { status: 'ok', content, id: 'req-ok', ...extra },
});
export const fail = (content: Record<string, unknown>, status = 400, extra: Record<string, unknown> = {}): Reply => ({
  envelope: { status: 'error', content, id: 'req-err', ...extra },
  status,
});

import type { FastifyReply, FastifyRequest } from 'fastify';

export const TOKEN_COOKIE = 'quire_token';
export const DEVICE_COOKIE = 'quire_device';

/** Reads one cookie of the request (no cookie plugin needed for the two the API uses). */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

export interface CookieOptions {
  maxAgeSeconds: number;
  secure: boolean;
  path?: string;
}

/** Adds a Set-Cookie header (httpOnly, SameSite=Lax); maxAgeSeconds 0 deletes the cookie. */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path ?? '/'}`,
    `Max-Age=${options.maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (options.secure) parts.push('Secure');
  const previous = reply.getHeader('set-cookie');
  const list = previous === undefined ? [] : Array.isArray(previous) ? previous.map(String) : [String(previous)];
  reply.header('set-cookie', [...list, parts.join('; ')]);
}

import { parseCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const TOKEN_COOKIE = 'quire_token';
export const DEVICE_COOKIE = 'quire_device';

/**
 * One cookie of a Cookie header, parsed by the `cookie` library: the first of that name, its value
 * percent-decoded (as it is when that fails); undefined when absent.
 */
export function cookieOf(header: string | undefined, name: string): string | undefined {
  return parseCookie(header ?? '')[name];
}

/** Reads one cookie of the request. */
export const readCookie = (request: FastifyRequest, name: string): string | undefined => cookieOf(request.headers.cookie, name);

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

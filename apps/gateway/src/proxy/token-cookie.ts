/**
 * The httpOnly cookie that lets plain browser GETs of protected files (<img src>, <a download>) carry the
 * user's token: set when a sign-in succeeds through the gateway, cleared at sign-out. Scoped to /api, never
 * readable by scripts, SameSite=Strict; the proxy accepts it only for GET and HEAD.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Name of the token cookie. */
export const TOKEN_COOKIE = 'showfloor_token';

/** Reads the token cookie from a Cookie header. */
export function readTokenCookie(header: string | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === TOKEN_COOKIE) {
      const value = part.slice(index + 1).trim();
      return value ? decodeURIComponent(value) : undefined;
    }
  }
  return undefined;
}

function isSecure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

/** Sets the token cookie until the token's expiry (`exp`, seconds since epoch). */
export function setTokenCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  exp: number,
): void {
  const maxAge = Math.max(0, exp - Math.floor(Date.now() / 1000));
  const parts = [
    `${TOKEN_COOKIE}=${encodeURIComponent(token)}`,
    'Path=/api',
    `Max-Age=${maxAge}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  if (isSecure(request)) parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
}

/** Clears the token cookie. */
export function clearTokenCookie(request: FastifyRequest, reply: FastifyReply): void {
  const parts = [`${TOKEN_COOKIE}=`, 'Path=/api', 'Max-Age=0', 'HttpOnly', 'SameSite=Strict'];
  if (isSecure(request)) parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
}

/**
 * The gateway's own origin as the browser sees it, read from one request: Host and the connection's TLS, and
 * X-Forwarded-Host / X-Forwarded-Proto only when a proxy hop is configured in front (TRUST_PROXY_HOPS > 0).
 * Without one, anyone could send those headers and name any origin. The relay's Origin check and the CSP's
 * websocket source both read it, so they trust the same headers.
 */
import type { IncomingHttpHeaders } from 'node:http';

/**
 * The value the nearest proxy set in a header that may repeat or hold a comma-separated list: the last one
 * (earlier ones came from further away, possibly from the client itself), as Fastify reads them.
 */
function lastValue(value: string | string[] | undefined): string | undefined {
  const last = Array.isArray(value) ? value.at(-1) : value;
  return last?.split(',').at(-1)?.trim() || undefined;
}

/** Scheme and host of the gateway as this request names it; host undefined when the request has none. */
export function ownOrigin(
  headers: IncomingHttpHeaders,
  isSecure: boolean,
  trustsProxy: boolean,
): { isSecure: boolean; host: string | undefined } {
  const forwardedProto = trustsProxy ? lastValue(headers['x-forwarded-proto']) : undefined;
  const forwardedHost = trustsProxy ? lastValue(headers['x-forwarded-host']) : undefined;
  return {
    isSecure: isSecure || forwardedProto === 'https',
    host: forwardedHost ?? headers.host,
  };
}

/**
 * `/metrics` and `/readyz` answer only the operator's addresses (OPS_ALLOWED_IPS, default loopback); anyone
 * else, also through a trusted proxy or with a forged X-Forwarded-For, gets the 404 of an unknown path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND_MESSAGES } from '@showfloor/contracts';
import { parseEnv } from '../config/env.ts';
import { startStubProvider, type StubProvider } from '../../test/stub-provider.ts';
import { startGateway, type RunningGateway } from '../../test/gateway.ts';
import { addressAllowList, isAddressOrRange } from './ops-access.ts';

let provider: StubProvider;
const gateways: RunningGateway[] = [];

async function gateway(env: Record<string, string> = {}): Promise<RunningGateway> {
  const started = await startGateway(provider.url, env);
  gateways.push(started);
  return started;
}

/** Status codes of /metrics, /readyz and /healthz for a client at `remoteAddress`. */
async function statuses(
  running: RunningGateway,
  remoteAddress: string,
  headers: Record<string, string> = {},
): Promise<number[]> {
  const codes: number[] = [];
  for (const url of ['/metrics', '/readyz', '/healthz'])
    codes.push((await running.app.inject({ url, remoteAddress, headers })).statusCode);
  return codes;
}

beforeAll(async () => {
  provider = await startStubProvider();
});
afterAll(async () => {
  for (const each of gateways) await each.close();
  await provider?.close();
});

describe('operator endpoints', () => {
  it('answers loopback by default and nobody else', async () => {
    const running = await gateway();
    expect(await statuses(running, '127.0.0.1')).toEqual([200, 200, 200]);
    expect(await statuses(running, '::1')).toEqual([200, 200, 200]);
    expect(await statuses(running, '203.0.113.7')).toEqual([404, 404, 200]);
    const refused = await running.app.inject({ url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(refused.json()).toEqual({ message: BACKEND_MESSAGES.NOT_FOUND });
    expect(refused.body).not.toContain('gateway_');
    // Over the network from this machine: loopback.
    expect((await fetch(`${running.url}/metrics`)).status).toBe(200);
  });

  it('answers the addresses and ranges the operator lists, and not loopback unless listed', async () => {
    const running = await gateway({ OPS_ALLOWED_IPS: '10.0.0.0/8, 192.0.2.10' });
    expect(await statuses(running, '10.20.30.40')).toEqual([200, 200, 200]);
    expect(await statuses(running, '::ffff:10.20.30.40')).toEqual([200, 200, 200]);
    expect(await statuses(running, '192.0.2.10')).toEqual([200, 200, 200]);
    expect(await statuses(running, '192.0.2.11')).toEqual([404, 404, 200]);
    expect(await statuses(running, '127.0.0.1')).toEqual([404, 404, 200]);
  });

  it('reads X-Forwarded-For only from a configured proxy hop', async () => {
    const direct = await gateway({ OPS_ALLOWED_IPS: '10.0.0.0/8' });
    expect(await statuses(direct, '203.0.113.7', { 'x-forwarded-for': '10.1.2.3' })).toEqual([404, 404, 200]);
    // Behind one proxy (on loopback), the client is the address the proxy names.
    const proxied = await gateway({ TRUST_PROXY_HOPS: '1' });
    expect(await statuses(proxied, '127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toEqual([
      404, 404, 200,
    ]);
    expect(await statuses(proxied, '127.0.0.1')).toEqual([200, 200, 200]);
  });

  it('checks OPS_ALLOWED_IPS at start', () => {
    expect(parseEnv({ OPS_ALLOWED_IPS: '10.0.0.0/8,::1' }).OPS_ALLOWED_IPS).toEqual(['10.0.0.0/8', '::1']);
    expect(() => parseEnv({ OPS_ALLOWED_IPS: '10.0.0.0/33' })).toThrow(/OPS_ALLOWED_IPS/);
    expect(() => parseEnv({ OPS_ALLOWED_IPS: 'localhost' })).toThrow(/OPS_ALLOWED_IPS/);
    for (const entry of ['fe80::/10', '0.0.0.0/0', '::1']) expect(isAddressOrRange(entry)).toBe(true);
    for (const entry of ['1.2.3.4/x', '1.2.3.4/8/8', '::1/129', ''])
      expect(isAddressOrRange(entry)).toBe(false);
    const isAllowed = addressAllowList(['fe80::/10']);
    expect(isAllowed('fe80::1')).toBe(true);
    expect(isAllowed('fe81::1')).toBe(true);
    expect(isAllowed('fec0::1')).toBe(false);
    expect(isAllowed('not an address')).toBe(false);
  });
});

/**
 * A relay test stack: the real mock provider, Redis, and gateway nodes on random ports, plus sign-in through
 * the gateway (as the web app does it) and small conveniences to read what the provider stored.
 */
import { randomBytes } from 'node:crypto';
import { startMockProvider, type MockProvider } from '../../../test/mock-provider.ts';
import { signInThroughGateway, startGateway, type RunningGateway } from '../../../test/gateway.ts';
import type { RawEnv } from '../../config/env.ts';

/** The demo fixture's password (issue 3). */
export { DEMO_PASSWORD } from '@showfloor/mock-provider';

/** A widget-token secret for the tests (same on every node). */
export const TEST_CALL_SECRET = 'relay-test-call-token-secret-0123456789';

export interface SignedIn {
  userId: number;
  token: string;
  email: string;
}

/** Signs a demo user in through a gateway (force_login, as a second device would). */
export async function signIn(gatewayUrl: string, email: string, eventCode = 'DEMO'): Promise<SignedIn> {
  const { user } = await signInThroughGateway(gatewayUrl, email, eventCode);
  return { userId: user.id, token: user.jwt_token, email };
}

/** Environment of relay test nodes: Redis with a prefix of their own, generous sign-in limits. */
export function relayEnv(redisUrl: string | undefined, extra: RawEnv = {}): RawEnv {
  return {
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    RELAY_REDIS_PREFIX: `relay-test-${randomBytes(4).toString('hex')}`,
    CALL_TOKEN_SECRET: TEST_CALL_SECRET,
    RATE_LIMIT_AUTH_PER_IP: '1000',
    RATE_LIMIT_AUTH_PER_ACCOUNT: '1000',
    ...extra,
  };
}

export interface RelayStack {
  provider: MockProvider;
  nodes: RunningGateway[];
  close(): Promise<void>;
}

/** The mock provider and `count` gateway nodes sharing `env` (and so one Redis prefix). */
export async function startRelayStack(count: number, env: RawEnv): Promise<RelayStack> {
  const provider = await startMockProvider();
  const nodes: RunningGateway[] = [];
  try {
    for (let index = 0; index < count; index += 1) nodes.push(await startGateway(provider.url, env));
  } catch (error) {
    for (const node of nodes) await node.close();
    await provider.close();
    throw error;
  }
  return {
    provider,
    nodes,
    async close() {
      for (const node of nodes) await node.close();
      await provider.close();
    },
  };
}

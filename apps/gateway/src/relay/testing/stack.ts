/**
 * A relay test stack: the real mock provider, Redis, and gateway nodes on random ports, plus sign-in through
 * the gateway (as the web app does it) and small conveniences to read what the provider stored. `startLobbyStack`
 * is the set-up the cross-node suites share: two nodes on the test Redis, some demo users signed in, the lobby.
 */
import { randomBytes } from 'node:crypto';
import { startMockProvider, type MockProvider } from '../../../test/mock-provider.ts';
import {
  callProcedure,
  signInThroughGateway,
  startGateway,
  type RunningGateway,
} from '../../../test/gateway.ts';
import type { BuildAppOverrides } from '../../app.ts';
import type { RawEnv } from '../../config/env.ts';
import { connectAs, settle, type ConnectOptions, type TestClient } from './clients.ts';
import { resolveTestRedis, type TestRedis } from './redis.ts';

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

/**
 * The mock provider and `count` gateway nodes sharing `env` (and so one Redis prefix); `nodeEnv` adds to a
 * node's own (e.g. its REDIS_URL through a proxy); `overrides` go to every node's app (e.g. relay settings).
 */
export async function startRelayStack(
  count: number,
  env: RawEnv,
  nodeEnv: (index: number) => RawEnv = () => ({}),
  overrides: BuildAppOverrides = {},
): Promise<RelayStack> {
  const provider = await startMockProvider();
  const nodes: RunningGateway[] = [];
  try {
    for (let index = 0; index < count; index += 1)
      nodes.push(await startGateway(provider.url, { ...env, ...nodeEnv(index) }, overrides));
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

export interface LobbyStack {
  redis: TestRedis;
  stack: RelayStack;
  node1: string;
  node2: string;
  /** The users asked for, signed in through node 1, in the order asked. */
  users: SignedIn[];
  /** The DEMO event's lobby. */
  lobbyId: number;
  /** Connects a tab of `user` to `node` (closed by `closeTabs`). */
  tab(node: string, user: SignedIn, options?: Partial<ConnectOptions>): Promise<TestClient>;
  /** Closes a client the test made itself with the tabs. */
  adopt(client: TestClient): void;
  /** The tab's enter_room into the lobby; throws unless the relay answers `{ statusCode: 200 }`. */
  enterLobby(client: TestClient, user: SignedIn): Promise<void>;
  /** Closes the tabs connected so far and lets the nodes see them go (after each test). */
  closeTabs(): Promise<void>;
  /** Stops the nodes and the provider and releases Redis (after all). */
  close(): Promise<void>;
}

/**
 * Two gateway nodes on the test Redis (`redisUrl`, the test's REDIS_URL, else 127.0.0.1:6379, else
 * testcontainers), the demo users of `emails` signed in, and the DEMO lobby read.
 */
export async function startLobbyStack(
  redisUrl: string | undefined,
  emails: string[],
  extraEnv: RawEnv = {},
): Promise<LobbyStack> {
  const redis = await resolveTestRedis(redisUrl);
  let stack: RelayStack | undefined;
  try {
    stack = await startRelayStack(2, relayEnv(redis.url, extraEnv));
    const [node1, node2] = stack.nodes.map((node) => node.url) as [string, string];
    const users = await Promise.all(emails.map((email) => signIn(node1, email)));
    const lobby = await callProcedure<{ id: number }>(
      node1,
      'content.getLobby',
      { event_code: 'DEMO' },
      { token: users[0]?.token },
    );
    if (!lobby.data) throw new Error(`no lobby: ${lobby.error?.message}`);
    const lobbyId = lobby.data.id;
    const started = stack;
    let clients: TestClient[] = [];
    return {
      redis,
      stack: started,
      node1,
      node2,
      users,
      lobbyId,
      async tab(node, user, options = {}) {
        const client = await connectAs(node, { token: user.token, userId: user.userId, ...options });
        clients.push(client);
        return client;
      },
      adopt(client) {
        clients.push(client);
      },
      async enterLobby(client, user) {
        const entry = { event: 'enter_room', user_id: user.userId, room_id: lobbyId, timestamp: Date.now() };
        const ack = JSON.stringify(await client.request('user_room_events', entry));
        if (ack !== '{"statusCode":200}') throw new Error(`enter_room not acknowledged: ${ack}`);
      },
      async closeTabs() {
        for (const client of clients) client.close();
        clients = [];
        await settle(50);
      },
      async close() {
        await started.close();
        await redis.release();
      },
    };
  } catch (error) {
    await stack?.close();
    await redis.release();
    throw error;
  }
}

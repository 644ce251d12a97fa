/**
 * What an idle connection keeps: not the upgrade's HTTP request. engine.io's response object for a websocket
 * upgrade (kept by a `close` listener on the TCP socket until the connection ends) pointed at it, so every idle
 * socket held its IncomingMessage, raw headers and stream state (attach-relay.ts, releaseUpgradeRequests). A
 * weak reference to the request must come back empty after a full collection while the socket stays connected.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAs, until, type TestClient } from './testing/clients.ts';
import { relayEnv, signIn, startRelayStack, type RelayStack } from './testing/stack.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let stack: RelayStack;
const clients: TestClient[] = [];

beforeAll(async () => {
  stack = await startRelayStack(1, relayEnv(undefined));
});

afterAll(async () => {
  for (const client of clients) client.socket.disconnect();
  await stack?.close();
});

describe('an idle connection', () => {
  it('does not keep the websocket upgrade request once connected', async () => {
    const node = stack.nodes[0]!;
    const requests: Array<WeakRef<object>> = [];
    node.app.relay.io.engine.on('connection', (socket: { request: object }) => {
      requests.push(new WeakRef(socket.request));
    });
    const user = await signIn(node.url, 'grace@demo.test');
    const client = await connectAs(node.url, { token: user.token, userId: user.userId });
    clients.push(client);
    await until(() => requests.length === 1, 'the engine connection');
    // The engine's socket and the socket.io socket are connected, idle.
    expect(client.socket.connected).toBe(true);
    for (let round = 0; round < 3; round += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(requests[0]!.deref()).toBeUndefined();
    expect(client.socket.connected).toBe(true);
  });
});

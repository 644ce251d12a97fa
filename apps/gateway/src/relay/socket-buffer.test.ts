/**
 * A tab that stops reading its socket must not make the node buffer without bound (socket-buffer.ts): a real
 * socket.io client pauses its TCP socket while another tab floods the lobby; once what the node holds for it
 * passes RELAY_SOCKET_BUFFER_MAX_BYTES the node drops it (its disconnect reason and count `buffer_over_cap`), the other tabs keep
 * receiving every frame, the node's engine socket for it is collected, and the client, once it reads again,
 * reconnects and catches up from history what was stored meanwhile. The flood goes on until the node's own engine
 * socket for the paused tab reports more than the cap buffered (whatever the host's TCP buffers take first);
 * then it stops, and the tab, over the cap on two sweeps (every 50 ms here) without draining, is dropped.
 * Without the cap it is never dropped (the test times out). One node, the mock provider, no Redis.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Socket as NetSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatchUpAck, ChatMessage } from '@showfloor/contracts';
import { callProcedure } from '../../test/gateway.ts';
import { chatText, connectAs, sendChat, type TestClient } from './testing/clients.ts';
import { relayEnv, signIn, startRelayStack, type RelayStack, type SignedIn } from './testing/stack.ts';
import type { RelaySocket } from './io.ts';
import { bufferedBytes, type EngineSocket } from './socket-buffer.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const CAP = 256 * 1024;
const TOPIC = 'chat_DEMO';

let stack: RelayStack;
let lobbyId: number;
let slow: SignedIn;
let flooder: SignedIn;
let listener: SignedIn;
const clients: TestClient[] = [];
/** TCP sockets the test paused: destroyed at the end, so a failed run does not hold the node's close. */
const paused: NetSocket[] = [];

beforeAll(async () => {
  stack = await startRelayStack(
    1,
    relayEnv(undefined, {
      RELAY_SOCKET_BUFFER_MAX_BYTES: String(CAP),
      // The flood is the test's, not a visitor's: the emit and fan-out limits are out of its way.
      RELAY_EMITS_PER_SECOND: '100000',
      RELAY_EMIT_BURST: '100000',
      RELAY_ROOM_FANOUT_PER_SECOND: '100000',
      RELAY_ROOM_FANOUT_BURST: '100000',
      RELAY_FANOUT_WRITES_PER_SECOND: '1000000',
      RELAY_FANOUT_WRITES_BURST: '1000000',
    }),
    () => ({}),
    { relay: { socketBuffer: { maxBytes: CAP, sweepMs: 50 } } },
  );
  const url = stack.nodes[0]!.url;
  [slow, flooder, listener] = (await Promise.all(
    ['ada@demo.test', 'grace@demo.test', 'linus@demo.test'].map((email) => signIn(url, email)),
  )) as [SignedIn, SignedIn, SignedIn];
  const lobby = await callProcedure<{ id: number }>(
    url,
    'content.getLobby',
    { event_code: 'DEMO' },
    { token: slow.token },
  );
  if (!lobby.data) throw new Error(`no lobby: ${lobby.error?.message}`);
  lobbyId = lobby.data.id;
}, 60_000);

afterAll(async () => {
  for (const tcp of paused) tcp.destroy();
  for (const client of clients) client.close();
  await stack?.close();
});

async function lobbyTab(user: SignedIn, reconnection = false): Promise<TestClient> {
  const client = await connectAs(stack.nodes[0]!.url, {
    token: user.token,
    userId: user.userId,
    reconnection,
  });
  clients.push(client);
  const entry = { event: 'enter_room', user_id: user.userId, room_id: lobbyId, timestamp: Date.now() };
  expect(await client.request('user_room_events', entry)).toEqual({ statusCode: 200 });
  return client;
}

/** The TCP socket under a node client's websocket (engine.io-client's transport over `ws`). */
function tcpOf(client: TestClient): NetSocket {
  const transport = (client.socket.io.engine as unknown as { transport: { ws: { _socket: NetSocket } } })
    .transport;
  return transport.ws._socket;
}

/** Resolves once `client` has heard `count` frames of `event` in all (its record is kept before listeners run). */
function heard(client: TestClient, event: string, count: number): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (client.events(event).length < count) return;
      client.socket.off(event as never, check);
      resolve();
    };
    client.socket.on(event as never, check);
    check();
  });
}

/**
 * The node's socket of `client`, held weakly (the test must not keep it alive), and its disconnect reason once
 * it goes.
 */
function watchServerSocket(client: TestClient): { conn: WeakRef<object>; dropped: Promise<string> } {
  const socket = stack.nodes[0]!.app.relay.io.of('/').sockets.get(client.socket.id!) as
    RelaySocket | undefined;
  if (!socket) throw new Error('no socket on the node');
  return {
    conn: new WeakRef(socket.conn),
    dropped: new Promise((resolve) => socket.once('disconnect', (reason) => resolve(reason))),
  };
}

describe('a tab that stops reading', () => {
  it('is dropped past the cap, the others keep receiving, and it catches up after reconnecting', async () => {
    const node = stack.nodes[0]!;
    const slowTab = await lobbyTab(slow, true);
    const flooderTab = await lobbyTab(flooder);
    const listenerTab = await lobbyTab(listener);

    // A room message both the listener and the slow tab hear live: the slow tab's last seq before the pause.
    const room = { id: lobbyId, name: 'Lobby' };
    const heardFirst = new Promise<ChatMessage>((resolve) => slowTab.socket.once(TOPIC as never, resolve));
    const first = await sendChat(flooderTab, TOPIC, chatText(flooder.userId, 'before the pause', { room }));
    expect((await heardFirst).id).toBe(first.id);

    const { conn, dropped } = watchServerSocket(slowTab);
    let isDropped = false;
    let dropReason: string | undefined;
    void dropped.then((reason) => {
      isDropped = true;
      dropReason = reason;
    });

    const tcp = tcpOf(slowTab);
    paused.push(tcp);
    tcp.pause();
    // Stored while the slow tab does not read: it must get these from history after reconnecting.
    const missed = [await sendChat(flooderTab, TOPIC, chatText(flooder.userId, 'while paused', { room }))];

    // The flood: scene events of ~1.9 KB into the lobby, 100 at a time, until the node's engine socket for the
    // slow tab holds more than the cap (read on the node, past what the kernel took).
    const scene = {
      user_id: flooder.userId,
      event: 'flood',
      room_id: lobbyId,
      timestamp: Date.now(),
      object: { pad: 'x'.repeat(1_900) },
    };
    const slowId = slowTab.socket.id!;
    const nodeBuffered = (): number => {
      const socket = node.app.relay.io.of('/').sockets.get(slowId);
      return socket ? bufferedBytes(socket.conn as unknown as EngineSocket) : 0;
    };
    let sent = 0;
    while (!isDropped && nodeBuffered() <= CAP) {
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          flooderTab.request<{ statusCode: number }>('user_scene_events', scene),
        ),
      );
      expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
      sent += answers.length;
    }
    // Over the cap and not draining (its reader is paused): dropped by the next sweeps.
    await dropped;
    expect(dropReason).toBe('buffer_over_cap');

    // The other tab heard every frame of the flood.
    await heard(listenerTab, 'user_scene_events', sent);
    expect(listenerTab.events('user_scene_events')).toHaveLength(sent);

    // The node let go of everything it held for the slow tab.
    missed.push(await sendChat(flooderTab, TOPIC, chatText(flooder.userId, 'after the drop', { room })));
    for (let round = 0; round < 5 && conn.deref() !== undefined; round += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(conn.deref()).toBeUndefined();
    const metrics = await (await fetch(`${node.url}/metrics`)).text();
    expect(metrics).toMatch(/relay_disconnects_total\{reason="buffer_over_cap"\} 1\b/);

    // The slow tab reads again: it sees its connection gone, reconnects and catches up (as ChatSync does on
    // every connect) what was stored while it did not read.
    const reconnected = new Promise<void>((resolve) => slowTab.socket.io.once('reconnect', () => resolve()));
    tcp.resume();
    await reconnected;
    const history = await slowTab.request<CatchUpAck>('catch_up', {
      conversation_id: first.conversation,
      after_seq: first.seq ?? 0,
      limit: 200,
    });
    expect(history.statusCode).toBe(200);
    if (history.statusCode !== 200) return;
    expect(history.messages.map((message) => message.id)).toEqual(missed.map((message) => message.id));
  }, 60_000);
});

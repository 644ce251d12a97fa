/**
 * What a tab is told when its session ends (spec 01 §8), by how it ended: only a session replaced by a newer
 * sign-in hears `logout` ("Did you switch devices?") before its socket closes; every other end closes it without
 * (the tab reconnects, is refused and shows the session-problem text). The recheck goes by the reason the
 * provider gives; an answer without one (an older provider) gets the old guess, `logout` first unless the token
 * expired. A bare socket.io server with `enforceSessions`, a session status the test answers, and a tab per test.
 * `logout` is emitted before the close on the same connection, so once the tab sees the close it has heard any
 * `logout` it was sent.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import pino from 'pino';
import { Registry } from 'prom-client';
import { Server } from 'socket.io';
import { SOCKET_PATH, type SessionEndReason } from '@showfloor/contracts';
import { RevocationList } from '../auth/revocations.ts';
import type { RelayContext } from './context.ts';
import type { RelayServer } from './io.ts';
import { createRelayMetrics } from './metrics.ts';
import type { EndedSessions, SessionStatus } from './session-status.ts';
import { enforceSessions } from './sessions.ts';
import { createClient, open, until, type TestClient } from './testing/clients.ts';

const USER_ID = 61;
const SID = 'sid-61';

let stop: (() => Promise<void>) | undefined;
const clients: TestClient[] = [];

afterEach(async () => {
  for (const each of clients.splice(0)) each.close();
  await stop?.();
  stop = undefined;
});

/**
 * A relay node with session enforcement: every tab is user 61's session `sid-61`, its token expiring at `expiresAt`
 * (the handshake's auth field); the recheck's next answer is what `answer` was last given (once).
 */
async function startRelay() {
  const http = createServer();
  const io: RelayServer = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
  io.use((socket, next) => {
    const auth = socket.handshake.auth as { token: string; expiresAt?: number };
    socket.data = {
      userId: USER_ID,
      eventCode: 'DEMO',
      roles: [{ role: 'visitor' }],
      sid: SID,
      issuedAt: Math.floor(Date.now() / 1000) - 60,
      expiresAt: auth.expiresAt ?? Date.now() + 600_000,
      token: auth.token,
      frontend: 'visitor',
    };
    next();
  });
  const registry = new Registry();
  const metrics = createRelayMetrics(registry);
  const ctx = {
    io,
    metrics,
    logger: pino({ level: 'silent' }),
    adapterState: () => 'memory',
  } as unknown as RelayContext;
  let next: EndedSessions = new Map();
  let sweeps = 0;
  const status = {
    trackedSessions: 1,
    sweep: async (): Promise<EndedSessions> => {
      sweeps += 1;
      const answer = next;
      next = new Map();
      return answer;
    },
  } as unknown as SessionStatus;
  const revocations = new RevocationList();
  const stopSessions = enforceSessions(ctx, revocations, {
    // The expiry sweep stays out of the way: what closes the tab here is the recheck or a revocation.
    sweepIntervalMs: 600_000,
    logoutGraceMs: 50,
    recheck: { status, intervalMs: 10 },
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  stop = async () => {
    stopSessions();
    await new Promise<void>((resolve) => void io.close(() => resolve()));
  };
  const { port } = http.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    revocations,
    /** The provider's next answer to the recheck: `sid-61` is over, how as given. */
    answer: (reason: SessionEndReason | undefined) => {
      next = new Map([[SID, reason]]);
      const asked = sweeps;
      return until(() => sweeps > asked, 'the recheck to read the answer');
    },
    tab: async (expiresAt?: number) => {
      const client = createClient(url, { token: 't', userId: USER_ID });
      (client.socket.auth as Record<string, unknown>).expiresAt = expiresAt;
      clients.push(client);
      return open(client);
    },
    disconnects: async () => {
      const text = await registry.getSingleMetricAsString('relay_disconnects_total');
      return Object.fromEntries(
        [...text.matchAll(/reason="([a-z_]+)"\} (\d+)/g)].map((m) => [m[1], Number(m[2])]),
      );
    },
  };
}

async function closed(client: TestClient): Promise<void> {
  await until(() => !client.socket.connected, 'the tab to be closed');
}

const LOGOUT = [{ user_id: USER_ID }];

describe('a session the recheck finds over', () => {
  it.each<[SessionEndReason, unknown[], string]>([
    ['replaced', LOGOUT, 'force_login'],
    ['signed_out', [], 'signout'],
    ['ended_by_manager', [], 'session_ended'],
    ['deactivated', [], 'session_ended'],
    ['expired', [], 'token_expired'],
    ['unknown', [], 'session_ended'],
  ])('%s: the tab hears %j before the close', async (reason, logout, counted) => {
    const relay = await startRelay();
    const client = await relay.tab();
    await relay.answer(reason);
    await closed(client);
    expect(client.events('logout')).toEqual(logout);
    expect(client.heard.filter(([name]) => name !== 'logout')).toEqual([]);
    expect(await relay.disconnects()).toEqual({ [counted]: 1 });
  });

  it("without a reason (an older provider's answer): `logout` first, as before the provider said how", async () => {
    const relay = await startRelay();
    const client = await relay.tab();
    await relay.answer(undefined);
    await closed(client);
    expect(client.events('logout')).toEqual(LOGOUT);
    expect(await relay.disconnects()).toEqual({ session_ended: 1 });
  });

  it('without a reason and with its token expired: closed without `logout`', async () => {
    const relay = await startRelay();
    const client = await relay.tab(Date.now() - 1);
    await relay.answer(undefined);
    await closed(client);
    expect(client.events('logout')).toEqual([]);
  });

  it('signed out, found before the sign-out itself arrives: every tab of it closed, none told `logout`', async () => {
    const relay = await startRelay();
    const tabs = [await relay.tab(), await relay.tab()];
    await relay.answer('signed_out');
    for (const each of tabs) await closed(each);
    // The node that passed the sign-out on tells of it only now: nothing is left to close.
    relay.revocations.revokeSession(SID, Date.now() + 600_000, String(USER_ID));
    for (const each of tabs) expect(each.events('logout')).toEqual([]);
    expect(await relay.disconnects()).toEqual({ signout: 2 });
  });

  it('replaced, found before the force_login arrives: `logout` once, then the close', async () => {
    const relay = await startRelay();
    const client = await relay.tab();
    await relay.answer('replaced');
    relay.revocations.revokeUser(String(USER_ID), 'the-newer-sid');
    await closed(client);
    expect(client.events('logout')).toEqual(LOGOUT);
  });

  it('replaced, found after the force_login arrived: `logout` once, then the close', async () => {
    const relay = await startRelay();
    const client = await relay.tab();
    relay.revocations.revokeUser(String(USER_ID), 'the-newer-sid');
    await relay.answer('replaced');
    await closed(client);
    expect(client.events('logout')).toEqual(LOGOUT);
  });
});

describe('a session ended through a gateway node', () => {
  it('force_login (user revocation keeping the new session): `logout`, then the close', async () => {
    const relay = await startRelay();
    const client = await relay.tab();
    relay.revocations.revokeUser(String(USER_ID), 'the-newer-sid');
    await closed(client);
    expect(client.events('logout')).toEqual(LOGOUT);
  });

  it('deactivation or DELETE session by user (user revocation): closed without `logout`', async () => {
    const relay = await startRelay();
    const client = await relay.tab();
    relay.revocations.revokeUser(String(USER_ID));
    await closed(client);
    expect(client.events('logout')).toEqual([]);
    expect(await relay.disconnects()).toEqual({ session_ended: 1 });
  });

  it('DELETE session by event (event revocation): closed without `logout`', async () => {
    const relay = await startRelay();
    const client = await relay.tab();
    relay.revocations.revokeEvent('DEMO');
    await closed(client);
    expect(client.events('logout')).toEqual([]);
  });

  it('its own sign-out: closed without `logout`', async () => {
    const relay = await startRelay();
    const client = await relay.tab();
    relay.revocations.revokeSession(SID, Date.now() + 600_000, String(USER_ID));
    await closed(client);
    expect(client.events('logout')).toEqual([]);
    expect(await relay.disconnects()).toEqual({ signout: 1 });
  });
});

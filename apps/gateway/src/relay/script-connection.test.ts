/**
 * The once-only script's own connection against a private redis-server (a spare port, never the machine's
 * 6379: these tests flush its scripts and stop it): answers matched to calls in order, NOSCRIPT, an outage.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RespError, RespReader, ScriptConnection, type RespValue } from './script-connection.ts';
import { sparePort, startOwnRedis, type OwnRedis } from './testing/redis.ts';
import { startTcpProxy } from './testing/tcp-proxy.ts';

/** Answers its argument as an integer, or refuses it by name when it is 'fail'. */
const ECHO_SCRIPT = `
if ARGV[1] == 'fail' then return redis.error_reply('refused ' .. KEYS[1]) end
return tonumber(ARGV[1])`;

let redis: OwnRedis;
let admin: Redis;
const connections: ScriptConnection[] = [];

beforeAll(async () => {
  redis = await startOwnRedis();
  admin = new Redis(redis.url);
});

afterAll(async () => {
  for (const connection of connections) connection.close();
  admin.disconnect();
  await redis?.stop();
});

async function open(url = redis.url): Promise<ScriptConnection> {
  const connection = new ScriptConnection({ url, lua: ECHO_SCRIPT, retryDelayMs: () => 50 });
  connections.push(connection);
  await connection.ready(5_000);
  return connection;
}

/** Each call's outcome, as its value or `error: <message>`. */
function outcomes(calls: Array<Promise<RespValue>>): Promise<string[]> {
  return Promise.all(
    calls.map((call) =>
      call.then(
        (value) => String(value),
        (error: Error) => `error: ${error.message}`,
      ),
    ),
  );
}

async function commandCalls(): Promise<Record<string, number>> {
  const text = await admin.info('commandstats');
  return Object.fromEntries(
    [...text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((match) => [match[1], Number(match[2])]),
  );
}

describe('RespReader', () => {
  it('reads the same answers however the chunks are cut', () => {
    const wire = Buffer.from(
      ':1\r\n:0\r\n:1234\r\n+OK\r\n$5\r\nab\r\nc\r\n$-1\r\n-NOSCRIPT No matching\r\n:7\r\n',
    );
    const expected = [1, 0, 1234, 'OK', 'ab\r\nc', null, 'error NOSCRIPT No matching', 7];
    const show = (value: RespValue | RespError) =>
      value instanceof RespError ? `error ${value.message}` : value;
    for (let size = 1; size <= wire.length; size += 1) {
      const reader = new RespReader();
      const values: Array<RespValue | string> = [];
      for (let at = 0; at < wire.length; at += size)
        reader.feed(wire.subarray(at, at + size), (value) => values.push(show(value)));
      expect(values, `chunks of ${size} bytes`).toEqual(expected);
    }
  });

  it('refuses an answer kind it cannot match to a call (an array)', () => {
    expect(() => new RespReader().feed(Buffer.from('*1\r\n:1\r\n'), () => undefined)).toThrow(
      /unexpected Redis answer type '\*'/,
    );
  });
});

describe('ScriptConnection', () => {
  it('gives each of many calls in flight its own answer, one of them refused', async () => {
    const connection = await open();
    const args = Array.from({ length: 40 }, (_, index) => (index === 17 ? 'fail' : String(index * 3)));
    const results = await outcomes(args.map((arg, index) => connection.call([`k${index}`], [arg])));
    expect(results).toEqual(args.map((arg) => (arg === 'fail' ? 'error: refused k17' : arg)));
  });

  it('sends a call answered NOSCRIPT again as EVAL, keeping every answer with its call', async () => {
    const connection = await open();
    await admin.script('FLUSH');
    const before = await commandCalls();
    const args = ['1', 'fail', '3', '4'];
    expect(await outcomes(args.map((arg, index) => connection.call([`n${index}`], [arg])))).toEqual([
      '1',
      'error: refused n1',
      '3',
      '4',
    ]);
    const after = await commandCalls();
    expect((after.eval ?? 0) - (before.eval ?? 0)).toBeGreaterThan(0);
    // The scripts Redis knows again after an EVAL: the next call is an EVALSHA that runs.
    const evals = after.eval ?? 0;
    expect(await connection.call(['n4'], ['5'])).toBe(5);
    expect((await commandCalls()).eval ?? 0).toBe(evals);
  });

  it('fails the calls waiting when Redis goes, refuses calls meanwhile, and is ready again when it is back', async () => {
    const connection = await open();
    // Redis holds every command until it is gone: the call waits for an answer when the connection closes.
    await admin.client('PAUSE', '10000', 'ALL');
    const waiting = outcomes([connection.call(['w'], ['1'])]);
    await redis.stop();
    expect(await waiting).toEqual(['error: redis script connection lost']);
    await expect.poll(() => connection.isReady).toBe(false);
    expect(await outcomes([connection.call(['w'], ['2'])])).toEqual([
      'error: redis script connection not ready',
    ]);
    await redis.start();
    await connection.ready(5_000);
    expect(connection.isReady).toBe(true);
    expect(await connection.call(['w'], ['3'])).toBe(3);
  });

  it('is not ready and refuses calls while nothing answers on its port', async () => {
    const connection = new ScriptConnection({
      url: `redis://127.0.0.1:${await sparePort()}`,
      lua: ECHO_SCRIPT,
      retryDelayMs: () => 50,
    });
    connections.push(connection);
    await connection.ready(300);
    expect(connection.isReady).toBe(false);
    await expect(connection.call(['x'], ['1'])).rejects.toThrow('not ready');
  });

  it('drops a connection whose Redis stops answering without closing it, fails its calls, and recovers', async () => {
    const proxy = await startTcpProxy({ host: '127.0.0.1', port: redis.port });
    try {
      const connection = new ScriptConnection({
        url: proxy.url,
        lua: ECHO_SCRIPT,
        retryDelayMs: () => 50,
        answerTimeoutMs: 400,
      });
      connections.push(connection);
      await connection.ready(5_000);
      expect(await connection.call(['h'], ['1'])).toBe(1);

      // The host is gone without a word: the connection stays open and nothing comes back.
      proxy.hang();
      const sentAt = Date.now();
      const hung = outcomes([connection.call(['h'], ['2']), connection.call(['h'], ['3'])]);
      // Without the watchdog these calls wait as long as the kernel retransmits (minutes): 2 s is a failure.
      const settled = await Promise.race([
        hung,
        new Promise<string[]>((resolve) => setTimeout(() => resolve(['still waiting after 2 s']), 2_000)),
      ]);
      expect(settled).toEqual([
        'error: redis script connection: no answer in 400 ms',
        'error: redis script connection: no answer in 400 ms',
      ]);
      // 400 ms at least, 600 at most, plus this machine's scheduling.
      expect(Date.now() - sentAt).toBeGreaterThanOrEqual(400);
      expect(connection.isReady).toBe(false);
      await expect(connection.call(['h'], ['4'])).rejects.toThrow('not ready');
      // It connects again; the new connection's set-up is never answered either, and it is dropped in turn.
      const acceptedWhileHung = proxy.accepted();
      await expect.poll(() => proxy.accepted(), { timeout: 3_000 }).toBeGreaterThan(acceptedWhileHung + 1);
      expect(connection.isReady).toBe(false);

      proxy.restore();
      await connection.ready(5_000);
      expect(connection.isReady).toBe(true);
      expect(await connection.call(['h'], ['5'])).toBe(5);
    } finally {
      await proxy.close();
    }
  });
});

/**
 * Fixed-count CPU micro-run of the relay's chat path (issue 17): compiled gateway builds side by side, each on
 * the instant provider, the same N chat messages in groups of 10 (half room chat in a room of 10, half group
 * messages to 9 recipients), a fixed number in flight; reports the gateway's and the provider's CPU time per
 * message (/proc, user + system), rounds alternated so other work on a busy machine hits every build alike.
 * Not a throughput or latency figure: `bench:relay` gives those.
 *
 * Usage: `tsx src/bench/relay-cpu.ts [--entry dist/main.js]... [--messages 5000] [--rounds 5] [--window 32]`
 * (entries relative to apps/gateway; build the current one first with `node build.mjs`; `--cpu-prof DIR` profiles
 * the gateways; `--bare` adds A, bare socket.io, as `bench:relay` runs it; `ENTRY@FLAGS` runs an entry with those
 * node flags instead of GATEWAY_NODE_FLAGS, e.g. `dist/main.js@` for none).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LiteSocket } from '../lite-socket.ts';
import { GATEWAY_NODE_FLAGS, startGatewayNode, startScript, type ServerProcess } from './processes.ts';
import { benchKeys } from './tokens.ts';

const LOAD_DIR = resolve(import.meta.dirname, '../..');
const GATEWAY_DIR = resolve(LOAD_DIR, '../../apps/gateway');
const EVENT_CODE = 'BENCH';
const GROUP = 10;

const { values } = parseArgs({
  options: {
    entry: { type: 'string', multiple: true },
    messages: { type: 'string', default: '5000' },
    rounds: { type: 'string', default: '5' },
    window: { type: 'string', default: '32' },
    groups: { type: 'string', default: '6' },
    'cpu-prof': { type: 'string' },
    bare: { type: 'boolean', default: false },
  },
});
const entries = values.entry?.length ? values.entry : ['dist/main.js'];
const messages = Number(values.messages);
const rounds = Number(values.rounds);
const windowSize = Number(values.window);
const groups = Number(values.groups);
const users = groups * GROUP;
const keys = benchKeys(EVENT_CODE);
/** `--cpu-prof DIR`: A and every gateway build run under `node --cpu-prof` (A's profile includes tsx's loader). */
const profileArgs = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(values['cpu-prof'])] : [];

interface Member {
  userId: number;
  socket: LiteSocket;
  roomId: number;
  group: number[];
}

/** Kernel clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;

/** User and system CPU (ms) of a /proc stat line. */
function cpuOf(stat: string): { userMs: number; systemMs: number } {
  const [, , , , , , , , , , , utime, stime] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { userMs: (Number(utime) * 1000) / CLOCK_TICKS, systemMs: (Number(stime) * 1000) / CLOCK_TICKS };
}

/**
 * A process's user and system CPU (ms, /proc/<pid>/stat: all its threads), its main thread's (the event loop;
 * the rest is V8's helper threads: concurrent GC and compilers, and libuv's pool), and the main thread's
 * voluntary context switches (each time the event loop went to sleep and was woken).
 */
function usage(pid: number): { userMs: number; systemMs: number; mainMs: number; sleeps: number } {
  const all = cpuOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  const main = cpuOf(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
  const status = readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8');
  const sleeps = Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  return { ...all, mainMs: main.userMs + main.systemMs, sleeps };
}

interface Sample {
  gateway: number;
  provider: number;
  /** The gateway's user and system parts of `gateway`, µs per message. */
  user: number;
  system: number;
  /** The part of `gateway` on its main thread (the event loop), µs per message. */
  main: number;
  /** The gateway's main thread's voluntary context switches (its event loop went to sleep) per message. */
  sleeps: number;
}

interface System {
  entry: string;
  provider: ServerProcess;
  node: ServerProcess;
  members: Member[];
  received: number;
  samples: Sample[];
}

const GATEWAY_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  RELAY_EMITS_PER_SECOND: '100000',
  RELAY_EMIT_BURST: '200000',
  RELAY_MAX_CONNECTIONS: '20000',
  CALL_TOKEN_SECRET: 'bench-call-token-secret-0123456789abcdef',
  REDIS_URL: '',
};

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

async function startSystem(entry: string): Promise<System> {
  const provider = await startScript('provider', {
    core: undefined,
    cwd: LOAD_DIR,
    script: 'src/bench/servers/instant-provider.ts',
    args: ['0', EVENT_CODE, String(users), JSON.stringify(keys.jwk)],
  });
  const node =
    entry === 'A'
      ? await startScript('bare', {
          core: undefined,
          cwd: LOAD_DIR,
          script: 'src/bench/servers/bare.ts',
          args: ['0', EVENT_CODE],
          nodeArgs: profileArgs,
        })
      : await startGatewayNode(entry, {
          core: undefined,
          cwd: GATEWAY_DIR,
          entry: entry.split('@')[0],
          // `dist/main.js@--flag --other`: that entry with these node flags (GATEWAY_NODE_FLAGS without '@').
          flags: entry.includes('@')
            ? (entry.split('@')[1] ?? '').split(' ').filter(Boolean)
            : GATEWAY_NODE_FLAGS,
          nodeArgs: profileArgs,
          killAfterMs: 30_000,
          env: { ...GATEWAY_ENV, PROVIDER_URL: `http://127.0.0.1:${provider.port}` },
        });
  const system: System = { entry, provider, node, members: [], received: 0, samples: [] };
  for (let group = 0; group < groups; group += 1) {
    const ids = Array.from({ length: GROUP }, (_, index) => group * GROUP + index + 1);
    for (const userId of ids) {
      const socket = new LiteSocket({
        url: `http://127.0.0.1:${node.port}`,
        query: { frontend: 'visitor', userId: String(userId) },
        auth: { token: keys.tokenFor(userId) },
        reconnect: false,
      });
      await socket.connect(30_000);
      const roomId = group + 1;
      const answer = await socket.request<{ statusCode: number }>('user_room_events', {
        event: 'enter_room',
        user_id: userId,
        room_id: roomId,
        timestamp: Date.now(),
      });
      if (answer.statusCode !== 200) throw new Error(`enter_room refused: ${JSON.stringify(answer)}`);
      socket.onAny(() => {
        system.received += 1;
      });
      system.members.push({ userId, socket, roomId, group: ids });
    }
  }
  return system;
}

let sequence = 0;
/** Sends `count` messages, `windowSize` in flight; resolves when every ack is in. */
function sendAll(system: System, count: number): Promise<void> {
  return new Promise((done, fail) => {
    let sent = 0;
    let acked = 0;
    const sendNext = (): void => {
      if (sent >= count) return;
      const member = system.members[sent % system.members.length] as Member;
      const isRoom = sent % 2 === 0;
      sent += 1;
      const id = `m${(sequence++).toString(36)}`;
      const payload = {
        type: 'text',
        action: 'message',
        message: `load ${id}`,
        from: member.userId,
        to: isRoom ? [] : member.group.filter((userId) => userId !== member.userId),
        client_id: id,
        ...(isRoom ? { room: { id: member.roomId, name: `room ${member.roomId}` } } : {}),
      };
      member.socket.emit(`chat_${EVENT_CODE}`, payload, (answer) => {
        if ((answer as { statusCode?: number }).statusCode !== 200) {
          fail(new Error(`refused: ${JSON.stringify(answer)}`));
          return;
        }
        acked += 1;
        if (acked === count) done();
        else sendNext();
      });
    };
    for (let index = 0; index < windowSize; index += 1) sendNext();
  });
}

async function measure(system: System): Promise<void> {
  const gateway0 = system.node.cpuMs();
  const provider0 = system.provider.cpuMs();
  const usage0 = usage(system.node.pid);
  const received0 = system.received;
  await sendAll(system, messages);
  // Deliveries: a room message reaches 10 tabs, a group message the sender and 9 (10 each).
  const expected = received0 + messages * GROUP;
  const deadline = Date.now() + 30_000;
  while (system.received < expected && Date.now() < deadline) await sleep(20);
  if (system.received !== expected)
    throw new Error(
      `${system.entry}: ${system.received - received0} deliveries, ${messages * GROUP} expected`,
    );
  await sleep(200);
  const usage1 = usage(system.node.pid);
  system.samples.push({
    gateway: ((system.node.cpuMs() - gateway0) * 1000) / messages,
    provider: ((system.provider.cpuMs() - provider0) * 1000) / messages,
    user: ((usage1.userMs - usage0.userMs) * 1000) / messages,
    system: ((usage1.systemMs - usage0.systemMs) * 1000) / messages,
    main: ((usage1.mainMs - usage0.mainMs) * 1000) / messages,
    sleeps: (usage1.sleeps - usage0.sleeps) / messages,
  });
}

const median = (list: number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const systems: System[] = [];
try {
  if (values.bare) systems.push(await startSystem('A'));
  for (const entry of entries) systems.push(await startSystem(entry));
  // Warm-up: JIT, caches (room access, members), connection pools.
  for (const system of systems) await sendAll(system, Math.min(2000, messages));
  await sleep(500);
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? systems : [...systems].reverse();
    for (const system of order) await measure(system);
    console.log(
      `round ${round + 1}: ` +
        systems
          .map((system) => {
            const last = system.samples.at(-1) as Sample;
            return (
              `${system.entry} ${last.gateway.toFixed(1)} µs (user ${last.user.toFixed(1)}, system ` +
              `${last.system.toFixed(1)}; main thread ${last.main.toFixed(1)}, ${last.sleeps.toFixed(2)} sleeps; ` +
              `+ provider ${last.provider.toFixed(1)})`
            );
          })
          .join(' | '),
    );
  }
  for (const system of systems) {
    const gateway = system.samples.map((sample) => sample.gateway);
    console.log(
      `${system.entry}: gateway CPU per message median ${median(gateway).toFixed(1)} µs ` +
        `(min ${Math.min(...gateway).toFixed(1)}, max ${Math.max(...gateway).toFixed(1)}), provider median ` +
        `${median(system.samples.map((sample) => sample.provider)).toFixed(1)} µs; user / system median ` +
        `${median(system.samples.map((sample) => sample.user)).toFixed(1)} / ` +
        `${median(system.samples.map((sample) => sample.system)).toFixed(1)} µs, main thread ` +
        `${median(system.samples.map((sample) => sample.main)).toFixed(1)} µs, sleeps per message ` +
        `${median(system.samples.map((sample) => sample.sleeps)).toFixed(2)}; ${messages} messages × ${rounds} rounds`,
    );
  }
} finally {
  for (const system of systems) {
    for (const member of system.members) member.socket.close();
    await system.node.stop();
    await system.provider.stop();
  }
}

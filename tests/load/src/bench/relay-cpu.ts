/**
 * Fixed-count CPU micro-run of the relay's chat path (issue 17): compiled gateway builds side by side, each on
 * the instant provider, the same N chat messages in groups of 10 (half room chat in a room of 10, half group
 * messages to 9 recipients), a fixed number in flight; reports the gateway's and the provider's CPU time per
 * message (/proc, user + system), rounds alternated so other work on a busy machine hits every build alike.
 * Not a throughput or latency figure: `bench:relay` gives those. A lost ack or delivery fails the run (no ack
 * for 30 s while some are missing: `send-window.ts`; deliveries missing 30 s after the last ack).
 *
 * Usage: `tsx src/bench/relay-cpu.ts [--entry dist/main.js]... [--messages 5000] [--rounds 5] [--window 32]`
 * (entries relative to apps/gateway; build the current one first with `node build.mjs`; `--cpu-prof DIR` profiles
 * the gateways; `--bare` adds A, bare socket.io, as `bench:relay` runs it; `ENTRY@FLAGS` runs an entry with those
 * node flags instead of GATEWAY_NODE_FLAGS, e.g. `dist/main.js@` for none).
 *
 * `--redis` runs each entry as C too, beside B (one node, no Redis): two nodes with the Redis adapter on a private
 * redis-server (a spare port), the tabs alternating between them (`--layout alternate`: every group of 10 has
 * tabs on both nodes) or each group's on one node (`--layout grouped`: the other node has none of its
 * recipients). Per message it prints what C does that B does not: CPU per node (user / system), Redis's own
 * CPU, the commands Redis ran (INFO commandstats, a script's inner commands listed too) and its time in them,
 * Redis's bytes in (commands, the publishes' messages among them) and out (replies, pub/sub to subscribers),
 * and what each node's subscriber heard (`relay_adapter_heard_total`: own, for a room not on the node,
 * decoded). Counts and CPU time, not latencies.
 *
 * `--alloc`: bytes allocated per message besides: every server runs with `--inspect` on a spare loopback port,
 * and each measured round is sampled by V8's heap profiler with freed objects kept in (`alloc.ts`), with the
 * server's scavenges and mark-compacts counted (a system's nodes summed); it prints bytes per message and
 * collections per 10,000 messages per system and round, the medians, each build against the first and against
 * A (by package and by function), and where the last round's bytes went (by function: own frame, and with what
 * it called). `--sample-bytes N` (default 1024) is the profiler's mean sampling interval; `--alloc-dir DIR`
 * keeps each profile as a `.heapprofile` (Chrome DevTools, Memory tab). The CPU figures of an `--alloc` run
 * include the profiler's own cost: read them from a run without it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sparePort } from '@showfloor/gateway/testing';
import { LiteSocket } from '../lite-socket.ts';
import {
  AllocProbe,
  bytesByFunction,
  packageOf,
  topFunctions,
  type AllocWindow,
  type FunctionBytes,
} from './alloc.ts';
import {
  GATEWAY_NODE_FLAGS,
  redisCommandStats,
  redisNetBytes,
  startGatewayNode,
  startRedis,
  startScript,
  type ServerProcess,
} from './processes.ts';
import { sendWindowed } from './send-window.ts';
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
    redis: { type: 'boolean', default: false },
    layout: { type: 'string', default: 'alternate' },
    alloc: { type: 'boolean', default: false },
    'sample-bytes': { type: 'string', default: '1024' },
    'alloc-dir': { type: 'string' },
    top: { type: 'string', default: '12' },
  },
});
if (values.layout !== 'alternate' && values.layout !== 'grouped')
  throw new Error('--layout takes alternate or grouped');
const layout = values.layout;
const entries = values.entry?.length ? values.entry : ['dist/main.js'];
const messages = Number(values.messages);
const rounds = Number(values.rounds);
const windowSize = Number(values.window);
const groups = Number(values.groups);
const users = groups * GROUP;
const keys = benchKeys(EVENT_CODE);
/** `--cpu-prof DIR`: A and every gateway build run under `node --cpu-prof` (A's profile includes tsx's loader). */
const profileArgs = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(values['cpu-prof'])] : [];
const isAlloc = values.alloc || values['alloc-dir'] !== undefined;
const sampleBytes = Number(values['sample-bytes']);
const allocDir = values['alloc-dir'] ? resolve(values['alloc-dir']) : undefined;
const topCount = Number(values.top);

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
function usage(pid: number): {
  userMs: number;
  systemMs: number;
  mainMs: number;
  sleeps: number;
  reads: number;
  writes: number;
} {
  const all = cpuOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  const main = cpuOf(readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8'));
  const status = readFileSync(`/proc/${pid}/task/${pid}/status`, 'utf8');
  const sleeps = Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  // Read- and write-like system calls (read, readv, write, writev...) of every thread: /proc/<pid>/io.
  const io = readFileSync(`/proc/${pid}/io`, 'utf8');
  const reads = Number(/^syscr:\s+(\d+)/m.exec(io)?.[1] ?? 0);
  const writes = Number(/^syscw:\s+(\d+)/m.exec(io)?.[1] ?? 0);
  return { ...all, mainMs: main.userMs + main.systemMs, sleeps, reads, writes };
}

/** CPU per message (µs) and what the event loop did per message: one node's, or a system's nodes' together. */
interface CpuCost {
  /** User and system together. */
  cpu: number;
  user: number;
  system: number;
  /** The part of `cpu` on the main threads (the event loops). */
  main: number;
  /** The main threads' voluntary context switches (their event loops went to sleep) per message. */
  sleeps: number;
  /** Read- and write-like system calls per message (/proc/<pid>/io syscr, syscw). */
  reads: number;
  writes: number;
}

/** A {@link CpuCost} with each field's value. */
const cpuCost = (value: (field: keyof CpuCost) => number): CpuCost => ({
  cpu: value('cpu'),
  user: value('user'),
  system: value('system'),
  main: value('main'),
  sleeps: value('sleeps'),
  reads: value('reads'),
  writes: value('writes'),
});

/** One node's cost. */
interface NodeCost extends CpuCost {
  /** What its Redis subscriber heard per message, by outcome, and the bytes (relay_adapter_heard_*). */
  heard: Record<string, number>;
  heardBytes: number;
}

/** Redis's part per message (C only). */
interface RedisCost {
  /** redis-server's CPU, µs. */
  cpu: number;
  /** Commands by name (INFO commandstats), calls per message. */
  calls: Record<string, number>;
  /** Redis's own time in the commands (commandstats usec), µs per message. */
  commandUs: number;
  /** Bytes Redis read (commands) and wrote (replies, pub/sub messages to subscribers) per message. */
  bytesIn: number;
  bytesOut: number;
}

/** A round of a system: its gateway nodes' cost together (`cpu`: the gateway's), the provider's, each node's. */
interface Sample extends CpuCost {
  /** The provider's CPU, µs per message. */
  provider: number;
  nodes: NodeCost[];
  redis: RedisCost | undefined;
  /** `--alloc`: bytes allocated per message (sampled estimate) and collections per 10,000 messages. */
  alloc?: {
    bytes: number;
    scavenges: number;
    markCompacts: number;
    functions: FunctionBytes[];
    packages: Map<string, number>;
  };
}

interface System {
  kind: 'A' | 'B' | 'C';
  name: string;
  entry: string;
  provider: ServerProcess;
  nodes: ServerProcess[];
  redis: ServerProcess | undefined;
  members: Member[];
  received: number;
  samples: Sample[];
  /** `--alloc`: an inspector session per node, sampling its allocations. */
  probes: AllocProbe[];
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

/** A gateway node of `entry` (see the usage above) on the provider, with Redis at `redisUrl` ('' for none). */
function startNode(
  entry: string,
  name: string,
  providerPort: number,
  redisUrl: string,
  nodeArgs: string[],
): Promise<ServerProcess> {
  return startGatewayNode(name, {
    core: undefined,
    cwd: GATEWAY_DIR,
    entry: entry.split('@')[0],
    // `dist/main.js@--flag --other`: that entry with these node flags (GATEWAY_NODE_FLAGS without '@').
    flags: entry.includes('@') ? (entry.split('@')[1] ?? '').split(' ').filter(Boolean) : GATEWAY_NODE_FLAGS,
    nodeArgs,
    killAfterMs: 30_000,
    env: { ...GATEWAY_ENV, PROVIDER_URL: `http://127.0.0.1:${providerPort}`, REDIS_URL: redisUrl },
  });
}

/** `kind` A: bare socket.io; B: one gateway node of `entry`; C: two nodes of `entry` and a private Redis. */
async function startSystem(kind: 'A' | 'B' | 'C', entry: string, name: string): Promise<System> {
  const provider = await startScript('provider', {
    core: undefined,
    cwd: LOAD_DIR,
    script: 'src/bench/servers/instant-provider.ts',
    args: ['0', EVENT_CODE, String(users), JSON.stringify(keys.jwk)],
  });
  const redis = kind === 'C' ? await startRedis(undefined) : undefined;
  const redisUrl = redis ? `redis://127.0.0.1:${redis.port}` : '';
  // `--alloc`: each node's inspector on a spare loopback port.
  const inspectPorts: number[] = [];
  const nodeArgs = async (): Promise<string[]> => {
    if (!isAlloc) return profileArgs;
    const port = await sparePort();
    inspectPorts.push(port);
    return [...profileArgs, `--inspect=127.0.0.1:${port}`];
  };
  const nodes =
    kind === 'A'
      ? [
          await startScript('bare', {
            core: undefined,
            cwd: LOAD_DIR,
            script: 'src/bench/servers/bare.ts',
            args: ['0', EVENT_CODE],
            nodeArgs: await nodeArgs(),
          }),
        ]
      : kind === 'B'
        ? [await startNode(entry, name, provider.port, redisUrl, await nodeArgs())]
        : [
            await startNode(entry, `${name}-1`, provider.port, redisUrl, await nodeArgs()),
            await startNode(entry, `${name}-2`, provider.port, redisUrl, await nodeArgs()),
          ];
  const probes = await Promise.all(inspectPorts.map((port) => AllocProbe.open(port)));
  const system: System = {
    kind,
    name,
    entry,
    provider,
    nodes,
    redis,
    members: [],
    received: 0,
    samples: [],
    probes,
  };
  for (let group = 0; group < groups; group += 1) {
    const ids = Array.from({ length: GROUP }, (_, index) => group * GROUP + index + 1);
    for (const [index, userId] of ids.entries()) {
      // Alternate: a group's tabs on every node; grouped: each group's on one node.
      const node = nodes[(layout === 'grouped' ? group : index) % nodes.length] as ServerProcess;
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

/** A gateway node's relay_adapter_heard_total by outcome and relay_adapter_heard_bytes_total (0 for B). */
async function heardBy(node: ServerProcess): Promise<{ heard: Record<string, number>; bytes: number }> {
  const heard: Record<string, number> = {};
  let bytes = 0;
  try {
    const text = await (await fetch(`http://127.0.0.1:${node.port}/metrics`)).text();
    for (const match of text.matchAll(/^relay_adapter_heard_total\{outcome="([^"]+)"\} (\d+)/gm))
      heard[match[1] as string] = Number(match[2]);
    bytes = Number(/^relay_adapter_heard_bytes_total (\d+)/m.exec(text)?.[1] ?? 0);
  } catch {
    // Counted as nothing heard.
  }
  return { heard, bytes };
}

/** How long `sendAll` waits without any ack while some are missing before it fails, ms. */
const ACK_SILENCE_MS = 30_000;

let sequence = 0;
/** Sends `count` messages, `windowSize` in flight; resolves when every ack is in (fails on a lost one). */
function sendAll(system: System, count: number): Promise<void> {
  return sendWindowed({
    label: system.name,
    count,
    window: windowSize,
    silenceMs: ACK_SILENCE_MS,
    send: (index, ack) => {
      const member = system.members[index % system.members.length] as Member;
      const isRoom = index % 2 === 0;
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
      member.socket.emit(`chat_${EVENT_CODE}`, payload, ack);
    },
    refusal: (answer) =>
      (answer as { statusCode?: number } | undefined)?.statusCode === 200
        ? undefined
        : JSON.stringify(answer),
  });
}

/** Everything a sample compares, read before and after the messages. */
async function readings(system: System) {
  return {
    nodes: await Promise.all(
      // A (bare socket.io) has no /metrics: its HTTP server never answers the request (it would hang here).
      system.nodes.map(async (node) => ({
        usage: usage(node.pid),
        ...(system.kind === 'A' ? { heard: {}, bytes: 0 } : await heardBy(node)),
      })),
    ),
    provider: system.provider.cpuMs(),
    redisCpu: system.redis ? system.redis.cpuMs() : 0,
    commands: system.redis ? redisCommandStats(system.redis.port) : undefined,
    net: system.redis ? redisNetBytes(system.redis.port) : undefined,
  };
}

let profileCount = 0;
/** `--alloc`: the nodes' profiles together, per message (each profile kept if asked). */
function allocSample(system: System, windows: AllocWindow[]): NonNullable<Sample['alloc']> {
  let total = 0;
  let minor = 0;
  let major = 0;
  const functions = new Map<string, FunctionBytes>();
  const packages = new Map<string, number>();
  for (const window of windows) {
    if (allocDir) {
      mkdirSync(allocDir, { recursive: true });
      const name = system.name.replace(/[^A-Za-z0-9]+/g, '_');
      writeFileSync(
        resolve(allocDir, `${String(++profileCount).padStart(2, '0')}-${name}.heapprofile`),
        JSON.stringify(window.profile),
      );
    }
    const bytes = bytesByFunction(window.profile);
    total += bytes.total;
    minor += window.gc.minor;
    major += window.gc.major;
    for (const each of bytes.functions) {
      const known = functions.get(each.key);
      if (known) {
        known.self += each.self;
        known.total += each.total;
      } else functions.set(each.key, { ...each });
    }
    for (const [name, size] of bytes.packages) packages.set(name, (packages.get(name) ?? 0) + size);
  }
  return {
    bytes: total / messages,
    scavenges: (minor * 10_000) / messages,
    markCompacts: (major * 10_000) / messages,
    functions: [...functions.values()].map((bytes) => ({
      ...bytes,
      self: bytes.self / messages,
      total: bytes.total / messages,
    })),
    packages: new Map([...packages].map(([name, bytes]) => [name, bytes / messages])),
  };
}

async function measure(system: System): Promise<void> {
  for (const probe of system.probes) await probe.start(sampleBytes);
  const before = await readings(system);
  const received0 = system.received;
  await sendAll(system, messages);
  // Deliveries: a room message reaches 10 tabs, a group message the sender and 9 (10 each).
  const expected = received0 + messages * GROUP;
  const deadline = Date.now() + 30_000;
  while (system.received < expected && Date.now() < deadline) await sleep(20);
  if (system.received !== expected)
    throw new Error(
      `${system.name}: ${system.received - received0} deliveries, ${messages * GROUP} expected`,
    );
  await sleep(200);
  const after = await readings(system);
  const windows: AllocWindow[] = [];
  for (const probe of system.probes) windows.push(await probe.stop());
  const per = (value: number): number => value / messages;
  const nodes: NodeCost[] = after.nodes.map((end, index) => {
    const start = before.nodes[index] as typeof end;
    const heard: Record<string, number> = {};
    for (const [outcome, count] of Object.entries(end.heard))
      heard[outcome] = per(count - (start.heard[outcome] ?? 0));
    return {
      cpu: per((end.usage.userMs + end.usage.systemMs - start.usage.userMs - start.usage.systemMs) * 1000),
      user: per((end.usage.userMs - start.usage.userMs) * 1000),
      system: per((end.usage.systemMs - start.usage.systemMs) * 1000),
      main: per((end.usage.mainMs - start.usage.mainMs) * 1000),
      sleeps: per(end.usage.sleeps - start.usage.sleeps),
      reads: per(end.usage.reads - start.usage.reads),
      writes: per(end.usage.writes - start.usage.writes),
      heard,
      heardBytes: per(end.bytes - start.bytes),
    };
  });
  let redis: RedisCost | undefined;
  if (before.commands && after.commands && before.net && after.net) {
    const calls: Record<string, number> = {};
    let usec = 0;
    for (const [name, { calls: count, usec: time }] of Object.entries(after.commands)) {
      const previous = before.commands[name] ?? { calls: 0, usec: 0 };
      // The bench's own INFO calls are not the relay's.
      if (name === 'info' || count === previous.calls) continue;
      calls[name] = per(count - previous.calls);
      // A script's inner commands are inside its evalsha time: only top-level time is added.
      if (!['get', 'set', 'publish'].includes(name) || !after.commands.evalsha) usec += time - previous.usec;
    }
    redis = {
      cpu: per((after.redisCpu - before.redisCpu) * 1000),
      calls,
      commandUs: per(usec),
      bytesIn: per(after.net.input - before.net.input),
      bytesOut: per(after.net.output - before.net.output),
    };
  }
  system.samples.push({
    ...cpuCost((field) => nodes.reduce((total, node) => total + node[field], 0)),
    provider: per((after.provider - before.provider) * 1000),
    nodes,
    redis,
    ...(windows.length > 0 ? { alloc: allocSample(system, windows) } : {}),
  });
}

const median = (list: number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

const f1 = (value: number): string => value.toFixed(1);
const f2 = (value: number): string => value.toFixed(2);

/** One node's figures: CPU (user / system), and what its subscriber heard. */
function describeNode(node: NodeCost): string {
  const heard = Object.entries(node.heard)
    .filter(([, count]) => count > 0)
    .map(([outcome, count]) => `${outcome} ${f2(count)}`)
    .join(', ');
  return (
    `${f1(node.cpu)} µs (user ${f1(node.user)}, system ${f1(node.system)}; main thread ${f1(node.main)}, ` +
    `${f2(node.sleeps)} sleeps, ${f2(node.reads)} reads, ${f2(node.writes)} writes)${heard ? `, heard ${heard} (${Math.round(node.heardBytes)} B)` : ''}`
  );
}

function describeRedis(redis: RedisCost): string {
  const calls = Object.entries(redis.calls)
    .map(([name, count]) => `${name} ${f2(count)}`)
    .join(', ');
  return (
    `Redis CPU ${f1(redis.cpu)} µs (in commands ${f1(redis.commandUs)} µs), commands ${calls || 'none'}, ` +
    `bytes in ${Math.round(redis.bytesIn)} / out ${Math.round(redis.bytesOut)}`
  );
}

function describeSample(system: System, sample: Sample): string {
  const nodes =
    sample.nodes.length > 1
      ? `; ${sample.nodes.map((node, index) => `node ${index + 1} ${describeNode(node)}`).join('; ')}`
      : `; ${describeNode(sample.nodes[0] as NodeCost)}`;
  return (
    `${system.name} ${f1(sample.cpu)} µs + provider ${f1(sample.provider)}${nodes}` +
    (sample.redis ? `; ${describeRedis(sample.redis)}` : '')
  );
}

/** The median sample, field by field. */
function medianSample(samples: Sample[]): Sample {
  const of = (pick: (sample: Sample) => number): number => median(samples.map(pick));
  const first = samples[0] as Sample;
  const nodes = first.nodes.map((_, index): NodeCost => {
    const node = (sample: Sample): NodeCost => sample.nodes[index] as NodeCost;
    const heard: Record<string, number> = {};
    for (const outcome of Object.keys(node(first).heard))
      heard[outcome] = of((sample) => node(sample).heard[outcome] ?? 0);
    return {
      ...cpuCost((field) => of((sample) => node(sample)[field])),
      heard,
      heardBytes: of((sample) => node(sample).heardBytes),
    };
  });
  let redis: RedisCost | undefined;
  if (first.redis) {
    const part = (sample: Sample): RedisCost => sample.redis as RedisCost;
    const calls: Record<string, number> = {};
    for (const name of Object.keys(first.redis.calls))
      calls[name] = of((sample) => part(sample).calls[name] ?? 0);
    redis = {
      cpu: of((sample) => part(sample).cpu),
      calls,
      commandUs: of((sample) => part(sample).commandUs),
      bytesIn: of((sample) => part(sample).bytesIn),
      bytesOut: of((sample) => part(sample).bytesOut),
    };
  }
  return {
    ...cpuCost((field) => of((sample) => sample[field])),
    provider: of((sample) => sample.provider),
    nodes,
    redis,
  };
}

/** Bytes as `12.3 KB` (1 KB = 1,000 bytes). */
function kb(bytes: number): string {
  return `${(bytes / 1000).toFixed(bytes < 10_000 ? 2 : 1)} KB`;
}

/**
 * A function compared between builds: its name and package (a bundle's file name and lines differ between
 * builds, e.g. `dist/baseline/main.js` and `dist/main.js`).
 */
const acrossBuilds = (bytes: FunctionBytes): string =>
  `${bytes.key.replace(/ \([^()]*\)$/, '')} [${packageOf(bytes.url)}]`;

/** `--alloc`: each system's medians, where its last round's bytes went, and each build against the first. */
function reportAlloc(all: System[]): void {
  const medians = new Map<System, { bytes: number; scavenges: number; markCompacts: number }>();
  for (const system of all) {
    const samples = system.samples.flatMap((sample) => (sample.alloc ? [sample.alloc] : []));
    const last = samples.at(-1);
    if (!last) continue;
    const bytes = samples.map((sample) => sample.bytes);
    const figures = {
      bytes: median(bytes),
      scavenges: median(samples.map((sample) => sample.scavenges)),
      markCompacts: median(samples.map((sample) => sample.markCompacts)),
    };
    medians.set(system, figures);
    console.log(
      `\n${system.name}: allocated per message median ${kb(figures.bytes)} (min ${kb(Math.min(...bytes))}, ` +
        `max ${kb(Math.max(...bytes))}); per 10,000 messages ${figures.scavenges.toFixed(1)} scavenges, ` +
        `${figures.markCompacts.toFixed(1)} mark-compacts; ${messages} messages × ${samples.length} rounds, ` +
        `a sample every ${sampleBytes} bytes`,
    );
    const packages = [...last.packages].sort((a, b) => b[1] - a[1]);
    console.log(
      `  last round, by package (bytes per message): ` +
        packages.map(([name, bytes]) => `${name} ${bytes.toFixed(0)}`).join(', '),
    );
    console.log(`  last round, by the frame that allocated (bytes per message):`);
    for (const bytes of topFunctions(last.functions, 'self', topCount))
      console.log(`    ${bytes.self.toFixed(0).padStart(6)}  ${bytes.key}`);
    console.log(`  last round, with what it called (bytes per message; the application's own functions):`);
    const isOwn = (bytes: FunctionBytes): boolean => packageOf(bytes.url) === 'app';
    for (const bytes of topFunctions(last.functions, 'total', topCount, isOwn))
      console.log(`    ${bytes.total.toFixed(0).padStart(6)}  ${bytes.key}`);
  }
  const builds = all.filter((system) => system.name !== 'A' && medians.has(system));
  const first = builds[0];
  const bare = all.find((system) => system.name === 'A');
  const bareFigures = bare ? medians.get(bare) : undefined;
  if (!first) return;
  const firstFigures = medians.get(first) as { bytes: number; scavenges: number };
  console.log('');
  for (const system of builds) {
    const figures = medians.get(system) as { bytes: number; scavenges: number };
    const against =
      system === first
        ? ''
        : `; against ${first.entry}: ${kb(figures.bytes - firstFigures.bytes)} per message ` +
          `(${(((figures.bytes - firstFigures.bytes) / firstFigures.bytes) * 100).toFixed(1)} %), scavenges ` +
          `${(figures.scavenges - firstFigures.scavenges).toFixed(1)} per 10,000`;
    const overBare = bareFigures ? `, ${kb(figures.bytes - bareFigures.bytes)} more than A` : '';
    console.log(`${system.name}: ${kb(figures.bytes)} per message${overBare}${against}`);
    const packagesOf = (of: System | undefined): Map<string, number> =>
      of?.samples.at(-1)?.alloc?.packages ?? new Map<string, number>();
    const packageChanges = (from: System | undefined): string => {
      const before = packagesOf(from);
      const after = packagesOf(system);
      return [...new Set([...before.keys(), ...after.keys()])]
        .map((name) => ({ name, delta: (after.get(name) ?? 0) - (before.get(name) ?? 0) }))
        .filter(({ delta }) => Math.abs(delta) >= 10)
        .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta))
        .map(({ name, delta }) => `${name} ${(delta >= 0 ? '+' : '') + delta.toFixed(0)}`)
        .join(', ');
    };
    if (bare) console.log(`  by package against A (bytes per message, last rounds): ${packageChanges(bare)}`);
    if (system === first) continue;
    console.log(`  by package against ${first.entry}: ${packageChanges(first)}`);
    // Where the difference is, by function (own frame), the last rounds of both compared.
    const selfByName = (of: System): Map<string, number> => {
      const totals = new Map<string, number>();
      for (const bytes of of.samples.at(-1)?.alloc?.functions ?? [])
        totals.set(acrossBuilds(bytes), (totals.get(acrossBuilds(bytes)) ?? 0) + bytes.self);
      return totals;
    };
    const before = selfByName(first);
    const after = selfByName(system);
    const changes = [...new Set([...before.keys(), ...after.keys()])]
      .map((key) => ({ key, delta: (after.get(key) ?? 0) - (before.get(key) ?? 0) }))
      .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta))
      .slice(0, topCount);
    for (const { key, delta } of changes)
      console.log(`    ${(delta >= 0 ? '+' : '') + delta.toFixed(0).padStart(6)}  ${key}`);
  }
}

const systems: System[] = [];
try {
  if (values.bare) systems.push(await startSystem('A', 'A', 'A'));
  for (const entry of entries) {
    const suffix = entries.length > 1 ? ` ${entry}` : '';
    systems.push(await startSystem('B', entry, `B${suffix}`));
    if (values.redis) systems.push(await startSystem('C', entry, `C${suffix}`));
  }
  console.log(
    `relay-cpu: ${messages} messages × ${rounds} rounds, ${windowSize} in flight, ${groups} groups of ${GROUP}` +
      (values.redis
        ? `, C's tabs ${layout === 'grouped' ? 'grouped by node' : 'alternating between its nodes'}`
        : '') +
      `; load average ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
  );
  // Warm-up: JIT, caches (room access, members), connection pools.
  for (const system of systems) await sendAll(system, Math.min(2000, messages));
  await sleep(500);
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? systems : [...systems].reverse();
    for (const system of order) await measure(system);
    console.log(`round ${round + 1}:`);
    for (const system of systems) console.log(`  ${describeSample(system, system.samples.at(-1) as Sample)}`);
    if (isAlloc) {
      for (const system of systems) {
        const alloc = (system.samples.at(-1) as Sample).alloc;
        if (!alloc) continue;
        console.log(
          `  ${system.name} allocated ${kb(alloc.bytes)} per message, ${alloc.scavenges.toFixed(1)} scavenges and ` +
            `${alloc.markCompacts.toFixed(1)} mark-compacts per 10,000 messages`,
        );
      }
    }
  }
  if (isAlloc) reportAlloc(systems);
  console.log(
    `medians over ${rounds} rounds (per message; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}):`,
  );
  for (const system of systems) {
    const gateway = system.samples.map((sample) => sample.cpu);
    console.log(
      `  ${describeSample(system, medianSample(system.samples))} ` +
        `[gateway min ${f1(Math.min(...gateway))}, max ${f1(Math.max(...gateway))}]`,
    );
  }
  // What C costs beyond B, per message, for each entry.
  for (const entry of entries) {
    const b = systems.find((system) => system.entry === entry && system.nodes.length === 1 && !system.redis);
    const c = systems.find((system) => system.entry === entry && system.redis);
    if (!b || !c || entry === 'A') continue;
    const mb = medianSample(b.samples);
    const mc = medianSample(c.samples);
    console.log(
      `  C − B${entries.length > 1 ? ` (${entry})` : ''}: gateway ${f1(mc.cpu - mb.cpu)} µs ` +
        `(user ${f1(mc.user - mb.user)}, system ${f1(mc.system - mb.system)}; sleeps ${f2(mc.sleeps - mb.sleeps)}, ` +
        `reads ${f2(mc.reads - mb.reads)}, writes ${f2(mc.writes - mb.writes)}), ` +
        `+ Redis ${f1(mc.redis?.cpu ?? 0)} µs; C/B by gateway CPU ${f2(mb.cpu / mc.cpu)}`,
    );
  }
} finally {
  for (const system of systems) {
    for (const probe of system.probes) probe.close();
    for (const member of system.members) member.socket.close();
    for (const node of system.nodes) await node.stop();
    await system.provider.stop();
    await system.redis?.stop();
  }
}

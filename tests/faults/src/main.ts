/**
 * `pnpm test:faults [-- --long] [--break skip-catch-up] [--report FILE] [--seed N]`: two gateway nodes, the
 * mock provider and a private redis-server as processes on this machine; 600 visitors in 30 rooms of 20,
 * paired privately across nodes, chatting at 20 messages per second while the schedule kills, pauses and
 * restarts things; then the checker compares the provider's stored history with every client's final
 * timeline and prints one line per figure. Exit 1 on any loss, duplicate, reordering or missed goal.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sparePort } from '@showfloor/gateway/testing';
import { BUSY_OTHERS_SHARE, check, type ClientOutcome, type StoredConversation } from './checker.ts';
import { FaultClient, type ClientBreak } from './client.ts';
import { ManagedProcess, redisCommand, gatewaySpec, killAll, providerSpec, redisSpec } from './processes.ts';
import { FanoutProbe, TrpcProber } from './probes.ts';
import { FAULT_TIMINGS, LONG, SHORT, faultCounts, type Fault, type Schedule } from './schedule.ts';
import { createRooms, createVisitors, storedHistory, type Visitor } from './setup.ts';
import { Traffic, seededRandom } from './traffic.ts';
import { CpuWatch } from './machine.ts';

const ROOMS = 30;
const ROOM_SIZE = 20;
/** Longest wait for the clients to settle after the traffic stops. */
const DRAIN_LIMIT_MS = 180_000;

interface Options {
  schedule: Schedule;
  breakMode: ClientBreak;
  report: string | undefined;
  seed: number;
}

function parseOptions(argv: readonly string[]): Options {
  const args = argv.filter((arg) => arg !== '--');
  let schedule = SHORT;
  let breakMode: ClientBreak;
  let report: string | undefined;
  let seed = Date.now() % 1_000_000;
  for (let index = 0; index < args.length; index += 1) {
    const arg = args[index];
    const value = () => {
      const next = args[++index];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--long') schedule = LONG;
    else if (arg === '--short') schedule = SHORT;
    else if (arg === '--break') {
      const kind = value();
      if (kind !== 'skip-catch-up') throw new Error(`--break: unknown break '${kind}' (skip-catch-up)`);
      breakMode = kind;
    } else if (arg === '--report') report = resolve(process.env.INIT_CWD ?? process.cwd(), value());
    else if (arg === '--seed') seed = Number(value());
    else
      throw new Error(
        `unknown option ${arg}\nusage: pnpm test:faults [-- --long] [--break skip-catch-up] [--report FILE] [--seed N]`,
      );
  }
  return { schedule, breakMode, report, seed };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Timestamps relative to the traffic's start, for the log. */
class Clock {
  #start = Date.now();
  restart(): void {
    this.#start = Date.now();
  }
  get seconds(): number {
    return (Date.now() - this.#start) / 1000;
  }
  /** A wall-clock time as seconds of the run. */
  relative(at: number): string {
    return `${((at - this.#start) / 1000).toFixed(1)} s`;
  }
  stamp(): string {
    return `[${this.seconds.toFixed(1).padStart(6)} s]`;
  }
  at(seconds: number): Promise<void> {
    return sleep(this.#start + seconds * 1000 - Date.now());
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const { schedule } = options;
  const root = resolve(import.meta.dirname, '../../..');
  const runId = randomBytes(3).toString('hex');
  const dir = mkdtempSync(join(tmpdir(), `showfloor-faults-${runId}-`));
  const random = seededRandom(options.seed);
  const clock = new Clock();
  const log = (line: string) => console.log(`${clock.stamp()} ${line}`);
  const counts = faultCounts(schedule);
  console.log(
    `fault run (${schedule.name}, seed ${options.seed}${options.breakMode ? `, BREAK ${options.breakMode}` : ''}): ` +
      `${ROOMS * ROOM_SIZE} sockets in ${ROOMS} rooms of ${ROOM_SIZE} + private pairs, ${schedule.rate} msg/s for ${schedule.durationS} s; ` +
      `${counts['kill-node']} node kills, ${counts['restart-redis']} Redis restarts, ${counts['pause-node']} pause, ` +
      `${counts['restart-provider']} provider restart, ${counts.overload} overload phase(s) at ${schedule.overloadRate} msg/s; logs in ${dir}`,
  );

  // Processes.
  const [redisPort, providerPort, port0, port1] = await Promise.all([
    sparePort(),
    sparePort(),
    sparePort(),
    sparePort(),
  ]);
  const redis = new ManagedProcess(redisSpec(redisPort, dir), dir);
  const provider = new ManagedProcess(providerSpec(root, providerPort, join(dir, 'provider.state')), dir);
  const providerUrl = `http://127.0.0.1:${providerPort}`;
  const nodeOptions = {
    providerUrl,
    redisUrl: `redis://127.0.0.1:${redisPort}`,
    prefix: `faults-${runId}`,
    callSecret: randomBytes(24).toString('hex'),
  };
  const nodes = [
    new ManagedProcess(gatewaySpec(root, 'node-0', port0, nodeOptions), dir),
    new ManagedProcess(gatewaySpec(root, 'node-1', port1, nodeOptions), dir),
  ] as const;
  const urls = nodes.map((node) => `http://127.0.0.1:${node.port}`) as [string, string];
  const processes = [redis, provider, ...nodes];
  const clients: FaultClient[] = [];
  let probe: FanoutProbe | undefined;
  const shutdown = async () => {
    for (const client of clients) client.close();
    probe?.close();
    // The nodes first, so they do not see Redis or the provider go.
    await Promise.all(nodes.map((node) => node.stop('SIGTERM', 5_000)));
    await Promise.all([redis, provider].map((process) => process.stop('SIGTERM', 5_000)));
    for (const process of processes) process.closeLog();
  };
  process.once('SIGINT', () => {
    killAll();
    process.exit(130);
  });

  try {
    await redis.start();
    await provider.start();
    await Promise.all(nodes.map((node) => node.start()));
    log(`redis :${redisPort}, provider :${providerPort}, nodes :${port0} :${port1} up`);

    // People and places.
    const roomIds = await createRooms(providerUrl, runId, ROOMS);
    const visitors = await createVisitors(providerUrl, runId, ROOMS * ROOM_SIZE + 2);
    const probeUsers = visitors.splice(-2) as [Visitor, Visitor];
    log(`${roomIds.length} rooms and ${visitors.length + 2} visitors signed in`);

    // Sockets: visitor i is in room ⌊i/20⌋, at home on node i mod 2, paired with its neighbour (other node).
    visitors.forEach((visitor, index) => {
      clients.push(
        new FaultClient(
          visitor,
          roomIds[Math.floor(index / ROOM_SIZE)] as number,
          urls,
          index % 2,
          options.breakMode,
        ),
      );
    });
    for (let next = 0; next < clients.length; next += 25)
      await Promise.all(clients.slice(next, next + 25).map((client) => client.connect()));
    probe = new FanoutProbe(urls, probeUsers);
    await probe.connect();
    log(`${clients.length} sockets connected (+2 probes)`);

    // First messages: every room and pair gets its conversation; every client tracks both from seq 0.
    const roomConversation = new Map<number, string>();
    const pairOf = new Map<number, { partner: number; conversation: string }>();
    await Promise.all(
      roomIds.map(async (roomId, index) => {
        const first = clients[index * ROOM_SIZE] as FaultClient;
        roomConversation.set(
          roomId,
          await firstMessage(first, { to: [], room: { id: roomId, name: `Fault hall ${index + 1}` } }),
        );
      }),
    );
    for (let index = 0; index + 1 < clients.length; index += 2) {
      const a = clients[index] as FaultClient;
      const b = clients[index + 1] as FaultClient;
      const conversation = await firstMessage(a, { to: [b.userId] });
      pairOf.set(a.userId, { partner: b.userId, conversation });
      pairOf.set(b.userId, { partner: a.userId, conversation });
    }
    for (const client of clients) {
      client.sync.track(roomConversation.get(client.roomId) as string, { afterSeq: 0 });
      client.sync.track(pairOf.get(client.userId)?.conversation as string, { afterSeq: 0 });
    }
    await Promise.all(clients.map((client) => client.sync.resync()));
    log('conversations started; traffic begins');

    // Traffic and faults.
    const traffic = new Traffic({ clients, roomConversation, pairOf, runId }, random);
    const trpc = new TrpcProber(urls, probeUsers[0].token);
    const fanoutBackMs: number[] = [];
    const faultLog: Array<{ kind: Fault['kind']; at: number; detail: string }> = [];
    clock.restart();
    traffic.setRate(schedule.rate);
    const cpu = new CpuWatch(() => [
      process.pid,
      ...processes.flatMap((each) => (each.pid ? [each.pid] : [])),
    ]);
    cpu.start();
    const progress = setInterval(() => {
      const connected = clients.filter((client) => client.connected).length;
      log(`sent ${traffic.sent} · sockets connected ${connected}/${clients.length}`);
    }, 10_000);

    /** The visitors whose home `node` is move back within the window; resolves once they are (or 20 s on). */
    const rebalance = async (node: 0 | 1): Promise<number> => {
      const movers = clients.filter((client) => client.home === node && client.node !== node);
      const [low, high] = FAULT_TIMINGS.REBALANCE_MS;
      for (const client of movers) setTimeout(() => client.returnHome(), low + random() * (high - low));
      const deadline = Date.now() + high + 20_000;
      await sleep(high);
      while (Date.now() < deadline && !movers.every((client) => client.node === node && client.connected))
        await sleep(100);
      return movers.length;
    };
    const run = async (fault: Fault): Promise<string> => {
      switch (fault.kind) {
        case 'kill-node': {
          const node = nodes[fault.node];
          await node.kill();
          await sleep(FAULT_TIMINGS.NODE_DOWN_MS);
          const started = Date.now();
          await node.start();
          const ready = (Date.now() - started) / 1000;
          const moved = await rebalance(fault.node);
          return `SIGKILL node-${fault.node}; started again after ${FAULT_TIMINGS.NODE_DOWN_MS / 1000} s, ready in ${ready.toFixed(1)} s; ${moved} visitors moved back to it`;
        }
        case 'pause-node': {
          nodes[fault.node].pause();
          await sleep(FAULT_TIMINGS.PAUSE_MS);
          nodes[fault.node].resume();
          return `SIGSTOP node-${fault.node} for ${FAULT_TIMINGS.PAUSE_MS / 1000} s, then SIGCONT`;
        }
        case 'restart-redis': {
          trpc.start();
          await redis.stop('SIGTERM');
          await sleep(FAULT_TIMINGS.REDIS_DOWN_MS);
          await redis.start();
          await trpc.stop();
          const { ms: back, detail } = await (probe as FanoutProbe).measure(Date.now());
          fanoutBackMs.push(back);
          return `redis down ${FAULT_TIMINGS.REDIS_DOWN_MS / 1000} s; tRPC ${trpc.ok}/${trpc.total} so far; fan-out back ${Number.isFinite(back) ? `${(back / 1000).toFixed(2)} s` : `never (${detail})`} after redis answered`;
        }
        case 'restart-provider': {
          const stopped = Date.now();
          await provider.stop('SIGTERM');
          await provider.start();
          return `provider restarted (state kept), down ${((Date.now() - stopped) / 1000).toFixed(1)} s`;
        }
        case 'overload': {
          const before = traffic.sent;
          traffic.setRate(schedule.overloadRate);
          await sleep((schedule.overloadS * 1000) / 2);
          // What Redis does to a subscriber that falls past client-output-buffer-limit pubsub: it closes it,
          // and whatever it held for that node is gone.
          const killed = await redisCommand(redisPort, 'CLIENT', 'KILL', 'TYPE', 'pubsub');
          await sleep((schedule.overloadS * 1000) / 2);
          traffic.setRate(schedule.rate);
          return `overload: ${traffic.sent - before} messages in ${schedule.overloadS} s (${schedule.overloadRate} msg/s asked); halfway Redis dropped the nodes' subscribers (CLIENT KILL TYPE pubsub: ${killed.replace(':', '')})`;
        }
      }
    };
    for (const fault of schedule.faults) {
      await clock.at(fault.at);
      const at = clock.seconds;
      log(`fault: ${fault.kind}${'node' in fault ? ` node-${fault.node}` : ''}`);
      const detail = await run(fault);
      faultLog.push({ kind: fault.kind, at, detail });
      log(`  ${detail}`);
    }
    await clock.at(schedule.durationS);
    traffic.setRate(0);
    clearInterval(progress);
    cpu.stop();
    const othersShare = cpu.othersShare;
    const cores = cpus().length;
    log(`traffic stopped after ${traffic.sent} messages; draining`);

    // Drain: every send answered, every client connected and caught up, then a moment for stragglers.
    for (const client of clients) client.stopRetrying();
    await traffic.settle();
    const drainStart = Date.now();
    while (Date.now() - drainStart < DRAIN_LIMIT_MS && !clients.every((client) => client.isSettled()))
      await sleep(250);
    const unsettled = clients.filter((client) => !client.isSettled()).length;
    for (const client of clients.filter((each) => each.refusal !== undefined).slice(0, 5))
      log(`user ${client.userId} stopped reconnecting: ${client.refusal}`);
    await sleep(2_000);
    log(
      unsettled === 0
        ? `drained in ${((Date.now() - drainStart) / 1000).toFixed(1)} s`
        : `drain limit reached: ${unsettled} clients still unsettled`,
    );

    // The store against every timeline.
    const conversations: StoredConversation[] = [];
    for (const [roomId, id] of roomConversation) {
      const members = clients.filter((client) => client.roomId === roomId);
      conversations.push({
        id,
        members: members.map((client) => client.userId),
        stored: await storedHistory(providerUrl, id, (members[0] as FaultClient).visitor.token),
      });
    }
    const byUser = new Map(clients.map((client) => [client.userId, client]));
    for (const [userId, pair] of pairOf) {
      if (userId > pair.partner) continue;
      conversations.push({
        id: pair.conversation,
        members: [userId, pair.partner],
        stored: await storedHistory(
          providerUrl,
          pair.conversation,
          (byUser.get(userId) as FaultClient).visitor.token,
        ),
      });
    }
    const outcomes: ClientOutcome[] = clients.map((client) => ({
      userId: client.userId,
      timelines: new Map(
        client.sync.conversations().map((id) => [id, client.sync.timeline(id)?.messages ?? []]),
      ),
      acks: client.acks,
      duplicateDeliveries: client.duplicateDeliveries,
    }));
    const result = check({
      conversations,
      clients: outcomes,
      refusable: { sent: traffic.refusableSent, acked: traffic.refusableAcked },
      reconnectMs: countedDurations(clients),
      trpcDuringOutage: { ok: trpc.ok, total: trpc.total },
      fanoutBackMs,
      unsettledClients: unsettled,
      busyMachine:
        othersShare !== undefined && othersShare > BUSY_OTHERS_SHARE ? { othersShare, cores } : undefined,
    });

    const acks = [...clients].flatMap((client) => [...client.acks.values()]);
    const stored = conversations.reduce((sum, conversation) => sum + conversation.stored.length, 0);
    console.log('');
    console.log(
      `messages: ${traffic.sent} sent, ${acks.filter((ack) => ack.status === 200).length} acknowledged, ` +
        `${acks.filter((ack) => ack.status !== 200).length} still refused at the end, ${stored} stored; ` +
        `${clients.reduce((sum, client) => sum + client.retries, 0)} retries after refusals; ` +
        `${traffic.refusableUnanswered} refusable sends unanswered`,
    );
    console.log(`faults: ${faultLog.map((fault) => `${fault.kind} at ${fault.at.toFixed(0)} s`).join(', ')}`);
    console.log(
      `machine: ${cores} × ${cpus()[0]?.model ?? 'cpu'}, other work took ${othersShare === undefined ? 'an unknown share' : `${Math.round(othersShare * 100)} %`} of its CPU during the traffic (load average at the end ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')})`,
    );
    for (const line of result.lines) console.log(line);
    for (const failure of trpc.failures.slice(0, 5)) console.log(`  tRPC failure: ${failure}`);
    for (const miss of result.undelivered.slice(0, 10)) {
      const sender = byUser.get(miss.from);
      const recipient = byUser.get(miss.recipient);
      console.log(
        `  undelivered: ${miss.conversation} seq ${miss.seq} stored at ${clock.relative(miss.storedAt)} from ${miss.from} (home node-${sender?.home}) to ${miss.recipient} (home node-${recipient?.home}, ${recipient?.reconnects.length ?? 0} reconnects)`,
      );
    }
    console.log(
      result.failures.length === 0
        ? 'fault run: PASSED'
        : `fault run: FAILED (${result.failures.join('; ')})`,
    );
    if (options.report) {
      writeFileSync(
        options.report,
        `${JSON.stringify({ runId, seed: options.seed, schedule: schedule.name, breakMode: options.breakMode, faults: faultLog, figures: result.figures, lines: result.lines, checks: result.checks, failures: result.failures, undelivered: result.undelivered }, null, 2)}\n`,
      );
    }
    process.exitCode = result.failures.length === 0 ? 0 : 1;
  } finally {
    await shutdown();
    if (process.exitCode === 0) rmSync(dir, { recursive: true, force: true });
    else console.log(`logs kept in ${dir}`);
  }
}

/** Reconnect → caught-up of every reconnect that had the chance to finish (Infinity for the last unfinished). */
function countedDurations(clients: readonly FaultClient[]): number[] {
  return clients.flatMap((client) =>
    client.reconnects.flatMap((record, index) => {
      if (record.caughtUpAt !== undefined) return [record.caughtUpAt - record.connectedAt];
      // Overtaken by the next disconnect: no verdict. The last one unfinished: never caught up.
      return index === client.reconnects.length - 1 ? [Number.POSITIVE_INFINITY] : [];
    }),
  );
}

/** Sends a conversation's first message and answers its conversation id (from the ack). */
async function firstMessage(
  client: FaultClient,
  where: { to: number[]; room?: { id: number; name: string } },
): Promise<string> {
  const clientId = client.send({ message: 'hello', ...where });
  const deadline = Date.now() + 30_000;
  for (;;) {
    const ack = client.acks.get(clientId);
    if (ack?.status === 200 && ack.stored) return ack.stored.conversation;
    // Or the stored copy the sender's own tab hears (an ack may name no message).
    const heard = client.sync
      .conversations()
      .find((id) => client.sync.timeline(id)?.hasClientId(client.userId, clientId));
    if (heard) return heard;
    if (Date.now() > deadline)
      throw new Error(`user ${client.userId}: no ack for the first message (${ack?.message ?? 'none'})`);
    await sleep(20);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  killAll();
  process.exit(1);
});

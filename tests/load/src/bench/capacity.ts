/**
 * `pnpm bench:capacity [--quick] [--max N]`: how many connected visitors two gateway nodes (compiled, Redis
 * adapter) carry on this machine. Visitors come in steps: each one connects with a pre-issued token (the
 * instant provider publishes the bench's key), enters the lobby or a room (rooms of `--room-size`), sends a chat
 * message every `--chat-every` seconds on average (Poisson; private to their partner or in their room), changes
 * status every `--status-every` seconds on average (the relay passes it at once to the sender's room and to the
 * rest of the event in `user_status_batch`, each tab at most once every `--status-batch-ms`, a tenth of each
 * node's tabs every tenth of it), and now and then opens the chat list drawer page (tRPC conversation.listConversations). After each step grows, the whole
 * population runs for a warm-up and a measured window; the ramp stops when chat or status delivery p99 passes
 * 100 ms (a batched status receipt: the batch interval plus 100 ms), a chat receipt is lost (late receipts are counted apart, with how late), a node's event loop lags past
 * 100 ms (p99, from its /metrics), a visitor cannot connect or drops, or `--max` is reached. It prints a live
 * progress line, every step, the visitors held and the figures at that point, memory per connection and CPU per
 * node. The generator, both nodes, Redis and the provider share the machine's cores (nothing is pinned).
 */
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chatTopic, RELAY_SERVER_EVENTS, TOPICS } from '@showfloor/contracts';
import { startHelperPriority } from '@showfloor/gateway/helper-priority';
import { GeneratorWatch, type GeneratorHealth } from '../generator.ts';
import { Latency, type LatencySummary } from '../latency.ts';
import { Ledger } from '../ledger.ts';
import { LiteSocket } from '../lite-socket.ts';
import { PoissonClock } from '../poisson.ts';
import {
  BENCH_STATUSES,
  CAPACITY_LIMITS,
  isGeneratorSaturated,
  nextVisitors,
  readGauge,
  statusKey,
  stepVerdict,
  type StepVerdict,
} from './capacity-rules.ts';
import { BatchedStatusReceipts, type BatchedStatusTotals } from './status-receipts.ts';
import {
  buildGateway,
  machineBusyMs,
  startGatewayNode,
  startRedis,
  type ServerProcess,
} from './processes.ts';
import { round } from './stats.ts';
import { EVENT_CODE, GATEWAY_DIR, benchGatewayEnv, log, sleep, startInstantProvider } from './setup.ts';
import { benchKeys } from './tokens.ts';

const STATUSES = BENCH_STATUSES;

interface Config {
  quick: boolean;
  max: number;
  step: number;
  warmupMs: number;
  measureMs: number;
  drainMs: number;
  lateWindowMs: number;
  chatEverySeconds: number;
  statusEverySeconds: number;
  statusBatchMs: number;
  drawerEverySeconds: number;
  roomSize: number;
  privateShare: number;
  connectConcurrency: number;
  redisUrl: string | undefined;
  out: string | undefined;
  /** Ramp on to `max` after a step that did not hold (figures at higher counts on a busy machine). */
  keepGoing: boolean;
  /** Run both nodes under `node --cpu-prof`, profiles written to this directory when they exit. */
  cpuProfDir: string | undefined;
  /** Nice of the generator's and the provider's helper threads (0: left alone). */
  helperNice: number;
}

function config(argv: string[]): Config {
  const { values } = parseArgs({
    args: argv[0] === '--' ? argv.slice(1) : argv,
    options: {
      quick: { type: 'boolean', default: false },
      max: { type: 'string' },
      step: { type: 'string' },
      measure: { type: 'string' },
      'chat-every': { type: 'string', default: '30' },
      'status-every': { type: 'string', default: '1800' },
      'status-batch-ms': { type: 'string', default: '1000' },
      'drawer-every': { type: 'string', default: '600' },
      'room-size': { type: 'string', default: '20' },
      'private-share': { type: 'string', default: '0.5' },
      'redis-url': { type: 'string' },
      out: { type: 'string' },
      'cpu-prof': { type: 'string' },
      'keep-going': { type: 'boolean', default: false },
      'helper-nice': { type: 'string', default: '19' },
    },
  });
  const quick = values.quick ?? false;
  const number = (name: string, value: string | undefined, min: number, max: number): number => {
    const parsed = Number(value);
    if (!(parsed >= min && parsed <= max)) throw new Error(`--${name} takes ${min}..${max}, got ${value}`);
    return parsed;
  };
  const max = number('max', values.max ?? (quick ? '1000' : '15000'), 2, 40_000);
  return {
    quick,
    max,
    step: number('step', values.step ?? (quick ? '250' : '1000'), 2, 40_000),
    warmupMs: quick ? 3_000 : 10_000,
    measureMs: number('measure', values.measure ?? (quick ? '10' : '30'), 2, 600) * 1000,
    drainMs: quick ? 1_500 : 3_000,
    lateWindowMs: quick ? 5_000 : 15_000,
    chatEverySeconds: number('chat-every', values['chat-every'], 0.1, 86_400),
    statusEverySeconds: number('status-every', values['status-every'], 0, 86_400),
    statusBatchMs: number('status-batch-ms', values['status-batch-ms'], 10, 60_000),
    drawerEverySeconds: number('drawer-every', values['drawer-every'], 0, 86_400),
    roomSize: number('room-size', values['room-size'], 2, 10_000),
    privateShare: number('private-share', values['private-share'], 0, 1),
    connectConcurrency: 50,
    redisUrl: values['redis-url'] ?? process.env.REDIS_URL ?? undefined,
    out: values.out,
    keepGoing: values['keep-going'] ?? false,
    cpuProfDir: values['cpu-prof'] ? resolve(values['cpu-prof']) : undefined,
    helperNice: number('helper-nice', values['helper-nice'], 0, 19),
  };
}

interface Visitor {
  index: number;
  userId: number;
  token: string;
  url: string;
  roomId: number;
  socket: LiteSocket;
  status: (typeof STATUSES)[number];
}

/** Receipts of status changes, one way of hearing them. */
interface StatusReceipts {
  latency: Latency;
  received: number;
  /** Receipts the changes sent should get (room members, or everyone of the event but the sender). */
  expected: number;
}

/**
 * Status changes in flight: sent at, by `statusKey(userId, status)`; their receipts at once (`user_status_changes`, the
 * sender's room) and in the nodes' batches (`user_status_batch`, everyone else too: counted per latest state,
 * status-receipts.ts).
 */
interface StatusWatch {
  sentAt: Map<number, number>;
  sent: number;
  room: StatusReceipts;
  batch: BatchedStatusReceipts;
}

/** The visitors and what they do. */
class Population {
  /** By index; a visitor that could not connect leaves a hole. */
  readonly visitors: Array<Visitor | undefined> = [];
  /** Visitors tried so far (connected or not). */
  attempted = 0;
  readonly #membersOfRoom = new Map<number, number[]>();
  readonly #topic = chatTopic(EVENT_CODE);
  readonly #runId = Math.random().toString(36).slice(2, 8);
  #sequence = 0;
  #clocks: PoissonClock[] = [];
  ledger = new Ledger();
  status: StatusWatch = newStatusWatch(0, 1);
  drawer = { latency: new Latency(), calls: 0, errors: 0 };
  connectFailures = 0;

  constructor(
    private readonly cfg: Config,
    private readonly urls: readonly string[],
    private readonly tokenFor: (userId: number) => string,
  ) {}

  get connected(): number {
    return this.visitors.reduce((sum, visitor) => sum + (visitor?.socket.connected ? 1 : 0), 0);
  }

  /** Connects visitors up to `target` (bounded concurrency), each entering its room. */
  async grow(target: number, onProgress: (done: number) => void): Promise<void> {
    let next = this.attempted;
    this.attempted = Math.max(this.attempted, target);
    let done = 0;
    const worker = async (): Promise<void> => {
      while (next < target) {
        const index = next++;
        try {
          await this.#connectOne(index);
        } catch {
          this.connectFailures += 1;
        }
        done += 1;
        onProgress(done);
      }
    };
    await Promise.all(Array.from({ length: this.cfg.connectConcurrency }, worker));
  }

  async #connectOne(index: number): Promise<void> {
    const userId = index + 1;
    const token = this.tokenFor(userId);
    // Room 1 is the lobby; rooms fill in order, `roomSize` visitors each.
    const roomId = Math.floor(index / this.cfg.roomSize) + 1;
    const url = this.urls[index % this.urls.length] as string;
    const socket = new LiteSocket({
      url,
      query: { frontend: 'visitor', userId: String(userId) },
      auth: { token },
      // A dropped visitor stays dropped: the step counts it.
      reconnect: false,
    });
    socket.onAny((name, payload) => this.#onEvent(userId, name, payload));
    await socket.connect(30_000);
    const answer = await socket.request<{ statusCode: number; message?: string }>(
      TOPICS.USER_ROOM_EVENTS,
      { event: 'enter_room', user_id: userId, room_id: roomId, timestamp: Date.now() },
      30_000,
    );
    if (answer.statusCode !== 200) {
      socket.close();
      throw new Error(answer.message ?? 'enter_room refused');
    }
    const visitor: Visitor = { index, userId, token, url, roomId, socket, status: 'available' };
    this.visitors[index] = visitor;
    const members = this.#membersOfRoom.get(roomId) ?? [];
    members.push(userId);
    this.#membersOfRoom.set(roomId, members);
  }

  #onEvent(self: number, name: string, payload: unknown): void {
    const at = performance.now();
    if (name === this.#topic) {
      const message = payload as { from?: number; client_id?: string };
      if (message.from !== self && message.client_id) this.ledger.received(message.client_id, self, at);
      return;
    }
    if (name === TOPICS.USER_STATUS_CHANGES) {
      this.#heardStatus(self, payload as StatusEntry, this.status.room, at);
      return;
    }
    if (name === RELAY_SERVER_EVENTS.USER_STATUS_BATCH) {
      for (const entry of (payload as { changes?: StatusEntry[] }).changes ?? []) {
        if (entry.user_id === self) continue;
        const key = statusKey(entry.user_id, entry.user_status);
        if (key !== undefined) this.status.batch.heard(self, entry.user_id as number, key, at);
      }
    }
  }

  #heardStatus(self: number, change: StatusEntry, receipts: StatusReceipts, at: number): void {
    if (change.user_id === self) return;
    const key = statusKey(change.user_id, change.user_status);
    const sentAt = key === undefined ? undefined : this.status.sentAt.get(key);
    if (sentAt === undefined) return;
    receipts.received += 1;
    receipts.latency.record(at - sentAt);
  }

  #randomVisitor(): Visitor | undefined {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const visitor = this.visitors[Math.floor(Math.random() * this.visitors.length)];
      if (visitor?.socket.connected) return visitor;
    }
    return undefined;
  }

  sendChat(): void {
    const sender = this.#randomVisitor();
    if (!sender) return;
    const partner = this.visitors[sender.index ^ 1];
    const isPrivate = Math.random() < this.cfg.privateShare && partner?.socket.connected === true;
    const recipients = isPrivate
      ? [(partner as Visitor).userId]
      : (this.#membersOfRoom.get(sender.roomId) ?? []).filter((id) => id !== sender.userId);
    const id = `${this.#runId}-${(this.#sequence++).toString(36)}`;
    const payload = {
      type: 'text',
      action: 'message',
      message: `capacity ${id}`,
      from: sender.userId,
      to: isPrivate ? recipients : [],
      client_id: id,
      ...(isPrivate ? {} : { room: { id: sender.roomId, name: `room ${sender.roomId}` } }),
    };
    this.ledger.send(id, recipients, (onAck) => sender.socket.emit(this.#topic, payload, onAck));
  }

  changeStatus(): void {
    const visitor = this.#randomVisitor();
    if (!visitor) return;
    const choices = STATUSES.filter((status) => status !== visitor.status);
    const status = choices[Math.floor(Math.random() * choices.length)] as Visitor['status'];
    visitor.status = status;
    const key = statusKey(visitor.userId, status) as number;
    const at = performance.now();
    this.status.sentAt.set(key, at);
    this.status.batch.sent(visitor.userId, key, at);
    this.status.sent += 1;
    this.status.room.expected += (this.#membersOfRoom.get(visitor.roomId) ?? []).filter(
      (id) => id !== visitor.userId && this.visitors[id - 1]?.socket.connected,
    ).length;
    visitor.socket.emit(TOPICS.USER_STATUS_CHANGES, {
      room_id: visitor.roomId,
      user_id: visitor.userId,
      user_status: status,
    });
  }

  /** Opens the chat list drawer page: the tRPC query the web app makes for it. */
  openDrawer(): void {
    const visitor = this.#randomVisitor();
    if (!visitor) return;
    const input = encodeURIComponent(JSON.stringify({ frontend: 'visitor' }));
    const started = performance.now();
    this.drawer.calls += 1;
    fetch(`${visitor.url}/trpc/conversation.listConversations?input=${input}`, {
      headers: { authorization: `Bearer ${visitor.token}` },
    }).then(
      async (response) => {
        await response.arrayBuffer();
        if (response.ok) this.drawer.latency.record(performance.now() - started);
        else this.drawer.errors += 1;
      },
      () => (this.drawer.errors += 1),
    );
  }

  /** Starts every visitor's activity (rates scale with the visitors connected now). */
  start(): void {
    this.stop();
    const n = this.connected;
    const rates: Array<[number, () => void]> = [[n / this.cfg.chatEverySeconds, () => this.sendChat()]];
    if (this.cfg.statusEverySeconds > 0)
      rates.push([n / this.cfg.statusEverySeconds, () => this.changeStatus()]);
    if (this.cfg.drawerEverySeconds > 0)
      rates.push([n / this.cfg.drawerEverySeconds, () => this.openDrawer()]);
    this.#clocks = rates.map(([perSecond, act]) => new PoissonClock(perSecond, act));
    for (const clock of this.#clocks) clock.start();
  }

  stop(): void {
    for (const clock of this.#clocks) clock.stop();
    this.#clocks = [];
  }

  /** New accounting for a measured window (what is in flight from before is not counted). */
  resetCounters(): void {
    this.ledger = new Ledger();
    this.status = newStatusWatch(this.attempted, this.cfg.statusBatchMs);
    this.drawer = { latency: new Latency(), calls: 0, errors: 0 };
  }

  close(): void {
    this.stop();
    for (const visitor of this.visitors) visitor?.socket.close();
  }
}

/** `watchers`: the visitors' user ids are 1 to it; `batchMs`: the relay's status batch interval. */
function newStatusWatch(watchers: number, batchMs: number): StatusWatch {
  return {
    sentAt: new Map(),
    sent: 0,
    room: { latency: new Latency(), received: 0, expected: 0 },
    batch: new BatchedStatusReceipts(watchers, batchMs),
  };
}

/** One status change as a visitor hears it. */
interface StatusEntry {
  user_id?: number;
  user_status?: string;
}

/** A status receipts' figures over a window. */
interface StatusFigures {
  received: number;
  expected: number;
  delivery: LatencySummary;
}

/** One gateway node's figures over a window. */
interface NodeFigures {
  name: string;
  connections: number;
  rssMiB: number;
  /** RSS over the node's RSS before any connection, per connection. */
  kibPerConnection: number;
  /** CPU time over wall time (1 = one full core). */
  cpuShare: number;
  /** Highest event-loop lag p99 of the window's scrapes, ms. */
  lagP99Ms: number;
  /** The node's `relay_disconnects_total` by reason since it started (why visitors dropped). */
  disconnects: Record<string, number>;
}

interface StepResult {
  /** 2 when the step is measured once more after it did not hold. */
  attempt: number;
  visitors: number;
  connected: number;
  connectFailures: number;
  chatPerSecond: number;
  deliveredPerSecond: number;
  ack: LatencySummary;
  delivery: LatencySummary;
  lost: number;
  late: number;
  lateByMs: { p50: number; max: number };
  duplicated: number;
  unacknowledged: number;
  status: { sent: number; room: StatusFigures; batch: BatchedStatusTotals & { delivery: LatencySummary } };
  drawer: { calls: number; errors: number; latency: LatencySummary };
  nodes: NodeFigures[];
  redisCpuShare: number | undefined;
  providerCpuShare: number;
  generator: GeneratorHealth;
  /** The generator's own RSS (it holds every visitor's socket), MiB. */
  generatorRssMiB: number;
  /** Cores' worth of CPU other work on the machine used over the window (all busy CPU less the bench's). */
  otherWorkCores: number;
  loadAverage: number[];
  verdict: StepVerdict;
}

/** A node's `relay_disconnects_total` by reason, from its /metrics; empty when it does not answer. */
async function disconnectsOf(node: ServerProcess): Promise<Record<string, number>> {
  const reasons: Record<string, number> = {};
  try {
    const response = await fetch(`http://127.0.0.1:${node.port}/metrics`, {
      signal: AbortSignal.timeout(5_000),
    });
    for (const line of (await response.text()).split('\n')) {
      const match = /^relay_disconnects_total\{reason="([^"]+)"\} (\d+)/.exec(line);
      if (match?.[1] && Number(match[2]) > 0) reasons[match[1]] = Number(match[2]);
    }
  } catch {
    // no figures from a node that does not answer
  }
  return reasons;
}

/** Scrapes a node's /metrics: its event-loop lag p99 since the previous scrape, ms. */
async function lagP99Ms(node: ServerProcess): Promise<number> {
  try {
    const response = await fetch(`http://127.0.0.1:${node.port}/metrics`, {
      signal: AbortSignal.timeout(5_000),
    });
    const seconds = readGauge(await response.text(), 'nodejs_eventloop_lag_p99_seconds');
    return seconds === undefined ? 0 : round(seconds * 1000);
  } catch {
    // A node too busy to answer its metrics within 5 s lags at least that much.
    return 5_000;
  }
}

async function measureStep(
  population: Population,
  nodes: ServerProcess[],
  helpers: { provider: ServerProcess; redis: ServerProcess | undefined },
  baselineMiB: number[],
  cfg: Config,
  progress: Progress,
): Promise<Omit<StepResult, 'verdict' | 'attempt'>> {
  population.start();
  progress.phase = 'warm-up';
  await sleep(cfg.warmupMs);
  population.resetCounters();
  for (const node of nodes) await lagP99Ms(node);
  const cpuBefore = nodes.map((node) => node.cpuMs());
  const providerBefore = helpers.provider.cpuMs();
  const redisBefore = helpers.redis?.cpuMs();
  const machineBefore = machineBusyMs();
  const generatorBefore = process.cpuUsage();
  const watch = new GeneratorWatch();
  watch.start();
  const lags = nodes.map(() => 0);
  const started = performance.now();
  progress.phase = 'measuring';
  progress.windowStarted = started;
  while (performance.now() - started < cfg.measureMs) {
    await sleep(Math.min(5_000, cfg.measureMs - (performance.now() - started)));
    const sampled = await Promise.all(nodes.map(lagP99Ms));
    sampled.forEach((lag, index) => (lags[index] = Math.max(lags[index] as number, lag)));
    progress.lags = sampled;
  }
  const wallMs = performance.now() - started;
  population.stop();
  const generator = watch.stop();
  const cpuShares = nodes.map((node, index) =>
    round((node.cpuMs() - (cpuBefore[index] as number)) / wallMs, 3),
  );
  const providerCpuShare = round((helpers.provider.cpuMs() - providerBefore) / wallMs, 3);
  const redisCpuShare =
    helpers.redis && redisBefore !== undefined
      ? round((helpers.redis.cpuMs() - redisBefore) / wallMs, 3)
      : undefined;
  const generatorCpu = process.cpuUsage(generatorBefore);
  const benchMs =
    nodes.reduce((sum, node, index) => sum + node.cpuMs() - (cpuBefore[index] as number), 0) +
    (helpers.provider.cpuMs() - providerBefore) +
    (helpers.redis && redisBefore !== undefined ? helpers.redis.cpuMs() - redisBefore : 0) +
    (generatorCpu.user + generatorCpu.system) / 1000;
  const otherWorkCores = round(Math.max(0, machineBusyMs() - machineBefore - benchMs) / wallMs, 2);
  const rss = nodes.map((node) => node.rssMiB());
  progress.phase = 'draining';
  // A change sent at the window's end reaches the last tabs in their next batch: within one interval.
  await sleep(Math.max(cfg.drainMs, cfg.statusBatchMs + CAPACITY_LIMITS.deliveryP99Ms));
  await population.ledger.settle(cfg.lateWindowMs);
  const totals = population.ledger.totals();
  const connected = population.connected;
  const disconnects = await Promise.all(nodes.map(disconnectsOf));
  const perNode = nodes.map(() => 0);
  for (const visitor of population.visitors)
    if (visitor?.socket.connected)
      perNode[visitor.index % nodes.length] = (perNode[visitor.index % nodes.length] ?? 0) + 1;
  const seconds = wallMs / 1000;
  return {
    visitors: population.attempted,
    connected,
    connectFailures: population.connectFailures,
    chatPerSecond: round(totals.sent / seconds),
    deliveredPerSecond: round(totals.deliveries / seconds),
    ack: population.ledger.ack.summary(),
    delivery: population.ledger.delivery.summary(),
    lost: totals.lost,
    late: totals.late,
    lateByMs: totals.lateByMs,
    duplicated: totals.duplicated,
    unacknowledged: totals.refused + totals.ackTimeouts,
    status: {
      sent: population.status.sent,
      room: {
        received: population.status.room.received,
        expected: population.status.room.expected,
        delivery: population.status.room.latency.summary(),
      },
      batch: {
        ...population.status.batch.totals(
          (userId) => population.visitors[userId - 1]?.socket.connected === true,
        ),
        delivery: population.status.batch.latency.summary(),
      },
    },
    drawer: {
      calls: population.drawer.calls,
      errors: population.drawer.errors,
      latency: population.drawer.latency.summary(),
    },
    nodes: nodes.map((node, index) => {
      const connections = perNode[index] ?? 0;
      const rssMiB = rss[index] ?? 0;
      return {
        name: node.name,
        connections,
        rssMiB,
        kibPerConnection:
          connections > 0 ? round(((rssMiB - (baselineMiB[index] ?? 0)) * 1024) / connections) : 0,
        cpuShare: cpuShares[index] ?? 0,
        lagP99Ms: lags[index] ?? 0,
        disconnects: disconnects[index] ?? {},
      };
    }),
    redisCpuShare,
    providerCpuShare,
    generator,
    generatorRssMiB: round(process.memoryUsage().rss / 1024 / 1024),
    otherWorkCores,
    loadAverage: loadavg().map((value) => round(value, 2)),
  };
}

/** Clears the progress line on a terminal. */
function clearLine(): void {
  if (process.stderr.isTTY) process.stderr.write(`\r${' '.repeat(150)}\r`);
}

/** The live progress line (one line rewritten on a terminal, a line every 5 s otherwise). */
interface Progress {
  phase: string;
  target: number;
  connecting: number;
  windowStarted: number;
  lags: number[];
}

function startProgress(population: Population, progress: Progress): () => void {
  const isTty = process.stderr.isTTY;
  let last = '';
  const timer = setInterval(
    () => {
      const ledger = population.ledger;
      const delivery = ledger.delivery;
      const line =
        `  [${progress.phase}] visitors ${population.connected}/${progress.target}` +
        (progress.phase === 'connecting' ? ` (+${progress.connecting})` : '') +
        ` | chat delivered ${delivery.count}, p99 ${round(delivery.percentile(99))} ms` +
        ` | status p99 ${round(population.status.room.latency.percentile(99))} ms` +
        ` (batch ${round(population.status.batch.latency.percentile(99))} ms)` +
        ` | node lag p99 ${progress.lags.join('/')} ms | load ${loadavg()[0]?.toFixed(1)}`;
      if (line === last) return;
      last = line;
      if (isTty) process.stderr.write(`\r${line.padEnd(150).slice(0, 150)}`);
      else log(line);
    },
    isTty ? 1_000 : 5_000,
  );
  return () => {
    clearInterval(timer);
    clearLine();
  };
}

function describeStep(step: StepResult): string {
  const lines = [
    `  ${step.verdict.isHeld ? 'HELD' : step.verdict.isVoid ? 'VOID' : 'NOT HELD'} ${step.connected} visitors connected` +
      ` (${step.nodes.map((node) => node.connections).join(' + ')}): chat ${step.chatPerSecond} msg/s, ` +
      `${step.deliveredPerSecond} deliveries/s; ack p50/p99 ${step.ack.p50}/${step.ack.p99} ms; ` +
      `delivery p50/p99 ${step.delivery.p50}/${step.delivery.p99} ms`,
    `    lost ${step.lost}, late ${step.late}${step.late > 0 ? ` (by ${step.lateByMs.p50}..${step.lateByMs.max} ms after the drain)` : ''}, ` +
      `dup ${step.duplicated}, unacknowledged ${step.unacknowledged}; status changes ${step.status.sent}: ` +
      `room ${step.status.room.received}/${step.status.room.expected} receipts, p50/p99 ${step.status.room.delivery.p50}/${step.status.room.delivery.p99} ms, ` +
      `batched ${step.status.batch.received}/${step.status.batch.expected} (lost ${step.status.batch.lost}, stale ${step.status.batch.stale}, dup ${step.status.batch.duplicated}; ` +
      `${step.status.batch.supersededChanges} changes superseded within the interval, ${step.status.batch.supersededReceipts} of their receipts heard), ` +
      `p50/p99 ${step.status.batch.delivery.p50}/${step.status.batch.delivery.p99} ms; ` +
      `drawer ${step.drawer.calls} calls, ${step.drawer.errors} errors, p50/p99 ${step.drawer.latency.p50}/${step.drawer.latency.p99} ms`,
    ...step.nodes.map(
      (node) =>
        `    ${node.name}: ${node.connections} connections, CPU ${round(node.cpuShare * 100)} % of a core, ` +
        `event-loop lag p99 ${node.lagP99Ms} ms, RSS ${node.rssMiB} MiB (${node.kibPerConnection} KiB per connection)` +
        (Object.keys(node.disconnects).length > 0
          ? `; disconnects so far: ${Object.entries(node.disconnects)
              .map(([reason, count]) => `${reason} ${count}`)
              .join(', ')}`
          : ''),
    ),
    `    redis CPU ${step.redisCpuShare === undefined ? 'n/a (REDIS_URL)' : `${round(step.redisCpuShare * 100)} %`}, ` +
      `provider CPU ${round(step.providerCpuShare * 100)} %, generator loop p99 ${step.generator.loopP99Ms} ms CPU ${round(step.generator.cpuShare * 100)} % RSS ${step.generatorRssMiB} MiB, ` +
      `machine load ${step.loadAverage.join(' ')}, ` +
      `other work on the machine ${step.otherWorkCores} of ${cpus().length} cores`,
  ];
  if (!step.verdict.isHeld) lines.push(`    stopped: ${step.verdict.reasons.join('; ')}`);
  return lines.join('\n');
}

async function main(): Promise<void> {
  const cfg = config(process.argv.slice(2));
  log(
    `capacity bench (${cfg.quick ? 'quick' : 'full'}): up to ${cfg.max} visitors in steps of ${cfg.step}; ` +
      `per visitor a chat message every ${cfg.chatEverySeconds} s (${round(cfg.privateShare * 100)} % private), ` +
      `a status change every ${cfg.statusEverySeconds || '∞'} s (batched every ${cfg.statusBatchMs} ms), a drawer page every ${cfg.drawerEverySeconds || '∞'} s; ` +
      `rooms of ${cfg.roomSize}; steps ${cfg.warmupMs / 1000}+${cfg.measureMs / 1000} s`,
  );
  log(
    `machine: ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} (1, 5, 15 min); nothing pinned: generator, 2 nodes, Redis and provider share the cores`,
  );
  const keys = benchKeys(EVENT_CODE);
  buildGateway(GATEWAY_DIR);
  const redis = cfg.redisUrl ? undefined : await startRedis(undefined);
  const redisUrl = cfg.redisUrl ?? `redis://127.0.0.1:${redis?.port}`;
  // The generator's and the provider's helper threads (V8 workers, libuv pool) at nice 19, as the nodes' own
  // (HELPER_THREADS_NICE): nothing is pinned, so a node's event loop no longer waits for a core behind them.
  if (cfg.helperNice > 0) startHelperPriority(cfg.helperNice);
  const provider = await startInstantProvider(keys, cfg.max, undefined, {
    HELPER_THREADS_NICE: String(cfg.helperNice),
  });
  // Production settings (the emit limit included), but room for every visitor on one node.
  const env = benchGatewayEnv(provider.port, redisUrl, {
    // A private prefix when Redis is shared (REDIS_URL), so nothing else hears the bench.
    RELAY_REDIS_PREFIX: `capacity-${process.pid}`,
    RELAY_MAX_CONNECTIONS: String(Math.max(20_000, cfg.max)),
    RELAY_STATUS_BATCH_MS: String(cfg.statusBatchMs),
  });
  const nodes: ServerProcess[] = [];
  let population: Population | undefined;
  const steps: StepResult[] = [];
  try {
    const nodeArgs = cfg.cpuProfDir ? ['--cpu-prof', '--cpu-prof-dir', cfg.cpuProfDir] : [];
    nodes.push(await startGatewayNode('node-1', { core: undefined, cwd: GATEWAY_DIR, env, nodeArgs }));
    nodes.push(await startGatewayNode('node-2', { core: undefined, cwd: GATEWAY_DIR, env, nodeArgs }));
    await sleep(1_000);
    const baselineMiB = nodes.map((node) => node.rssMiB());
    log(`nodes up: RSS before any connection ${baselineMiB.join(' + ')} MiB; Redis ${redisUrl}`);
    population = new Population(
      cfg,
      nodes.map((node) => `http://127.0.0.1:${node.port}`),
      (userId) => keys.tokenFor(userId),
    );
    const progress: Progress = {
      phase: 'connecting',
      target: 0,
      connecting: 0,
      windowStarted: 0,
      lags: [0, 0],
    };
    const stopProgress = startProgress(population, progress);
    try {
      let target = nextVisitors(0, cfg.step, cfg.max);
      while (target !== undefined) {
        progress.phase = 'connecting';
        progress.target = target;
        progress.connecting = 0;
        const started = performance.now();
        await population.grow(target, (done) => (progress.connecting = done));
        const connectSeconds = round((performance.now() - started) / 1000);
        const measure = async (attempt: number): Promise<StepResult> => {
          const figures = await measureStep(
            population as Population,
            nodes,
            { provider, redis },
            baselineMiB,
            cfg,
            progress,
          );
          const verdict = stepVerdict(
            {
              visitors: figures.visitors,
              connected: figures.connected,
              connectFailures: figures.connectFailures,
              chatDeliveryP99Ms: figures.delivery.p99,
              statusDeliveryP99Ms:
                figures.status.room.received > 0 ? figures.status.room.delivery.p99 : undefined,
              statusBatchP99Ms:
                figures.status.batch.received > 0 ? figures.status.batch.delivery.p99 : undefined,
              lost: figures.lost,
              statusBatchLost: figures.status.batch.lost + figures.status.batch.stale,
              unacknowledged: figures.unacknowledged,
              nodeLagP99Ms: figures.nodes.map((node) => node.lagP99Ms),
              isGeneratorSaturated: isGeneratorSaturated(figures.generator),
            },
            { ...CAPACITY_LIMITS, statusBatchMs: cfg.statusBatchMs },
          );
          const step: StepResult = { ...figures, attempt, verdict };
          steps.push(step);
          clearLine();
          log(
            `step ${target} visitors${attempt > 1 ? ', once more' : ` (connected in ${connectSeconds} s)`}\n${describeStep(step)}`,
          );
          return step;
        };
        let step = await measure(1);
        // Other work on a shared machine comes in bursts: a step that did not hold is measured once more.
        if (!step.verdict.isHeld) step = await measure(2);
        const { verdict } = step;
        if (!verdict.isHeld && !cfg.keepGoing) break;
        target = nextVisitors(target, cfg.step, cfg.max);
      }
    } finally {
      stopProgress();
    }
  } finally {
    // The nodes stop first: closing thousands of sockets on live nodes would announce each one offline to
    // the whole event.
    await Promise.all(nodes.map((node) => node.stop()));
    population?.close();
    await provider.stop();
    await redis?.stop();
  }

  // Each step's last measurement; held: the last of the steps that all held from the first (with --keep-going
  // the ramp went on past the first that did not).
  const finals = [...new Map(steps.map((step) => [step.visitors, step])).values()];
  const firstMiss = finals.findIndex((step) => !step.verdict.isHeld);
  const held = (firstMiss === -1 ? finals : finals.slice(0, firstMiss)).at(-1);
  const stop = firstMiss === -1 ? finals.at(-1) : finals[firstMiss];
  log('\nresult');
  if (held) {
    log(`  visitors held: ${held.connected} (delivery p99 ≤ 100 ms, nothing lost, event loops under 100 ms)`);
    log(describeStep(held));
  } else {
    log('  visitors held: none (the first step did not hold)');
  }
  if (stop && !stop.verdict.isHeld) {
    log(`  stopped at ${stop.visitors} visitors: ${stop.verdict.reasons.join('; ')}`);
    if (cfg.keepGoing && stop !== finals.at(-1))
      log(`  (--keep-going: measured on to ${finals.at(-1)?.visitors} visitors, figures above)`);
  } else if (stop) {
    log(`  stopped at --max ${cfg.max}: every step held`);
  }
  const goal = 10_000;
  log(
    held && held.connected >= goal
      ? `  goal ${goal.toLocaleString('en')} visitors on this machine: MET`
      : cfg.max < goal
        ? `  goal ${goal.toLocaleString('en')} visitors on this machine: not tried (--max ${cfg.max})`
        : `  goal ${goal.toLocaleString('en')} visitors on this machine: MISSED (held ${held?.connected ?? 0})`,
  );
  const out =
    cfg.out ?? join(tmpdir(), `capacity-bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(out, `${JSON.stringify({ config: cfg, steps, held: held?.connected ?? 0 }, null, 2)}\n`);
  log(`full results: ${out}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);

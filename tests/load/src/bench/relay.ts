/**
 * `pnpm bench:relay [--quick]`: the relay's figures per core, in one run.
 *   A  a bare socket.io 4.8 server on /messaging (ack, then emit to the room; no auth, validation, storage)
 *   B  one gateway node with a provider that answers the persist call at once
 *   C  two gateway nodes with the Redis adapter
 * Servers are pinned to core 0, the generator, Redis and the provider to core 1 (taskset). The generator is
 * first calibrated against a trivial ws echo server. Open-loop Poisson senders step the rate up (warm-up, then
 * a measured window per step) over ~2,000 sockets in groups of 10 and private pairs; a step passes with ack
 * p99 ≤ 50 ms and nothing lost, and is void where the generator itself saturates (event-loop p99 ≥ 10 ms or
 * CPU ≥ 80 %). After the first step that does not pass, geometric midpoints between the highest passing rate
 * and the lowest that did not pass refine the top to within 11 %; the bench says whether the system or the
 * generator bounds it (relay-rules.ts). Then ack and delivery p50/p99 at half of A's top rate, and RSS with
 * 10,000 idle connections; the ratios B/A and C/B; and every goal missed, with by how much.
 */
import { writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { GeneratorWatch, type GeneratorHealth } from '../generator.ts';
import type { LatencySummary } from '../latency.ts';
import { Ledger } from '../ledger.ts';
import { LiteSocket } from '../lite-socket.ts';
import { Scenario, type VirtualUser } from '../scenario.ts';
import { calibrate, type Calibration } from './calibrate.ts';
import {
  describeRates,
  describeTop,
  findTop,
  halfRate,
  idleGoalLines,
  nextRate,
  ratioRange,
  shortfall,
  stepOutcome,
  type RatePhase,
  type RateRules,
  type RateTried,
  type StepOutcome,
  type TopFinding,
} from './relay-rules.ts';
import {
  buildGateway,
  canPin,
  pinSelf,
  redisCommandCounts,
  startGatewayNode,
  startRedis,
  startScript,
  type ServerProcess,
} from './processes.ts';
import {
  EVENT_CODE,
  GATEWAY_DIR,
  LOAD_DIR,
  benchGatewayEnv,
  log,
  sleep,
  startInstantProvider,
} from './setup.ts';
import { benchKeys } from './tokens.ts';

const SERVER_CORE = 0;
const GENERATOR_CORE = 1;
/** The goals a load tester compares (a step's pass criteria are in relay-rules.ts). */
const GOALS = {
  bOverA: 0.7,
  ackP99Ms: 20,
  deliveryP99Ms: 30,
  cWorseByMs: 10,
  cOverB: 0.7,
  idleRssMiB: 250,
} as const;

interface BenchConfig {
  quick: boolean;
  sockets: number;
  idle: number;
  warmupMs: number;
  measureMs: number;
  drainMs: number;
  /** After the drain: how long missing receipts may still come (late, not lost). */
  lateWindowMs: number;
  /** The ramp and its refinement (relay-rules.ts `nextRate`). */
  rates: RateRules;
  /** Only the idle-connection memory (no calibration, no load steps): RSS is not timing-sensitive. */
  onlyIdle: boolean;
  /** No idle-connection memory (load steps only). */
  skipIdle: boolean;
  /** The systems to run (all by default); B and C without A step up from the start rate alone. */
  systems: ReadonlySet<SystemName>;
  /** Write a V8 CPU profile of every gateway node's load steps into this folder (`node --cpu-prof`). */
  cpuProfDir: string | undefined;
  /**
   * A compiled gateway to compare B with in the same run (`--baseline FILE`, e.g. a copy of `dist/` built from
   * main, inside apps/gateway so its imports resolve): system B0, run right before B at the same rates.
   */
  baseline: string | undefined;
  /** B0's node flags (`--baseline-flags '...'`, '' for none); B's by default (GATEWAY_NODE_FLAGS). */
  baselineFlags: string[] | undefined;
  out: string | undefined;
}

type SystemName = 'A' | 'B0' | 'B' | 'C' | 'B-tsx';
const SYSTEM_NAMES: readonly SystemName[] = ['A', 'B0', 'B', 'C', 'B-tsx'];
/** What runs without `--systems` (B0 only with `--baseline`). */
const DEFAULT_SYSTEMS: readonly SystemName[] = ['A', 'B', 'C', 'B-tsx'];

function config(argv: string[]): BenchConfig {
  const { values } = parseArgs({
    args: argv[0] === '--' ? argv.slice(1) : argv,
    options: {
      quick: { type: 'boolean', default: false },
      sockets: { type: 'string' },
      idle: { type: 'string' },
      'start-rate': { type: 'string' },
      'max-steps': { type: 'string' },
      'refine-steps': { type: 'string' },
      only: { type: 'string' },
      'skip-idle': { type: 'boolean', default: false },
      systems: { type: 'string' },
      'cpu-prof': { type: 'string' },
      baseline: { type: 'string' },
      'baseline-flags': { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (values.only !== undefined && values.only !== 'idle') throw new Error('--only takes idle');
  const systems = (values.systems ?? DEFAULT_SYSTEMS.join(',')).split(',').map((name) => name.trim());
  if (values.baseline !== undefined && !systems.includes('B0')) systems.push('B0');
  for (const name of systems) {
    if (!SYSTEM_NAMES.includes(name as SystemName))
      throw new Error(`--systems takes a list of ${SYSTEM_NAMES.join(', ')}; got ${name}`);
  }
  const quick = values.quick ?? false;
  return {
    quick,
    sockets: Math.min(4_000, Number(values.sockets ?? (quick ? 600 : 2_000))),
    idle: Math.min(15_000, Number(values.idle ?? (quick ? 2_000 : 10_000))),
    warmupMs: quick ? 2_000 : 10_000,
    measureMs: quick ? 5_000 : 30_000,
    drainMs: quick ? 1_500 : 3_000,
    lateWindowMs: quick ? 10_000 : 30_000,
    rates: {
      startRate: Number(values['start-rate'] ?? 400),
      factor: quick ? 2 : 1.5,
      maxSteps: Number(values['max-steps'] ?? (quick ? 6 : 10)),
      // From a bracket of ×1.5 two midpoints reach 1.107, from ×2 three reach 1.090.
      refineRatio: 1.11,
      maxRefineSteps: Number(values['refine-steps'] ?? 3),
    },
    onlyIdle: values.only === 'idle',
    skipIdle: values['skip-idle'] ?? false,
    systems: new Set(systems as SystemName[]),
    cpuProfDir: values['cpu-prof'] === undefined ? undefined : resolve(values['cpu-prof']),
    baseline: values.baseline === undefined ? undefined : resolve(values.baseline),
    baselineFlags:
      values['baseline-flags'] === undefined
        ? undefined
        : values['baseline-flags'].split(' ').filter(Boolean),
    out: values.out,
  };
}

interface StepResult {
  rate: number;
  /** A ramp step, or a midpoint refining the top. */
  phase: RatePhase;
  /** The second try of a rate whose first did not pass. */
  isRetry: boolean;
  outcome: StepOutcome;
  /** Why it did not pass (empty when it passed). */
  reasons: string[];
  isVoid: boolean;
  isPass: boolean;
  sentPerSecond: number;
  deliveredPerSecond: number;
  ack: LatencySummary;
  delivery: LatencySummary;
  /** Receipts never delivered (still missing after the drain and the late window). */
  lost: number;
  /** Receipts delivered after the drain: late, not lost, and how late (ms after the drain ended). */
  late: number;
  lateByMs: { p50: number; max: number };
  duplicated: number;
  refused: number;
  ackTimeouts: number;
  unexpected: number;
  generator: GeneratorHealth;
  /** What one message cost, measured in the window (CPU time is not wall-clock: it holds on a busy machine). */
  cost: MessageCost;
}

/** Per message sent in the measured window: server and provider CPU time, Redis commands by name. */
interface MessageCost {
  serverCpuUs: number;
  providerCpuUs: number;
  redisCalls: Record<string, number> | undefined;
}

/** The processes a step reads its costs from. */
interface Probe {
  servers: ServerProcess[];
  provider: ServerProcess | undefined;
  redisPort: number | undefined;
}

interface SystemResult {
  name: SystemName;
  label: string;
  steps: StepResult[];
  /** The top rate as found by the ramp and its refinement, and what bounds it (undefined when not run). */
  finding: TopFinding | undefined;
  top: StepResult | undefined;
  half: StepResult | undefined;
  /** The half step's rate was half of A's top ('A'), or of this system's own top when A did not run. */
  halfOf: 'A' | 'own top' | undefined;
  idle: { connections: number; rssMiB: number[]; baselineMiB: number[] };
  lost: number;
  late: number;
  duplicated: number;
}

const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;
const formatRate = (value: number): string => Math.round(value).toLocaleString('en-US');

const cpuOf = (processes: readonly ServerProcess[]): number =>
  processes.reduce((sum, each) => sum + each.cpuMs(), 0);

function redisDelta(
  before: Record<string, number> | undefined,
  after: Record<string, number> | undefined,
  messages: number,
): Record<string, number> | undefined {
  if (!before || !after || messages === 0) return undefined;
  const perMessage: Record<string, number> = {};
  for (const [name, calls] of Object.entries(after)) {
    const delta = calls - (before[name] ?? 0);
    if (delta > 0 && name !== 'info') perMessage[name] = round(delta / messages, 2);
  }
  return perMessage;
}

async function runStep(
  scenario: Scenario,
  rate: number,
  cfg: BenchConfig,
  probe: Probe,
  phase: RatePhase = 'ramp',
  isRetry = false,
): Promise<StepResult> {
  const ledger = new Ledger();
  ledger.isMeasuring = false;
  scenario.ledger = ledger;
  scenario.start(rate);
  await sleep(cfg.warmupMs);
  ledger.isMeasuring = true;
  const watch = new GeneratorWatch();
  watch.start();
  const serverCpuBefore = cpuOf(probe.servers);
  const providerCpuBefore = probe.provider?.cpuMs() ?? 0;
  const redisBefore = probe.redisPort ? redisCommandCounts(probe.redisPort) : undefined;
  const started = performance.now();
  await sleep(cfg.measureMs);
  const seconds = (performance.now() - started) / 1000;
  scenario.stop();
  const generator = watch.stop();
  const serverCpuMs = cpuOf(probe.servers) - serverCpuBefore;
  const providerCpuMs = (probe.provider?.cpuMs() ?? 0) - providerCpuBefore;
  const redisAfter = probe.redisPort ? redisCommandCounts(probe.redisPort) : undefined;
  await sleep(cfg.drainMs);
  // Late is not lost: what is still missing may come during the late window (counted late, with how late).
  await ledger.settle(cfg.lateWindowMs);
  const totals = ledger.totals();
  const ack = ledger.ack.summary();
  const { outcome, reasons } = stepOutcome({
    ackP99Ms: ack.p99,
    lost: totals.lost,
    duplicated: totals.duplicated,
    refused: totals.refused,
    ackTimeouts: totals.ackTimeouts,
    unanswered: Math.max(0, totals.sent - totals.acked - totals.refused - totals.ackTimeouts),
    acked: totals.acked,
    isGeneratorSaturated: generator.isSaturated,
  });
  return {
    rate,
    phase,
    isRetry,
    outcome,
    reasons,
    isVoid: outcome === 'void',
    isPass: outcome === 'pass',
    sentPerSecond: round(totals.sent / seconds),
    deliveredPerSecond: round(totals.deliveries / seconds),
    ack,
    delivery: ledger.delivery.summary(),
    lost: totals.lost,
    late: totals.late,
    lateByMs: totals.lateByMs,
    duplicated: totals.duplicated,
    refused: totals.refused,
    ackTimeouts: totals.ackTimeouts,
    unexpected: totals.unexpected,
    generator,
    cost: {
      serverCpuUs: totals.sent > 0 ? round((serverCpuMs * 1000) / totals.sent) : 0,
      providerCpuUs: totals.sent > 0 ? round((providerCpuMs * 1000) / totals.sent) : 0,
      // Counted over the window and the drain, per message sent in the window.
      redisCalls: redisDelta(redisBefore, redisAfter, totals.sent),
    },
  };
}

function describeStep(system: string, step: StepResult): string {
  const verdict =
    step.outcome === 'void'
      ? `VOID (generator saturated)${step.reasons.length > 1 ? `; also ${step.reasons.slice(1).join(', ')}` : ''}`
      : step.outcome === 'pass'
        ? 'pass'
        : `fail (${step.reasons.join(', ')})`;
  return (
    `  ${system} rate ${step.rate}/s: delivered ${step.deliveredPerSecond}/s, ack p50/p99 ${step.ack.p50}/${step.ack.p99} ms, ` +
    `delivery p50/p99 ${step.delivery.p50}/${step.delivery.p99} ms, lost ${step.lost}, ` +
    `late ${step.late}${step.late > 0 ? ` (by ${step.lateByMs.p50}..${step.lateByMs.max} ms after the drain)` : ''}, dup ${step.duplicated}, ` +
    `refused ${step.refused}, ack timeouts ${step.ackTimeouts}, generator loop p99 ${step.generator.loopP99Ms} ms ` +
    `cpu ${round(step.generator.cpuShare * 100)} % -> ${verdict}\n` +
    `    per message: server CPU ${step.cost.serverCpuUs} µs, provider CPU ${step.cost.providerCpuUs} µs` +
    (step.cost.redisCalls
      ? `, Redis ${Object.entries(step.cost.redisCalls)
          .map(([name, calls]) => `${name} ${calls}`)
          .join(', ')}`
      : '')
  );
}

/** Opens idle connections spread over `urls` and reads every server's RSS. */
async function idleRss(
  urls: string[],
  servers: ServerProcess[],
  count: number,
  users: VirtualUser[],
): Promise<SystemResult['idle']> {
  const baselineMiB = servers.map((server) => server.rssMiB());
  const sockets: LiteSocket[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const index = next++;
      const user = users[index % users.length] as VirtualUser;
      const socket = new LiteSocket({
        url: urls[index % urls.length] as string,
        query: { frontend: 'visitor', userId: String(user.userId) },
        auth: user.token ? { token: user.token } : {},
        reconnect: false,
      });
      sockets.push(socket);
      await socket.connect(30_000);
    }
  };
  try {
    await Promise.all(Array.from({ length: 100 }, worker));
    await sleep(3_000);
    return {
      connections: sockets.filter((socket) => socket.connected).length,
      rssMiB: servers.map((server) => server.rssMiB()),
      baselineMiB,
    };
  } finally {
    for (const socket of sockets) socket.close();
    await sleep(1_000);
  }
}

/** Why a system is started: its load steps, or the idle-connection memory (on fresh processes). */
type Phase = 'load' | 'idle';

/** A started system: where to connect, its servers, and the helpers (provider, Redis) around them. */
interface Started {
  urls: string[];
  servers: ServerProcess[];
  helpers: ServerProcess[];
  provider?: ServerProcess;
  redisPort?: number;
}

async function benchSystem(
  name: SystemResult['name'],
  label: string,
  start: (phase: Phase) => Promise<Started>,
  users: VirtualUser[],
  cfg: BenchConfig,
  aHalfRate: () => number | undefined,
): Promise<SystemResult> {
  const result: SystemResult = {
    name,
    label,
    steps: [],
    finding: undefined,
    top: undefined,
    half: undefined,
    halfOf: undefined,
    idle: { connections: 0, rssMiB: [], baselineMiB: [] },
    lost: 0,
    late: 0,
    duplicated: 0,
  };
  if (!cfg.systems.has(name)) {
    log(`\n${name}: ${label}: not run (--systems)`);
    return result;
  }
  log(
    `\n${name}: ${label} (machine load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')})`,
  );
  if (!cfg.onlyIdle) await loadSteps(result, start, users, cfg, aHalfRate);
  if (cfg.skipIdle) return result;
  // Idle memory on fresh processes: what the load steps left in the heap is not the idle cost.
  const fresh = await start('idle');
  try {
    result.idle = await idleRss(fresh.urls, fresh.servers, cfg.idle, users);
    log(
      `  ${result.idle.connections} idle connections (fresh processes): RSS ${result.idle.rssMiB.join(' + ')} MiB ` +
        `(before: ${result.idle.baselineMiB.join(' + ')} MiB)`,
    );
  } finally {
    for (const server of [...fresh.servers, ...fresh.helpers]) await server.stop();
  }
  return result;
}

/** The load steps of one system: step the rate up to its top, then a step at half of A's top rate. */
async function loadSteps(
  result: SystemResult,
  start: (phase: Phase) => Promise<Started>,
  users: VirtualUser[],
  cfg: BenchConfig,
  aHalfRate: () => number | undefined,
): Promise<void> {
  const { name } = result;
  const { urls, servers, helpers, provider, redisPort } = await start('load');
  const probe: Probe = { servers, provider, redisPort };
  try {
    const groupUsers = Math.round(cfg.sockets / 2);
    const scenario = new Scenario({
      urls,
      users: users.slice(0, cfg.sockets),
      eventCode: EVENT_CODE,
      roomIds: Array.from({ length: Math.ceil(groupUsers / 10) }, (_, index) => index + 1),
      groupSize: 10,
      privateShare: 0.5,
      roomMessageShare: 0.5,
      connectConcurrency: 50,
    });
    try {
      await scenario.connect();
      log(
        `  ${scenario.size.sockets} sockets (${scenario.size.senders} senders) connected to ${urls.length} node(s)`,
      );
      const tried: RateTried[] = [];
      for (let next = nextRate(tried, cfg.rates); next; next = nextRate(tried, cfg.rates)) {
        const label = `${name}${next.phase === 'refine' ? ' (refine)' : ''}`;
        let outcome = await runStep(scenario, next.rate, cfg, probe, next.phase);
        result.steps.push(outcome);
        log(describeStep(label, outcome));
        if (!outcome.isPass) {
          // Other work on the machine comes in bursts: a failed or void step gets one more try before it counts.
          await sleep(5_000);
          outcome = await runStep(scenario, next.rate, cfg, probe, next.phase, true);
          result.steps.push(outcome);
          log(describeStep(`${label} (again)`, outcome));
        }
        tried.push({
          rate: next.rate,
          phase: next.phase,
          outcome: outcome.outcome,
          generator: { loopP99Ms: outcome.generator.loopP99Ms, cpuShare: outcome.generator.cpuShare },
        });
        if (outcome.isPass && outcome.rate >= (result.top?.rate ?? 0)) result.top = outcome;
      }
      result.finding = findTop(tried);
      log(`  ${describeTop(name, result.finding)}`);
      log(`  rates run: ${describeRates(result.steps)}`);
      const half = aHalfRate() ?? (result.top ? Math.round(result.top.rate / 2) : undefined);
      if (half) {
        // A's own top is A's: its half step is at half of A.
        result.halfOf = aHalfRate() === undefined && name !== 'A' ? 'own top' : 'A';
        result.half = await runStep(scenario, half, cfg, probe);
        log(describeStep(`${name} @half(${result.halfOf === 'A' ? 'A' : 'own top'})`, result.half));
      }
    } finally {
      scenario.close();
      await sleep(1_000);
    }
    for (const step of [...result.steps, ...(result.half ? [result.half] : [])]) {
      result.lost += step.lost;
      result.late += step.late;
      result.duplicated += step.duplicated;
    }
  } finally {
    for (const server of [...servers, ...helpers]) await server.stop();
  }
}

/** Calibrates the generator against a trivial ws echo server and warns when the machine is busy. */
async function calibrateGenerator(cfg: BenchConfig, serverCore: number | undefined): Promise<Calibration> {
  const startLoad = loadavg()[0] ?? 0;
  log('\ncalibration: generator against a trivial ws echo server');
  const echo = await startScript('echo', {
    core: serverCore,
    cwd: LOAD_DIR,
    script: 'src/bench/servers/echo.ts',
    args: ['0'],
  });
  let calibration: Calibration;
  try {
    calibration = await calibrate({
      url: `ws://127.0.0.1:${echo.port}`,
      sockets: Math.min(cfg.sockets, 500),
      measureMs: cfg.quick ? 3_000 : 8_000,
      startRate: 2_000,
      maxSteps: 7,
    });
  } finally {
    await echo.stop();
  }
  for (const step of calibration.steps) {
    log(
      `  ${step.sendsPerSecond} sends/s: ${step.framesPerSecond} frames/s, echo p99 ${round(step.echoP99Ms, 2)} ms, loop p99 ${step.generator.loopP99Ms} ms, cpu ${round(step.generator.cpuShare * 100)} %`,
    );
  }
  log(`  generator ceiling: ${calibration.ceilingFramesPerSecond} frames/s (sent + received)`);
  const isBusy = calibration.ceilingFramesPerSecond === 0 || startLoad > 1;
  if (isBusy) {
    log(
      '  WARNING: this machine is busy (other processes share the cores, or the generator saturates at once):',
    );
    log('  the figures below measure that contention as much as the relay. Run again on a quiet machine.');
  }

  return calibration;
}

/** Per connection and against the baselines: A (bare socket.io) and the gateway as it ran before (tsx). */
function idleComparison(a: SystemResult, b: SystemResult, bTsx: SystemResult): string[] {
  const perConnectionKiB = (system: SystemResult): number => {
    const rss = system.idle.rssMiB[0] ?? 0;
    const base = system.idle.baselineMiB[0] ?? 0;
    return system.idle.connections > 0 ? round(((rss - base) * 1024) / system.idle.connections) : 0;
  };
  const line = (system: SystemResult): string =>
    `  info    ${system.name.padEnd(5)} idle RSS ${system.idle.baselineMiB[0] ?? 0} MiB before any connection, ` +
    `${system.idle.rssMiB[0] ?? 0} MiB with ${system.idle.connections} (${perConnectionKiB(system)} KiB per connection)`;
  const measured = (system: SystemResult): boolean => system.idle.connections > 0;
  const bRss = b.idle.rssMiB[0] ?? 0;
  const lines = [a, b, bTsx].filter(measured).map(line);
  if (measured(b) && measured(bTsx)) {
    lines.push(
      `  info    B compiled vs B through tsx (before): ${round(bRss - (bTsx.idle.rssMiB[0] ?? 0))} MiB with the ` +
        `connections, ${round((b.idle.baselineMiB[0] ?? 0) - (bTsx.idle.baselineMiB[0] ?? 0))} MiB before any`,
    );
  }
  if (measured(a) && measured(b))
    lines.push(`  info    B vs A: +${round(bRss - (a.idle.rssMiB[0] ?? 0))} MiB`);
  return lines;
}

async function main(): Promise<void> {
  const cfg = config(process.argv.slice(2));
  const startedAt = performance.now();
  const startLoad = loadavg()[0] ?? 0;
  const isPinned = canPin() && pinSelf(GENERATOR_CORE);
  log(
    `relay bench (${cfg.quick ? 'quick' : 'full'}): ${cfg.sockets} sockets, ${cfg.idle} idle, steps ${cfg.warmupMs / 1000}+${cfg.measureMs / 1000} s`,
  );
  // Other work on this machine shares the cores and shows up as latency: the load average says how much.
  log(
    `machine load average before: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')} (1, 5, 15 min)`,
  );
  log(
    isPinned
      ? `servers on core ${SERVER_CORE}; generator, Redis and provider on core ${GENERATOR_CORE}`
      : 'taskset unavailable: NOT pinned, figures are not per core',
  );
  const serverCore = isPinned ? SERVER_CORE : undefined;
  const helperCore = isPinned ? GENERATOR_CORE : undefined;

  const keys = benchKeys(EVENT_CODE);
  const userCount = Math.max(cfg.sockets, cfg.idle);
  const users: VirtualUser[] = Array.from({ length: userCount }, (_, index) => ({
    userId: index + 1,
    token: keys.tokenFor(index + 1),
  }));

  // The gateway runs compiled, as in production (apps/gateway/build.mjs → dist/main.js).
  buildGateway(GATEWAY_DIR);
  let calibration: Calibration | undefined;
  if (!cfg.onlyIdle) {
    calibration = await calibrateGenerator(cfg, serverCore);
  } else if (startLoad > 1) {
    log(`  note: machine load average ${startLoad.toFixed(2)}; RSS does not depend on it, timing would`);
  }

  const gatewayEnv = (providerPort: number, redisPort?: number): NodeJS.ProcessEnv =>
    benchGatewayEnv(providerPort, redisPort ? `redis://127.0.0.1:${redisPort}` : '', {
      RELAY_EMITS_PER_SECOND: '10000',
      RELAY_EMIT_BURST: '20000',
      RELAY_MAX_CONNECTIONS: '20000',
    });
  const startProvider = (): Promise<ServerProcess> => startInstantProvider(keys, userCount, helperCore);

  const a = await benchSystem(
    'A',
    'bare socket.io 4.8',
    async () => {
      const bare = await startScript('bare', {
        core: serverCore,
        cwd: LOAD_DIR,
        script: 'src/bench/servers/bare.ts',
        args: ['0', EVENT_CODE],
      });
      return { urls: [`http://127.0.0.1:${bare.port}`], servers: [bare], helpers: [] };
    },
    users,
    cfg,
    () => undefined,
  );
  // A that never passed (a busy machine) still gives B and C a comparison point: half of its first step.
  // Half of A's refined top (relay-rules.ts `halfRate`); undefined when A did not run (B and C use their own).
  const halfOfA = a.finding ? halfRate(a.finding, a.steps[0]?.rate) : undefined;
  /** `node --cpu-prof` for a gateway node's load steps when asked (`--cpu-prof DIR`); never for idle memory. */
  const profileArgs = (phase: Phase, node: string): string[] =>
    cfg.cpuProfDir && phase === 'load'
      ? [
          '--cpu-prof',
          '--cpu-prof-dir',
          cfg.cpuProfDir,
          '--cpu-prof-name',
          `${node}-${Date.now()}.cpuprofile`,
        ]
      : [];
  // A profiled node writes its profile when it exits: give it time (a busy machine drains slowly).
  const profileKillAfterMs = cfg.cpuProfDir ? 60_000 : 5_000;
  const startB =
    (runtime: 'compiled' | 'tsx', entry?: string, profileName = 'B', flags?: readonly string[]) =>
    async (phase: Phase): Promise<Started> => {
      const provider = await startProvider();
      const node = await startGatewayNode('gateway', {
        core: serverCore,
        cwd: GATEWAY_DIR,
        env: gatewayEnv(provider.port),
        runtime,
        entry,
        flags,
        nodeArgs: profileArgs(phase, profileName),
        killAfterMs: profileKillAfterMs,
      });
      return { urls: [`http://127.0.0.1:${node.port}`], servers: [node], helpers: [provider], provider };
    };
  // The baseline gateway (`--baseline`), right before B at the same rates: a step's change is read side by side.
  const b0 = cfg.baseline
    ? await benchSystem(
        'B0',
        `baseline gateway (${cfg.baseline}${cfg.baselineFlags ? `, flags '${cfg.baselineFlags.join(' ')}'` : ''})`,
        startB('compiled', cfg.baseline, 'B0', cfg.baselineFlags),
        users,
        cfg,
        () => halfOfA,
      )
    : undefined;
  const b = await benchSystem(
    'B',
    'gateway, one node, instant provider',
    startB('compiled'),
    users,
    cfg,
    () => halfOfA,
  );
  const c = await benchSystem(
    'C',
    'gateway, two nodes, Redis adapter',
    async (phase) => {
      const redis = await startRedis(helperCore);
      const provider = await startProvider();
      const env = gatewayEnv(provider.port, redis.port);
      const nodes = [
        await startGatewayNode('gateway-1', {
          core: serverCore,
          cwd: GATEWAY_DIR,
          env,
          nodeArgs: profileArgs(phase, 'C1'),
          killAfterMs: profileKillAfterMs,
        }),
        await startGatewayNode('gateway-2', {
          core: serverCore,
          cwd: GATEWAY_DIR,
          env,
          nodeArgs: profileArgs(phase, 'C2'),
          killAfterMs: profileKillAfterMs,
        }),
      ];
      return {
        urls: nodes.map((node) => `http://127.0.0.1:${node.port}`),
        servers: nodes,
        helpers: [provider, redis],
        provider,
        redisPort: redis.port,
      };
    },
    users,
    cfg,
    () => halfOfA,
  );

  // The baseline of the memory work, in the same run: the same gateway run from its source through tsx.
  const bTsx = await benchSystem(
    'B-tsx',
    'gateway, one node, run through tsx (as before)',
    startB('tsx'),
    users,
    { ...cfg, onlyIdle: true },
    () => undefined,
  );

  const systems = b0 ? [a, b0, b, c] : [a, b, c];
  /**
   * Deliveries per second at the top; 0 when the first rate failed; NaN (not measured) when the system's load
   * steps did not run or its first rate was void (the generator could not tell).
   */
  const topRate = (system: SystemResult): number => {
    const finding = system.finding;
    if (!finding || (finding.top === undefined && finding.above?.outcome !== 'fail')) return Number.NaN;
    return system.top?.deliveredPerSecond ?? 0;
  };
  /** The top rate, and '+' when the system's own top is higher (bounded by the generator or the steps). */
  const topMessages = (system: SystemResult): string => {
    const finding = system.finding;
    if (finding?.top === undefined) return 'n/a';
    const isLowerBound = finding.bound === 'generator' || finding.bound === 'max-steps';
    return `${formatRate(finding.top)}${isLowerBound ? '+' : ''}`;
  };
  log('\nresults (per core)');
  log(
    '  system                                   top msg/s  top deliveries/s  @half(A) ack p50/p99   delivery p50/p99   lost late  dup  idle RSS',
  );
  for (const system of systems) {
    const half = system.half;
    const idleTotal = round(system.idle.rssMiB.reduce((sum, value) => sum + value, 0));
    log(
      `  ${`${system.name} ${system.label}`.padEnd(40)} ${topMessages(system).padStart(9)}  ${(Number.isFinite(topRate(system)) ? String(topRate(system)) : 'n/a').padStart(16)}  ` +
        `${half ? `${half.ack.p50}/${half.ack.p99} ms` : 'n/a'}`.padEnd(21) +
        `${half ? `${half.delivery.p50}/${half.delivery.p99} ms` : 'n/a'}`.padEnd(19) +
        `${String(system.lost).padStart(4)} ${String(system.late).padStart(4)} ${String(system.duplicated).padStart(4)}  ${idleTotal} MiB / ${system.idle.connections} conns (${system.idle.rssMiB.join(' + ')})`,
    );
  }
  for (const system of systems) {
    if (system.finding?.bound === 'generator' || system.finding?.bound === 'max-steps')
      log(`  + ${describeTop(system.name, system.finding)}`);
  }
  // NaN (not measured) where a system's steps did not run; 0 where they ran and nothing passed.
  const ratio = (numerator: number, denominator: number): number =>
    denominator > 0 ? round(numerator / denominator, 3) : Number.NaN;
  const bOverA = ratio(topRate(b), topRate(a));
  const cOverB = ratio(topRate(c), topRate(b));
  // A ratio over a system with no passing rate (top 0) is not a figure: say so instead of printing NaN.
  const shown = (value: number, denominator: string): string =>
    Number.isNaN(value) ? `n/a (${denominator} has no top)` : String(value);
  log(`  ratios: B/A ${shown(bOverA, 'A')}, C/B ${shown(cOverB, 'B')}`);
  /** Where the ratio of the two systems' own tops lies, from the brackets of their top rates. */
  const bracketOf = (numerator: SystemResult, denominator: SystemResult): string => {
    if (!numerator.finding || !denominator.finding) return 'n/a';
    const { low, high } = ratioRange(numerator.finding, denominator.finding);
    return `${round(low, 3)} to ${Number.isFinite(high) ? round(high, 3) : 'unbounded'}`;
  };
  if (!cfg.onlyIdle)
    log(
      `  ratios' brackets (from the top rates and the rates above them): B/A ${bracketOf(b, a)}, C/B ${bracketOf(c, b)}`,
    );
  // CPU time per message holds on a busy machine where wall-clock rates do not: one core of server does
  // 1 / (CPU per message) messages per second at most, so A's CPU per message over B's estimates B/A.
  const costOf = (system: SystemResult): StepResult['cost'] | undefined => (system.half ?? system.top)?.cost;
  for (const system of cfg.onlyIdle ? [] : systems) {
    const cost = costOf(system);
    if (!cost) continue;
    log(
      `  ${system.name} per message @${system.half ? `half(${system.halfOf ?? 'A'})` : 'top'}: server CPU ${cost.serverCpuUs} µs` +
        (system.name === 'A' ? '' : `, provider CPU ${cost.providerCpuUs} µs`) +
        (cost.redisCalls
          ? `, Redis calls ${Object.entries(cost.redisCalls)
              .map(([name, calls]) => `${name} ${calls}`)
              .join(', ')}`
          : ''),
    );
  }
  const cpuA = costOf(a)?.serverCpuUs ?? 0;
  const cpuB = costOf(b)?.serverCpuUs ?? 0;
  const cpuC = costOf(c)?.serverCpuUs ?? 0;
  const cpuB0 = b0 ? (costOf(b0)?.serverCpuUs ?? 0) : 0;
  if (b0 && !cfg.onlyIdle && cpuB0 > 0 && cpuB > 0) {
    log(
      `  B against the baseline B0: server CPU per message ${cpuB} µs vs ${cpuB0} µs (${round((cpuB / cpuB0 - 1) * 100, 1)} %)`,
    );
  }
  const bOverAByCpu = cpuA > 0 && cpuB > 0 ? round(cpuA / cpuB, 3) : Number.NaN;
  const cOverBByCpu = cpuB > 0 && cpuC > 0 ? round(cpuB / cpuC, 3) : Number.NaN;
  if (!cfg.onlyIdle) {
    const cpu = (value: number): string => (Number.isNaN(value) ? 'n/a (not measured)' : String(value));
    log(`  ratios from CPU per message: B/A ${cpu(bOverAByCpu)}, C/B ${cpu(cOverBByCpu)}`);
  }

  const goals: string[] = [];
  const aBound = a.finding?.bound;
  if (!cfg.onlyIdle) {
    goals.push(shortfall('B/A deliveries per second', bOverA, GOALS.bOverA, true));
    goals.push(`  info    B/A from the brackets of the top rates: ${bracketOf(b, a)}`);
    if (aBound === 'generator')
      goals.push(
        "  note    A's top is bounded by the generator, not A: A's own top is higher, so B/A is at most the figure above",
      );
    if (b.finding?.bound === 'generator')
      goals.push(
        "  note    B's top is bounded by the generator, not B: B's own top is higher, so B/A is at least the figure above",
      );
    goals.push(shortfall('B/A from server CPU per message (A µs / B µs)', bOverAByCpu, GOALS.bOverA, true));
  }
  /** Where the tails were read: half of A's top, or (A not run) half of the system's own top. */
  const at = (system: SystemResult): string =>
    system.halfOf === 'own top' ? 'at half of its own top (A not run)' : 'at half of A';
  /** A p99 of the half step, NaN (not measured) when it measured no ack: an empty histogram reads 0. */
  const p99 = (step: StepResult, of: 'ack' | 'delivery'): number =>
    step[of].count > 0 ? step[of].p99 : Number.NaN;
  /** Each tail goal, ack and delivery, with its limit for B. */
  const tails = [
    { of: 'ack', goal: GOALS.ackP99Ms },
    { of: 'delivery', goal: GOALS.deliveryP99Ms },
  ] as const;
  const { half: bHalf } = b;
  const { half: cHalf } = c;
  for (const { of, goal } of tails) {
    if (bHalf) goals.push(shortfall(`B ${of} p99 ${at(b)}`, p99(bHalf, of), goal, false, ' ms'));
  }
  for (const { of, goal } of tails) {
    // "C at most 10 ms worse than B": against B's goals plus 10 ms, and against B's own figures in this run.
    if (cHalf) {
      const limit = goal + GOALS.cWorseByMs;
      goals.push(shortfall(`C ${of} p99 ${at(c)} (B's goal + 10)`, p99(cHalf, of), limit, false, ' ms'));
    }
  }
  if (bHalf && cHalf && b.halfOf === c.halfOf && bHalf.rate === cHalf.rate) {
    for (const { of } of tails) {
      const over = round(p99(cHalf, of) - p99(bHalf, of));
      goals.push(shortfall(`C ${of} p99 over B's ${at(c)}`, over, GOALS.cWorseByMs, false, ' ms'));
    }
  }
  if ((b.half || c.half) && aBound === 'generator')
    goals.push(
      "  note    half of A's top is half of a generator-bound top: below half of A's own top, a lighter load than the goal's",
    );
  if (!cfg.onlyIdle) {
    goals.push(shortfall('C/B deliveries per second', cOverB, GOALS.cOverB, true));
    goals.push(`  info    C/B from the brackets of the top rates: ${bracketOf(c, b)}`);
    goals.push(shortfall('C/B from server CPU per message (B µs / C µs)', cOverBByCpu, GOALS.cOverB, true));
  }
  for (const system of cfg.onlyIdle ? [] : systems) {
    goals.push(shortfall(`${system.name} lost messages (never delivered)`, system.lost, 0, false));
    goals.push(
      `  info    ${system.name} late deliveries (after the drain, not lost): ${system.late}${
        system.late > 0
          ? `, up to ${Math.max(...[...system.steps, ...(system.half ? [system.half] : [])].map((step) => step.lateByMs.max))} ms after the drain`
          : ''
      }`,
    );
    goals.push(shortfall(`${system.name} duplicated messages`, system.duplicated, 0, false));
  }
  // Systems whose idle phase did not run (--skip-idle, or not among --systems) have no idle figures to print.
  goals.push(
    ...idleGoalLines(
      [...systems, bTsx].map((system) => ({ name: system.name, ...system.idle })),
      GOALS.idleRssMiB,
    ),
  );
  goals.push(...idleComparison(a, b, bTsx));
  if (cfg.idle < 10_000) goals.push(`  note    idle connections were ${cfg.idle} (quick mode), not 10,000`);
  log('\ngoals');
  for (const line of goals) log(line);

  const out = cfg.out ?? join(tmpdir(), `relay-bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    out,
    `${JSON.stringify({ config: cfg, isPinned, calibration, systems: [...systems, bTsx], ratios: { bOverA, cOverB, bOverAByCpu, cOverBByCpu }, goals }, null, 2)}\n`,
  );
  log(`\nfull results: ${out}`);
  log(
    `the bench took ${round((performance.now() - startedAt) / 60_000)} min; machine load average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(
      `bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);

/**
 * The relay bench's decisions, kept pure so they can be tested: what a step's outcome is, which rate comes next
 * (the ramp ×factor, then a bisection between the highest passing rate and the lowest one above it that did
 * not pass), what bounds a system's top (itself, the generator, or the steps allowed), the ratios that follow
 * from two tops, and the goals' verdicts with how much each is missed by.
 */

/** A step passes with ack p99 at most this and nothing lost, duplicated, refused or unacknowledged. */
export const STEP_ACK_P99_MS = 50;

/** A step passed, failed (the server did not keep up), or is void (the generator saturated: no verdict). */
export type StepOutcome = 'pass' | 'fail' | 'void';

export interface StepFigures {
  ackP99Ms: number;
  lost: number;
  duplicated: number;
  refused: number;
  ackTimeouts: number;
  /** Messages sent whose ack never came, nor a refusal or a timeout, by the end of the late window. */
  unanswered: number;
  /** Acks measured: a step that sent messages and measured none did not pass, whatever its p99 (0) says. */
  acked: number;
  /** The generator's event loop or CPU passed its limits (src/generator.ts). */
  isGeneratorSaturated: boolean;
}

export function stepOutcome(figures: StepFigures): { outcome: StepOutcome; reasons: string[] } {
  const reasons: string[] = [];
  if (figures.ackP99Ms > STEP_ACK_P99_MS)
    reasons.push(`ack p99 ${figures.ackP99Ms} ms > ${STEP_ACK_P99_MS} ms`);
  if (figures.lost > 0) reasons.push(`${figures.lost} lost`);
  if (figures.duplicated > 0) reasons.push(`${figures.duplicated} duplicated`);
  if (figures.refused > 0) reasons.push(`${figures.refused} refused`);
  if (figures.ackTimeouts > 0) reasons.push(`${figures.ackTimeouts} ack timeouts`);
  if (figures.unanswered > 0) reasons.push(`${figures.unanswered} never answered`);
  if (figures.acked === 0) reasons.push('no ack measured');
  // A saturated generator delays sends and receipts itself: whatever the figures say, they are not the server's.
  if (figures.isGeneratorSaturated)
    return { outcome: 'void', reasons: ['the generator saturated', ...reasons] };
  return { outcome: reasons.length === 0 ? 'pass' : 'fail', reasons };
}

/** How the rates are chosen. */
export interface RateRules {
  startRate: number;
  /** The ramp multiplies the rate by this after each passing step. */
  factor: number;
  /** Ramp steps at most (the refinement comes on top). */
  maxSteps: number;
  /** The refinement stops once the step above the top is at most this many times the top (1.11: within 11 %). */
  refineRatio: number;
  /** Refinement steps at most. */
  maxRefineSteps: number;
}

export type RatePhase = 'ramp' | 'refine';

/** A rate that was run, and its outcome (after the retry a step that does not pass gets). */
export interface RateTried {
  rate: number;
  phase: RatePhase;
  outcome: StepOutcome;
  /** The generator's health in that step (src/generator.ts): what a void step's saturation was. */
  generator?: { loopP99Ms: number; cpuShare: number };
}

/** The generator's CPU limit (src/generator.ts GENERATOR_LIMITS.cpuShare): under it, a void step's loop waited. */
const GENERATOR_CPU_LIMIT = 0.8;

/** The ramp's rate at step `index` (0 = the start rate): rounded from the unrounded product. */
export function rampRate(rules: RateRules, index: number): number {
  return Math.round(rules.startRate * rules.factor ** index);
}

/**
 * The next rate to run, or undefined when the search is over. The ramp goes up ×factor while steps pass; the
 * first that does not pass (failed or void) ends it. Then, if a rate passed, geometric midpoints between the
 * highest passing rate and the lowest rate above it that did not pass, until they are within `refineRatio` of
 * each other or `maxRefineSteps` were run.
 */
export function nextRate(
  tried: readonly RateTried[],
  rules: RateRules,
): { rate: number; phase: RatePhase } | undefined {
  const ramp = tried.filter((each) => each.phase === 'ramp');
  const last = ramp.at(-1);
  if (!last) return { rate: rampRate(rules, 0), phase: 'ramp' };
  if (last.outcome === 'pass') {
    return ramp.length < rules.maxSteps ? { rate: rampRate(rules, ramp.length), phase: 'ramp' } : undefined;
  }
  const { top, above } = bracket(tried);
  if (top === undefined || above === undefined) return undefined;
  if (tried.filter((each) => each.phase === 'refine').length >= rules.maxRefineSteps) return undefined;
  if (above.rate / top <= rules.refineRatio) return undefined;
  const middle = Math.round(Math.sqrt(top * above.rate));
  if (middle <= top || middle >= above.rate) return undefined;
  return { rate: middle, phase: 'refine' };
}

/** The highest passing rate, and the lowest rate above it that did not pass. */
function bracket(tried: readonly RateTried[]): { top: number | undefined; above: RateTried | undefined } {
  let top: number | undefined;
  for (const each of tried)
    if (each.outcome === 'pass' && (top === undefined || each.rate > top)) top = each.rate;
  let above: RateTried | undefined;
  for (const each of tried) {
    if (each.outcome === 'pass' || (top !== undefined && each.rate <= top)) continue;
    if (above === undefined || each.rate < above.rate) above = each;
  }
  return { top, above };
}

/**
 * What stopped a system's top: `failed` the rate above it failed (the server's own limit, known within the
 * ratio of the two), `generator` the rate above it was void (the generator saturated: the system's own top is
 * higher), `max-steps` every ramp step passed (its own top is higher), `none` no rate passed.
 */
export type TopBound = 'failed' | 'generator' | 'max-steps' | 'none';

export interface TopFinding {
  /** The highest passing rate, msg/s. */
  top: number | undefined;
  /** The lowest rate above the top that did not pass. */
  above: RateTried | undefined;
  bound: TopBound;
  /** The system's own top lies in [low, high) msg/s (high Infinity: unbounded by what was run). */
  low: number;
  high: number;
}

export function findTop(tried: readonly RateTried[]): TopFinding {
  const { top, above } = bracket(tried);
  // Nothing passed: under the first rate if it failed; unknown if it was void (the generator could not tell).
  if (top === undefined)
    return {
      top,
      above,
      bound: 'none',
      low: 0,
      high: above?.outcome === 'fail' ? above.rate : Number.POSITIVE_INFINITY,
    };
  if (!above) return { top, above, bound: 'max-steps', low: top, high: Number.POSITIVE_INFINITY };
  if (above.outcome === 'void') {
    // The system's own top is higher; under the lowest rate above it that failed, if one did.
    const failed = tried
      .filter((each) => each.outcome === 'fail' && each.rate > top)
      .map((each) => each.rate);
    return { top, above, bound: 'generator', low: top, high: Math.min(Number.POSITIVE_INFINITY, ...failed) };
  }
  return { top, above, bound: 'failed', low: top, high: above.rate };
}

const format = (value: number): string => Math.round(value).toLocaleString('en-US');

/** One line on a system's top and what bounds it. */
export function describeTop(system: string, finding: TopFinding): string {
  const { top, above } = finding;
  switch (finding.bound) {
    case 'none':
      return `${system}: no rate passed (the first, ${above ? format(above.rate) : '?'} msg/s, ${above?.outcome === 'void' ? 'was void: the generator saturated' : 'failed'})`;
    case 'max-steps':
      return `${system} top ${format(top ?? 0)} msg/s: every ramp step passed, so ${system}'s own top is higher (raise --max-steps)`;
    case 'generator':
      return (
        `${system} top ${format(top ?? 0)} msg/s is bounded by the generator, not ${system}: the next rate tried, ` +
        `${format(above?.rate ?? 0)} msg/s, was void (the generator saturated), so ${system}'s own top is higher` +
        (Number.isFinite(finding.high) ? ` (and under ${format(finding.high)} msg/s, which failed)` : '') +
        voidCause(above)
      );
    case 'failed':
      return (
        `${system} top ${format(top ?? 0)} msg/s: ${format(above?.rate ?? 0)} msg/s failed, so ${system}'s own top is ` +
        `within ${Math.round((finding.high / finding.low - 1) * 1000) / 10} % above it`
      );
  }
}

/** Why the generator saturated: its own work (CPU at its limit), or its loop waited for a core it did not get. */
function voidCause(step: RateTried | undefined): string {
  const health = step?.generator;
  if (!health) return '';
  const cpu = `${Math.round(health.cpuShare * 1000) / 10} %`;
  return health.cpuShare >= GENERATOR_CPU_LIMIT
    ? ` (the generator used ${cpu} of its core)`
    : ` (its event loop p99 was ${health.loopP99Ms} ms at ${cpu} CPU: other work on the machine delayed it)`;
}

/** The rates as run, in order: `400 pass, 600 pass, 900 fail, 900 fail (again), refine 735 pass`. */
export function describeRates(
  steps: ReadonlyArray<{ rate: number; phase: RatePhase; outcome: StepOutcome; isRetry: boolean }>,
): string {
  return steps
    .map(
      (step) =>
        `${step.phase === 'refine' ? 'refine ' : ''}${format(step.rate)} ${step.outcome}${step.isRetry ? ' (again)' : ''}`,
    )
    .join(', ');
}

/**
 * Where the ratio of two systems' own tops lies, from the brackets of each ([low, high) msg/s): from the
 * numerator's low over the denominator's high to the numerator's high over the denominator's low. Infinity
 * where a top is unbounded above; NaN where the denominator is unknown (0).
 */
export function ratioRange(numerator: TopFinding, denominator: TopFinding): { low: number; high: number } {
  const low = denominator.high === Number.POSITIVE_INFINITY ? 0 : numerator.low / denominator.high;
  const high = denominator.low > 0 ? numerator.high / denominator.low : Number.NaN;
  return { low, high };
}

/** Half of A's top rate, the rate every system's tails are read at; half of A's first rate when none passed. */
export function halfRate(a: TopFinding, firstRate: number | undefined): number | undefined {
  if (a.top !== undefined) return Math.round(a.top / 2);
  return firstRate === undefined ? undefined : Math.round(firstRate / 2);
}

const round = (value: number, digits = 1): number => Math.round(value * 10 ** digits) / 10 ** digits;

/** A goal's verdict line: met, or MISSED with by how much (absolute and relative to the goal). */
export function shortfall(
  what: string,
  actual: number,
  goal: number,
  higherIsBetter: boolean,
  unit = '',
): string {
  const isMet = Number.isFinite(actual) && (higherIsBetter ? actual >= goal : actual <= goal);
  if (isMet) return `  met     ${what}: ${actual}${unit} (goal ${higherIsBetter ? '≥' : '≤'} ${goal}${unit})`;
  if (!Number.isFinite(actual))
    return `  MISSED  ${what}: not measured, goal ${higherIsBetter ? '≥' : '≤'} ${goal}${unit}`;
  const gap = Math.abs(actual - goal);
  const relative = goal === 0 ? '' : ` (${round((gap / goal) * 100)} %)`;
  return `  MISSED  ${what}: ${actual}${unit}, goal ${higherIsBetter ? '≥' : '≤'} ${goal}${unit}, missed by ${round(gap, 3)}${unit}${relative}`;
}

/** A system's resident memory with its idle connections, one figure per node (relay.ts `idleRss`). */
export interface IdleFigures {
  readonly name: string;
  readonly connections: number;
  readonly rssMiB: readonly number[];
}

/**
 * Systems whose idle memory is measured for comparison only, not held to the goal, and why: the goal is B's, the
 * compiled gateway as production and the bench run it; B-tsx is the same gateway run through tsx (as it ran
 * before the compiled build), whose transpiler holds memory of its own.
 */
const IDLE_NOT_A_GOAL: Readonly<Record<string, string>> = {
  A: 'bare socket.io, for comparison',
  'B-tsx': 'through tsx, not a goal',
};

/**
 * The goals' lines for memory with idle connections, of the systems whose idle phase ran (not with --skip-idle,
 * nor for a system left out of --systems): a verdict against `goalMiB` for a single node, information for two
 * nodes and for a system in IDLE_NOT_A_GOAL.
 */
export function idleGoalLines(systems: readonly IdleFigures[], goalMiB: number): string[] {
  const lines: string[] = [];
  for (const system of systems.filter((one) => one.connections > 0)) {
    const notAGoal = IDLE_NOT_A_GOAL[system.name];
    if (notAGoal !== undefined) {
      lines.push(
        `  info    ${system.name} RSS with ${system.connections} idle connections (${notAGoal}): ${system.rssMiB.join(' + ')} MiB`,
      );
    } else if (system.rssMiB.length === 1) {
      lines.push(
        shortfall(
          `${system.name} RSS with ${system.connections} idle connections`,
          system.rssMiB[0] ?? 0,
          goalMiB,
          false,
          ' MiB',
        ),
      );
    } else {
      lines.push(
        `  info    ${system.name} RSS with ${system.connections} idle connections over ${system.rssMiB.length} nodes: ${system.rssMiB.join(' + ')} MiB`,
      );
    }
  }
  return lines;
}

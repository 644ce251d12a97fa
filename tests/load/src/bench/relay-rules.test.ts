import { describe, expect, it } from 'vitest';
import {
  STEP_ACK_P99_MS,
  describeRates,
  describeTop,
  findTop,
  halfRate,
  idleGoalLines,
  nextRate,
  rampRate,
  ratioRange,
  shortfall,
  stepOutcome,
  type RateRules,
  type RateTried,
  type StepOutcome,
} from './relay-rules.ts';

const clean = {
  ackP99Ms: 12,
  lost: 0,
  duplicated: 0,
  refused: 0,
  ackTimeouts: 0,
  unanswered: 0,
  acked: 1_000,
  isGeneratorSaturated: false,
};

describe('stepOutcome', () => {
  it('passes a clean step at the ack limit, fails one just over it', () => {
    expect(stepOutcome({ ...clean, ackP99Ms: STEP_ACK_P99_MS })).toEqual({ outcome: 'pass', reasons: [] });
    expect(stepOutcome({ ...clean, ackP99Ms: STEP_ACK_P99_MS + 0.1 })).toEqual({
      outcome: 'fail',
      reasons: ['ack p99 50.1 ms > 50 ms'],
    });
  });

  it('fails a step that lost, duplicated, refused or never acknowledged anything', () => {
    expect(stepOutcome({ ...clean, lost: 1 }).outcome).toBe('fail');
    expect(stepOutcome({ ...clean, duplicated: 1 }).outcome).toBe('fail');
    expect(stepOutcome({ ...clean, refused: 2 }).reasons).toEqual(['2 refused']);
    expect(stepOutcome({ ...clean, ackTimeouts: 3 }).reasons).toEqual(['3 ack timeouts']);
    expect(stepOutcome({ ...clean, unanswered: 4 }).reasons).toEqual(['4 never answered']);
  });

  it('fails a step that measured no ack (its p99 reads 0)', () => {
    expect(stepOutcome({ ...clean, ackP99Ms: 0, acked: 0 })).toEqual({
      outcome: 'fail',
      reasons: ['no ack measured'],
    });
  });

  it('voids a step where the generator saturated, passing or not', () => {
    expect(stepOutcome({ ...clean, isGeneratorSaturated: true }).outcome).toBe('void');
    expect(stepOutcome({ ...clean, ackP99Ms: 400, isGeneratorSaturated: true })).toEqual({
      outcome: 'void',
      reasons: ['the generator saturated', 'ack p99 400 ms > 50 ms'],
    });
  });
});

const full: RateRules = { startRate: 400, factor: 1.5, maxSteps: 10, refineRatio: 1.11, maxRefineSteps: 3 };
const quick: RateRules = { startRate: 400, factor: 2, maxSteps: 6, refineRatio: 1.11, maxRefineSteps: 3 };

/** Runs the search against a system whose outcome depends only on the rate. */
function search(rules: RateRules, outcomeAt: (rate: number) => StepOutcome): RateTried[] {
  const tried: RateTried[] = [];
  for (let planned = nextRate(tried, rules); planned; planned = nextRate(tried, rules)) {
    tried.push({ ...planned, outcome: outcomeAt(planned.rate) });
    if (tried.length > 50) throw new Error('the search does not end');
  }
  return tried;
}

describe('rates', () => {
  it('ramps ×1.5 from the start rate, rounding each product', () => {
    expect(Array.from({ length: 8 }, (_, index) => rampRate(full, index))).toEqual([
      400, 600, 900, 1350, 2025, 3038, 4556, 6834,
    ]);
  });

  it('bisects after the first failing rate until the top is within 11 %', () => {
    const tried = search(full, (rate) => (rate <= 1_700 ? 'pass' : 'fail'));
    expect(tried.map((each) => `${each.phase} ${each.rate} ${each.outcome}`)).toEqual([
      'ramp 400 pass',
      'ramp 600 pass',
      'ramp 900 pass',
      'ramp 1350 pass',
      'ramp 2025 fail',
      'refine 1653 pass',
      'refine 1830 fail',
    ]);
    const finding = findTop(tried);
    expect(finding).toMatchObject({ top: 1_653, bound: 'failed', low: 1_653, high: 1_830 });
    expect(finding.high / finding.low).toBeLessThanOrEqual(1.11);
  });

  it('refines the coarser quick ramp with three midpoints', () => {
    const tried = search(quick, (rate) => (rate <= 1_000 ? 'pass' : 'fail'));
    expect(tried.filter((each) => each.phase === 'refine').map((each) => each.rate)).toEqual([
      1_131, 951, 1_037,
    ]);
    expect(findTop(tried)).toMatchObject({ top: 951, high: 1_037 });
  });

  it('stops refining after the allowed steps', () => {
    const tried = search({ ...full, maxRefineSteps: 1 }, (rate) => (rate <= 1_700 ? 'pass' : 'fail'));
    expect(tried.at(-1)).toEqual({ rate: 1_653, phase: 'refine', outcome: 'pass' });
    expect(findTop(tried).high).toBe(2_025);
  });

  it('stops at the ramp steps allowed when every one passes, without refining', () => {
    const tried = search({ ...full, maxSteps: 3 }, () => 'pass');
    expect(tried.map((each) => each.rate)).toEqual([400, 600, 900]);
    expect(findTop(tried)).toMatchObject({ top: 900, bound: 'max-steps', high: Number.POSITIVE_INFINITY });
  });

  it('does not refine when the first rate does not pass', () => {
    const tried = search(full, () => 'fail');
    expect(tried).toEqual([{ rate: 400, phase: 'ramp', outcome: 'fail' }]);
    expect(findTop(tried)).toMatchObject({ top: undefined, bound: 'none', low: 0, high: 400 });
  });

  it('knows nothing of the top when the first rate was void', () => {
    const tried = search(full, () => 'void');
    expect(tried).toEqual([{ rate: 400, phase: 'ramp', outcome: 'void' }]);
    expect(findTop(tried)).toMatchObject({
      top: undefined,
      bound: 'none',
      low: 0,
      high: Number.POSITIVE_INFINITY,
    });
  });
});

describe('what bounds the top', () => {
  it('says the generator bounds a top whose next rate was void, and the system passes higher', () => {
    // A passes everything; the generator saturates from 5,500 msg/s.
    const tried = search(full, (rate) => (rate >= 5_500 ? 'void' : 'pass'));
    const finding = findTop(tried);
    expect(finding).toMatchObject({ top: 5_042, bound: 'generator', high: Number.POSITIVE_INFINITY });
    expect(finding.above).toMatchObject({ rate: 5_580, outcome: 'void' });
    expect(describeTop('A', finding)).toBe(
      'A top 5,042 msg/s is bounded by the generator, not A: the next rate tried, 5,580 msg/s, was void ' +
        "(the generator saturated), so A's own top is higher",
    );
  });

  it('keeps a failed rate above a void one as the upper end of a generator-bound top', () => {
    // As on a busy machine: 1,600 failed, 1,131 passed, the midpoints above it were void.
    const finding = findTop([
      { rate: 800, phase: 'ramp', outcome: 'pass' },
      { rate: 1_600, phase: 'ramp', outcome: 'fail' },
      { rate: 1_131, phase: 'refine', outcome: 'pass' },
      { rate: 1_345, phase: 'refine', outcome: 'void' },
      { rate: 1_233, phase: 'refine', outcome: 'void' },
    ]);
    expect(finding).toMatchObject({ top: 1_131, bound: 'generator', low: 1_131, high: 1_600 });
    expect(describeTop('A', finding)).toContain(
      "so A's own top is higher (and under 1,600 msg/s, which failed)",
    );
  });

  it('says the system bounds a top whose next rate failed, and how close the two are', () => {
    const finding = findTop([
      { rate: 1_350, phase: 'ramp', outcome: 'pass' },
      { rate: 2_025, phase: 'ramp', outcome: 'fail' },
      { rate: 1_653, phase: 'refine', outcome: 'pass' },
      { rate: 1_830, phase: 'refine', outcome: 'fail' },
    ]);
    expect(describeTop('B', finding)).toBe(
      "B top 1,653 msg/s: 1,830 msg/s failed, so B's own top is within 10.7 % above it",
    );
  });

  it('takes a failing midpoint below a void rate as the bound: the system, not the generator', () => {
    const finding = findTop([
      { rate: 4_556, phase: 'ramp', outcome: 'pass' },
      { rate: 6_834, phase: 'ramp', outcome: 'void' },
      { rate: 5_580, phase: 'refine', outcome: 'fail' },
    ]);
    expect(finding).toMatchObject({ top: 4_556, bound: 'failed', high: 5_580 });
  });

  it('says whether the generator saturated by its own work or waited for a core', () => {
    const base: RateTried[] = [{ rate: 4_556, phase: 'ramp', outcome: 'pass' }];
    const own = findTop([
      ...base,
      { rate: 6_834, phase: 'ramp', outcome: 'void', generator: { loopP99Ms: 4, cpuShare: 0.83 } },
    ]);
    expect(describeTop('A', own)).toMatch(/\(the generator used 83 % of its core\)$/);
    const waited = findTop([
      ...base,
      { rate: 6_834, phase: 'ramp', outcome: 'void', generator: { loopP99Ms: 19.8, cpuShare: 0.294 } },
    ]);
    expect(describeTop('A', waited)).toMatch(
      /\(its event loop p99 was 19\.8 ms at 29\.4 % CPU: other work on the machine delayed it\)$/,
    );
  });

  it('says which way no rate passed', () => {
    expect(describeTop('C', findTop([{ rate: 400, phase: 'ramp', outcome: 'void' }]))).toBe(
      'C: no rate passed (the first, 400 msg/s, was void: the generator saturated)',
    );
  });

  it('lists the rates as run', () => {
    expect(
      describeRates([
        { rate: 900, phase: 'ramp', outcome: 'pass', isRetry: false },
        { rate: 1_350, phase: 'ramp', outcome: 'fail', isRetry: false },
        { rate: 1_350, phase: 'ramp', outcome: 'fail', isRetry: true },
        { rate: 1_102, phase: 'refine', outcome: 'pass', isRetry: false },
      ]),
    ).toBe('900 pass, 1,350 fail, 1,350 fail (again), refine 1,102 pass');
  });
});

describe('ratios and half of A', () => {
  const a = findTop([
    { rate: 4_556, phase: 'ramp', outcome: 'pass' },
    { rate: 5_000, phase: 'refine', outcome: 'fail' },
  ]);
  const b = findTop([
    { rate: 3_000, phase: 'ramp', outcome: 'pass' },
    { rate: 3_300, phase: 'refine', outcome: 'fail' },
  ]);

  it('bounds B/A by both brackets', () => {
    expect(ratioRange(b, a)).toEqual({ low: 3_000 / 5_000, high: 3_300 / 4_556 });
  });

  it('has no upper bound on A when the generator bounded it: B/A can only be lower', () => {
    const aByGenerator = findTop([
      { rate: 4_556, phase: 'ramp', outcome: 'pass' },
      { rate: 6_834, phase: 'ramp', outcome: 'void' },
    ]);
    expect(ratioRange(b, aByGenerator)).toEqual({ low: 0, high: 3_300 / 4_556 });
  });

  it('reads the tails at half of the refined top of A, or half of its first rate when none passed', () => {
    expect(halfRate(a, 400)).toBe(2_278);
    expect(halfRate(findTop([{ rate: 400, phase: 'ramp', outcome: 'fail' }]), 400)).toBe(200);
    expect(halfRate(findTop([]), undefined)).toBeUndefined();
  });
});

describe('shortfall', () => {
  it('meets a higher-is-better goal at the goal, misses under it by how much', () => {
    expect(shortfall('B/A', 0.7, 0.7, true)).toBe('  met     B/A: 0.7 (goal ≥ 0.7)');
    expect(shortfall('B/A', 0.299, 0.7, true)).toBe(
      '  MISSED  B/A: 0.299, goal ≥ 0.7, missed by 0.401 (57.3 %)',
    );
  });

  it('meets a lower-is-better goal at the goal, misses over it', () => {
    expect(shortfall('ack p99', 20, 20, false, ' ms')).toContain('met');
    expect(shortfall('ack p99', 78.4, 20, false, ' ms')).toBe(
      '  MISSED  ack p99: 78.4 ms, goal ≤ 20 ms, missed by 58.4 ms (292 %)',
    );
  });

  it('misses a goal that was not measured', () => {
    expect(shortfall('B/A', Number.NaN, 0.7, true)).toBe('  MISSED  B/A: not measured, goal ≥ 0.7');
  });
});

describe('idleGoalLines', () => {
  const idle = (name: string, ...rssMiB: number[]) => ({ name, connections: 10_000, rssMiB });

  it('holds B, the compiled gateway, to the goal and prints A and B through tsx as information only', () => {
    const lines = idleGoalLines([idle('A', 260.5), idle('B', 240), idle('B-tsx', 283.3)], 250);
    expect(lines).toEqual([
      '  info    A RSS with 10000 idle connections (bare socket.io, for comparison): 260.5 MiB',
      '  met     B RSS with 10000 idle connections: 240 MiB (goal ≤ 250 MiB)',
      '  info    B-tsx RSS with 10000 idle connections (through tsx, not a goal): 283.3 MiB',
    ]);
  });

  it('misses B over the goal, by how much', () => {
    expect(idleGoalLines([idle('B', 262.5)], 250)).toEqual([
      '  MISSED  B RSS with 10000 idle connections: 262.5 MiB, goal ≤ 250 MiB, missed by 12.5 MiB (5 %)',
    ]);
  });

  it('prints a system of two nodes as information, and nothing for a system whose idle phase did not run', () => {
    expect(
      idleGoalLines([idle('C', 241.2, 239.8), { name: 'B-tsx', connections: 0, rssMiB: [] }], 250),
    ).toEqual(['  info    C RSS with 10000 idle connections over 2 nodes: 241.2 + 239.8 MiB']);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_DESCRIBED_ISSUES, describeIssues } from '../src/index.ts';

function issuesOf(schema: z.ZodType, value: unknown): z.core.$ZodIssue[] {
  const result = schema.safeParse(value);
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues;
}

describe('describeIssues', () => {
  it('names each issue by its path, and a root issue by its message alone', () => {
    expect(describeIssues(issuesOf(z.string(), 42))).toBe('Invalid input: expected string, received number');
    const schema = z.object({ to: z.array(z.number()), room: z.object({ id: z.number() }) });
    expect(describeIssues(issuesOf(schema, { to: ['a'], room: { id: 'x' } }))).toBe(
      'to.0: Invalid input: expected number, received string; room.id: Invalid input: expected number, received string',
    );
  });

  it('drops repeated lines and stops at the cap', () => {
    const repeated = [
      { path: ['a'], message: 'bad' },
      { path: ['a'], message: 'bad' },
      { path: [], message: 'worse' },
    ];
    expect(describeIssues(repeated)).toBe('a: bad; worse');
    const many = Array.from({ length: MAX_DESCRIBED_ISSUES + 3 }, (_, index) => ({
      path: [`field${index}`],
      message: 'missing',
    }));
    const line = describeIssues(many);
    expect(line.split('; ')).toHaveLength(MAX_DESCRIBED_ISSUES);
    expect(line.startsWith('field0: missing; field1: missing')).toBe(true);
  });

  it('writes symbol path segments as text instead of throwing', () => {
    expect(describeIssues([{ path: [Symbol('key'), 0], message: 'odd' }])).toBe('Symbol(key).0: odd');
  });
});

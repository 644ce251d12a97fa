import { describe, expect, it } from 'vitest';
import { GatewayCallError } from './gateway-call.ts';
import { shouldRetryRead } from './read-policy.ts';

describe('read policy', () => {
  it('asks a read again once after a failure without error_code', () => {
    const network = new TypeError('Failed to fetch');
    expect(shouldRetryRead(0, network)).toBe(true);
    expect(shouldRetryRead(1, network)).toBe(false);
  });

  it('does not ask again when the gateway answered with an error_code', () => {
    const answered = new GatewayCallError('Invalid or expired token.', {
      httpStatus: 401,
      error_code: '401.1',
    });
    expect(shouldRetryRead(0, answered)).toBe(false);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { startStubProvider, type StubProvider } from '../../test/stub-provider.ts';
import { callProcedure, startGateway, type RunningGateway } from '../../test/gateway.ts';

let provider: StubProvider | undefined;
let gateway: RunningGateway | undefined;
afterEach(async () => {
  await gateway?.close();
  await provider?.close();
});

async function setup(env: Record<string, string>): Promise<{ url: string; signins: () => number }> {
  provider = await startStubProvider((app) => {
    app.post('/api/v1/auth/signin', async (_request, reply) =>
      reply.code(401).send({ message: 'Wrong email or password.' }),
    );
    app.post('/api/v1/auth/password', async () => ({ message: 'Password reset e-mail sent.' }));
    app.get('/api/v1/auth/providers', async () => ({ providers: [], user_pass_login: true }));
  });
  gateway = await startGateway(provider.url, env);
  const stub = provider;
  return { url: gateway.url, signins: () => stub.hits.filter((hit) => hit.endsWith('/signin')).length };
}

const signin = (email: string) => ({ email, password: 'wrong', event_code: 'DEMO', frontend: 'visitor' });

describe('credential rate limits', () => {
  it('answers 429 with Retry-After once an account is over its limit, without asking the provider', async () => {
    const { url, signins } = await setup({
      RATE_LIMIT_AUTH_PER_ACCOUNT: '3',
      RATE_LIMIT_AUTH_PER_IP: '100',
      RATE_LIMIT_WINDOW_MS: '60000',
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await callProcedure(url, 'auth.signin', signin('ada@demo.test'));
      expect(answer.status).toBe(401);
      expect(answer.error?.message).toBe('Wrong email or password.');
    }
    const limited = await callProcedure(url, 'auth.signin', signin(' ADA@demo.test '));
    expect(limited.status).toBe(429);
    expect(limited.error?.data.code).toBe('TOO_MANY_REQUESTS');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(signins()).toBe(3);
    // Another account from the same address still gets through.
    expect((await callProcedure(url, 'auth.signin', signin('bob@demo.test'))).status).toBe(401);
  });

  it('limits a client address across accounts and across sign-in and password calls', async () => {
    const { url } = await setup({ RATE_LIMIT_AUTH_PER_ACCOUNT: '100', RATE_LIMIT_AUTH_PER_IP: '3' });
    expect((await callProcedure(url, 'auth.signin', signin('a@demo.test'))).status).toBe(401);
    expect((await callProcedure(url, 'auth.signin', signin('b@demo.test'))).status).toBe(401);
    const reset = await callProcedure(url, 'auth.password', {
      type: 'reset',
      username: 'c@demo.test',
      event_code: 'DEMO',
    });
    expect(reset.status).toBe(200);
    const limited = await callProcedure(url, 'auth.password', {
      type: 'reset',
      username: 'd@demo.test',
      event_code: 'DEMO',
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('does not limit other procedures', async () => {
    const { url } = await setup({ RATE_LIMIT_AUTH_PER_IP: '1' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await callProcedure(url, 'auth.providers', { frontend: 'visitor', event_code: 'DEMO' });
      expect(answer.status).toBe(200);
    }
  });
});

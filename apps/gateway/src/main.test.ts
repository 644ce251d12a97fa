import { afterEach, describe, expect, it } from 'vitest';
import { startStubProvider, type StubProvider } from '../test/stub-provider.ts';
import { listeningUrl, spawnGateway, type SpawnedGateway } from '../test/spawn.ts';

const spawned: SpawnedGateway[] = [];
let provider: StubProvider | undefined;
afterEach(async () => {
  for (const child of spawned.splice(0)) if (child.child.exitCode === null) child.child.kill('SIGKILL');
  await provider?.close();
  provider = undefined;
});

describe('main.ts', () => {
  it('stops with one message naming every bad variable', async () => {
    const gateway = spawnGateway({
      PORT: 'eighty',
      PROVIDER_URL: 'nope',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'test',
    });
    spawned.push(gateway);
    expect(await gateway.exited).toBe(1);
    const message = gateway.stderr();
    expect(message).toContain('Invalid gateway environment');
    for (const name of ['PORT', 'PROVIDER_URL', 'LOG_LEVEL']) expect(message).toContain(name);
    expect(message).not.toMatch(/\n\s+at /);
  });

  it('refuses to start in production without PROVIDER_URL', async () => {
    const gateway = spawnGateway({ NODE_ENV: 'production', PORT: '0' });
    spawned.push(gateway);
    expect(await gateway.exited).toBe(1);
    expect(gateway.stderr()).toContain('PROVIDER_URL: is required in production');
  });

  it('drains an in-flight request on SIGTERM, then exits 0 and refuses new connections', async () => {
    let release: () => void = () => {};
    const arrived = new Promise<void>((resolveArrived) => {
      void startStubProvider((app) => {
        app.get('/api/v1/auth/providers', async () => {
          resolveArrived();
          await new Promise<void>((resolve) => (release = resolve));
          return { providers: [], user_pass_login: false };
        });
      }).then((started) => (provider = started));
    });
    while (!provider) await new Promise((resolve) => setTimeout(resolve, 20));
    const gateway = spawnGateway({
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      PROVIDER_URL: provider.url,
      LOG_LEVEL: 'info',
    });
    spawned.push(gateway);
    const url = await listeningUrl(gateway);

    const input = encodeURIComponent(JSON.stringify({ frontend: 'visitor', event_code: 'DEMO' }));
    const inFlight = fetch(`${url}/trpc/auth.providers?input=${input}`).then(async (response) => ({
      status: response.status,
      body: (await response.json()) as { result?: { data: unknown } },
    }));
    await arrived;
    gateway.child.kill('SIGTERM');
    // The process must still be up, serving the request it accepted.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(gateway.child.exitCode).toBeNull();
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
    release();

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.body.result?.data).toEqual({ providers: [], user_pass_login: false });
    expect(await gateway.exited).toBe(0);
    expect(gateway.stdout()).toContain('draining in-flight requests');
  });
});

/**
 * A packet refused as it arrives, over the connection's emit rate (dispatch.ts `refuseLimited`), is settled as
 * every other packet: acked with the refusal, counted under its reason, and its ack latency observed under its
 * topic. The figures are read on /metrics of a gateway of its own, so nothing else adds to them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_ERRORS } from '@showfloor/contracts';
import { startStubProvider, type StubProvider } from '../../test/stub-provider.ts';
import { startGateway, type RunningGateway } from '../../test/gateway.ts';
import { connectAs, type TestClient } from './testing/clients.ts';

let provider: StubProvider;
let gateway: RunningGateway;
let tab: TestClient | undefined;

beforeAll(async () => {
  provider = await startStubProvider();
  gateway = await startGateway(provider.url, { RELAY_EMITS_PER_SECOND: '1', RELAY_EMIT_BURST: '5' });
});
afterAll(async () => {
  tab?.close();
  await gateway?.close();
  await provider?.close();
});

/** The value of one series on /metrics, or undefined when it is not there. */
function series(metrics: string, name: string): number | undefined {
  const line = metrics.split('\n').find((each) => each.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

describe('the refusal of a packet over the connection rate', () => {
  it('is acked, counted as rate_limited and its ack latency observed under its topic', async () => {
    tab = await connectAs(gateway.url, { token: await provider.sign({ sub: '61' }), userId: 61 });
    const emits = 8;
    const answers = await Promise.all(
      Array.from({ length: emits }, () =>
        tab!.request<{ statusCode: number; message?: string }>('user_status_changes', {
          user_id: 61,
          user_status: 'busy',
        }),
      ),
    );
    const refused = answers.filter((answer) => answer.message === RELAY_ERRORS.RATE_LIMITED).length;
    // A burst of 5 and 1 more a second: 3 refused unless the host took seconds (fewer refused in a row than the
    // burst: the connection is not cut as abusive).
    expect(refused).toBeGreaterThanOrEqual(1);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(emits - refused);

    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(series(metrics, 'relay_rejections_total{reason="rate_limited"}')).toBe(refused);
    expect(series(metrics, 'relay_emits_total{topic="user_status_changes"}')).toBe(emits);
    expect(series(metrics, 'relay_ack_latency_seconds_count{topic="user_status_changes"}')).toBe(emits);
  });
});

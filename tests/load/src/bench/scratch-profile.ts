import { Scenario } from '../scenario.ts';
import { Ledger } from '../ledger.ts';
import { startScript, startGatewayNode, startRedis } from './processes.ts';
import { benchKeys } from './tokens.ts';
import { resolve } from 'node:path';

const mode = process.argv[2] ?? 'B';
const rate = Number(process.argv[3] ?? 800);
const keys = benchKeys('DEMO');
const users = Array.from({ length: 600 }, (_, i) => ({ userId: i + 1, token: keys.tokenFor(i + 1) }));
if (mode === 'A') {
  const bare = await startScript('bare', { core: 0, cwd: process.cwd(), script: 'src/bench/servers/bare.ts', args: ['0', 'DEMO'], nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] });
  const sa = new Scenario({ urls: [`http://127.0.0.1:${bare.port}`], users, eventCode: 'DEMO', roomIds: Array.from({ length: 30 }, (_, i) => i + 1) });
  await sa.connect(); sa.ledger = new Ledger(); sa.start(rate);
  await new Promise((r) => setTimeout(r, 10000)); sa.stop(); await new Promise((r) => setTimeout(r, 1500));
  console.log(JSON.stringify({ totals: sa.ledger.totals(), ack: sa.ledger.ack.summary() }));
  sa.close(); await bare.stop(); process.exit(0);
}
const provider = await startScript('provider', { core: 1, cwd: process.cwd(), script: 'src/bench/servers/instant-provider.ts', args: ['0', 'DEMO', '600', JSON.stringify(keys.jwk)] });
const redis = mode === 'C' ? await startRedis(1) : undefined;
const env = { NODE_ENV: 'production', PROVIDER_URL: `http://127.0.0.1:${provider.port}`, LOG_LEVEL: 'warn', RELAY_EMITS_PER_SECOND: '10000', RELAY_EMIT_BURST: '20000', ...(redis ? { REDIS_URL: `redis://127.0.0.1:${redis.port}` } : {}) };
const gw = resolve(process.cwd(), '../../apps/gateway');
const nodes = mode === 'C' ? [await startGatewayNode('g1', { core: 0, cwd: gw, env, nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] }), await startGatewayNode('g2', { core: 0, cwd: gw, env, nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] })] : [await startGatewayNode('g1', { core: 0, cwd: gw, env, nodeArgs: ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] })];
const s = new Scenario({ urls: nodes.map((n) => `http://127.0.0.1:${n.port}`), users, eventCode: 'DEMO', roomIds: Array.from({ length: 30 }, (_, i) => i + 1) });
await s.connect();
s.ledger = new Ledger();
s.start(rate);
await new Promise((r) => setTimeout(r, 10000));
s.stop();
await new Promise((r) => setTimeout(r, 1500));
console.log(JSON.stringify({ totals: s.ledger.totals(), ack: s.ledger.ack.summary(), delivery: s.ledger.delivery.summary() }));
for (const n of nodes) {
  const text = await (await fetch(`http://127.0.0.1:${n.port}/metrics`)).text();
  console.log(text.split('\n').filter((l) => /relay_ack_latency_seconds_bucket\{.*topic="chat"|provider_call_duration_seconds_bucket\{.*sendMessage|relay_delivery_latency_seconds_bucket\{.*chat|nodejs_gc_duration_seconds_(sum|count)|nodejs_eventloop_lag_p99/.test(l)).join('\n'));
}
s.close();
for (const n of nodes) await n.stop();
await provider.stop();
await redis?.stop();
process.exit(0);

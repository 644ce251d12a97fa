import { LiteSocket } from '../lite-socket.ts';
import { startScript, startGatewayNode } from './processes.ts';
import { benchKeys } from './tokens.ts';
import { resolve } from 'node:path';
const n = Number(process.argv[2] ?? 5000);
const extra = process.argv.slice(3);
const keys = benchKeys('DEMO');
const provider = await startScript('provider', { core: 1, cwd: process.cwd(), script: 'src/bench/servers/instant-provider.ts', args: ['0', 'DEMO', String(n), JSON.stringify(keys.jwk)] });
const env = { NODE_ENV: 'production', PROVIDER_URL: `http://127.0.0.1:${provider.port}`, LOG_LEVEL: 'warn', RELAY_MAX_CONNECTIONS: '20000' };
const node = await startGatewayNode('g1', { core: 0, cwd: resolve(process.cwd(), '../../apps/gateway'), env, nodeArgs: extra });
const mem = async (label: string) => {
  const text = await (await fetch(`http://127.0.0.1:${node.port}/metrics`)).text();
  const pick = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 0) / 1048576);
  console.log(label, 'rss', node.rssMiB(), 'heapUsed', pick('nodejs_heap_size_used_bytes'), 'heapTotal', pick('nodejs_heap_size_total_bytes'), 'external', pick('nodejs_external_memory_bytes'));
};
await mem('baseline');
const sockets: LiteSocket[] = [];
let next = 0;
await Promise.all(Array.from({ length: 100 }, async () => {
  while (next < n) {
    const i = ++next;
    const s = new LiteSocket({ url: `http://127.0.0.1:${node.port}`, query: { frontend: 'visitor', userId: String(i) }, auth: { token: keys.tokenFor(i) }, reconnect: false });
    sockets.push(s);
    await s.connect(30000);
  }
}));
await new Promise((r) => setTimeout(r, 3000));
await mem(`${n} idle`);

for (const s of sockets) s.close();
await node.stop(); await provider.stop();
process.exit(0);

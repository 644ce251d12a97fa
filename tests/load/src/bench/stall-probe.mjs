// @ts-check
/**
 * Stall probe: what held a process's event loop up, and when, for reading a latency tail against the loop
 * stalls, collections and scheduler waits that made it (tests/load/README.md, "Reading a latency tail").
 * Plain JavaScript so `node dist/main.js` can load it with no loader: every node process of a bench run loads it
 * through `NODE_OPTIONS=--import=<this file>` and, while `STALL_PROBE_DIR` is set, appends JSON lines to
 * `<dir>/<script>-<pid>.jsonl` once a second (timestamps are epoch ms, so processes line up):
 *
 * - `win`: a window (`t` to `t + d`: 100 ms from the last reading, and the lag that held this one up) whose
 *   longest event-loop delay (perf_hooks, 5 ms resolution, the resolution taken off) passed 3 ms: `lag`, and the main thread's time on a core (`run`) and waiting for one (`wait`, from
 *   /proc/thread-self/schedstat: a runnable thread the scheduler kept off the core) and the whole process's
 *   CPU (`cpu`, every thread: more than `run` is the process's other threads, V8's collector helpers among them);
 * - `gc`: a collection over 2 ms (`kind` 1 scavenge, 4 mark-compact, 8 incremental marking step; `flags` 4 =
 *   forced, e.g. the gateway's idle collection);
 * - `call`: an outgoing undici request (the gateway's provider calls) slower than 5 ms, from request to headers;
 * - `ack` / `delivery`: a generator's ack or delivery slower than 10 ms, at its send time (`globalThis.
 *   __stallProbe`, which ledger.ts calls when it is there);
 * - `sec`: each second, the longest lag, collections (count, total and longest ms), CPU and heap in use.
 *
 * Costs a timer every 5 and every 100 ms and a /proc read per 100 ms: run it to find a tail, not for the figures.
 */
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import diagnostics from 'node:diagnostics_channel';
import { getHeapStatistics } from 'node:v8';
import { basename, dirname } from 'node:path';

const dir = process.env.STALL_PROBE_DIR;
if (dir) start(dir);

/** @param {string} dir */
function start(dir) {
  mkdirSync(dir, { recursive: true });
  const script = process.argv[1] ?? 'node';
  const file = `${dir}/${basename(dirname(script))}_${basename(script)}-${process.pid}.jsonl`;
  const origin = performance.timeOrigin;
  /** @type {string[]} */
  let lines = [];
  /** @param {Record<string, unknown>} record */
  const out = (record) => lines.push(JSON.stringify(record));
  const flush = () => {
    if (lines.length === 0) return;
    appendFileSync(file, lines.join('\n') + '\n');
    lines = [];
  };

  const RESOLUTION_MS = 5;
  const delay = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delay.enable();
  /** The main thread's ns on a core and waiting for one (0 where /proc has no schedstat). */
  const schedstat = () => {
    try {
      const [run = 0, wait = 0] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
      return { run, wait };
    } catch {
      return { run: 0, wait: 0 };
    }
  };
  let lastSched = schedstat();
  let lastCpu = process.cpuUsage();
  // A window runs from one reading to the next: 100 ms and the lag that held the next reading up.
  let lastAt = Date.now();
  let second = { lag: 0, gcCount: 0, gcMs: 0, gcMax: 0, cpu: 0 };
  let ticks = 0;
  const timer = setInterval(() => {
    const at = Date.now();
    const lag = Math.max(0, delay.max / 1e6 - RESOLUTION_MS);
    delay.reset();
    const sched = schedstat();
    const cpu = process.cpuUsage(lastCpu);
    lastCpu = process.cpuUsage();
    const cpuMs = (cpu.user + cpu.system) / 1000;
    second.cpu += cpuMs;
    if (lag > second.lag) second.lag = lag;
    if (lag > 3)
      out({
        k: 'win',
        t: lastAt,
        d: at - lastAt,
        lag: round(lag),
        run: round((sched.run - lastSched.run) / 1e6),
        wait: round((sched.wait - lastSched.wait) / 1e6),
        cpu: round(cpuMs),
      });
    lastSched = sched;
    lastAt = at;
    if (++ticks % 10 === 0) {
      out({
        k: 'sec',
        t: Date.now(),
        lag: round(second.lag),
        gcCount: second.gcCount,
        gcMs: round(second.gcMs),
        gcMax: round(second.gcMax),
        cpu: round(second.cpu),
        heapMiB: round(getHeapStatistics().used_heap_size / 1048576),
      });
      second = { lag: 0, gcCount: 0, gcMs: 0, gcMax: 0, cpu: 0 };
      flush();
    }
  }, 100);
  timer.unref();

  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      second.gcCount += 1;
      second.gcMs += entry.duration;
      if (entry.duration > second.gcMax) second.gcMax = entry.duration;
      const detail = /** @type {{ kind?: number, flags?: number } | undefined} */ (
        /** @type {{ detail?: unknown }} */ (entry).detail
      );
      if (entry.duration > 2)
        out({
          k: 'gc',
          t: Math.round(origin + entry.startTime),
          d: round(entry.duration),
          kind: detail?.kind,
          flags: detail?.flags,
        });
    }
  }).observe({ entryTypes: ['gc'] });

  /** @type {WeakMap<object, number>} */
  const started = new WeakMap();
  diagnostics.subscribe('undici:request:create', (message) => {
    const { request } = /** @type {{ request: object }} */ (message);
    started.set(request, performance.now());
  });
  diagnostics.subscribe('undici:request:headers', (message) => {
    const { request } = /** @type {{ request: { path?: string } }} */ (message);
    const at = started.get(request);
    if (at === undefined) return;
    const ms = performance.now() - at;
    if (ms > 5)
      out({ k: 'call', t: Math.round(origin + at), d: round(ms), path: request.path?.slice(0, 48) });
  });

  /** @type {{ slow(kind: 'ack' | 'delivery', sentAt: number, ms: number): void }} */
  const probe = {
    slow(kind, sentAt, ms) {
      if (ms > 10) out({ k: kind, t: Math.round(origin + sentAt), d: round(ms) });
    },
  };
  Object.assign(globalThis, { __stallProbe: probe });
  process.on('exit', flush);
}

/** @param {number} value */
function round(value) {
  return Math.round(value * 10) / 10;
}

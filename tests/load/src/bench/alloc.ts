/**
 * Bytes allocated per message, for `relay-cpu.ts --alloc` (issue 17: B's latency tail is its scavenges, and
 * they follow the bytes a message allocates). A server runs with `--inspect` on a spare loopback port; over the
 * inspector protocol the bench starts V8's sampling heap profiler with the objects the collector has freed kept
 * in (`includeObjectsCollectedByMinorGC` / `MajorGC`: without them the profile only holds what is still alive
 * when it stops), and counts the server's collections with a PerformanceObserver on `gc` entries. Bytes and
 * counts do not depend on how busy the machine is, unlike times.
 *
 * The sampled profile estimates every byte allocated (V8 scales each sample by its sampling odds); with a
 * sample every 1 KiB on average, a figure of a few hundred KB per run is good to a few per cent.
 */
import { once } from 'node:events';
import WebSocket from 'ws';

/** A call frame of V8's sampling heap profile (the inspector protocol's `Runtime.CallFrame`). */
export interface ProfileFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/** A node of the sampled allocation tree: bytes allocated by this frame itself, children called from it. */
export interface ProfileNode {
  callFrame: ProfileFrame;
  selfSize: number;
  children: ProfileNode[];
}

export interface HeapProfile {
  head: ProfileNode;
}

/** Collections during one measured window (PerformanceObserver `gc` entries by kind). */
export interface GcCounts {
  /** Scavenges (young generation). */
  minor: number;
  /** Mark-compacts (full). */
  major: number;
  /** Incremental marking steps and weak callbacks. */
  other: number;
}

/** One function's bytes: `self` allocated in its own frame, `total` in it and everything it called. */
export interface FunctionBytes {
  key: string;
  /** The script's URL ('' for V8's own frames and generated code). */
  url: string;
  self: number;
  total: number;
}

/**
 * Which code a script belongs to: an npm package (its name, from pnpm's `node_modules/.pnpm/<name>@<version>`
 * folders), `node` (node's own `node:` modules), or the application (`app`: the gateway's bundle, the bench's
 * servers). Frames without a URL (V8 builtins, code generated with `new Function`, e.g. zod's parsers) belong to
 * the nearest caller that has one: `owner` is that caller's.
 */
export function packageOf(url: string, owner = '(V8)'): string {
  if (!url) return owner;
  if (url.startsWith('node:')) return 'node';
  const pnpm = /\/node_modules\/\.pnpm\/(@[^+/]+\+[^@/]+|[^@/]+)@/.exec(url);
  if (pnpm) return (pnpm[1] as string).replace('+', '/');
  const plain = /\/node_modules\/(@[^/]+\/[^/]+|[^/]+)\//.exec(url);
  if (plain) return plain[1] as string;
  return 'app';
}

/** How a frame is named in the report: `name (file:line)`, the file by its last two path parts. */
export function frameKey(frame: ProfileFrame): string {
  const name = frame.functionName || '(anonymous)';
  if (!frame.url) return name;
  const file = frame.url
    .replace(/^file:\/\//, '')
    .split('/')
    .slice(-2)
    .join('/');
  return `${name} (${file}:${frame.lineNumber + 1})`;
}

/**
 * Every function's self and total bytes in a profile. A function met twice on one path (recursion, or the same
 * helper under itself) counts its subtree once in its total.
 */
export function bytesByFunction(profile: HeapProfile): {
  total: number;
  functions: FunctionBytes[];
  /** Bytes allocated by each package's frames (see {@link packageOf}). */
  packages: Map<string, number>;
} {
  const byKey = new Map<string, FunctionBytes>();
  const packages = new Map<string, number>();
  const entry = (key: string, url: string): FunctionBytes => {
    let found = byKey.get(key);
    if (!found) {
      found = { key, url, self: 0, total: 0 };
      byKey.set(key, found);
    }
    return found;
  };
  const onPath = new Map<string, number>();
  // Returns the subtree's bytes; adds them to the node's function unless that function is further up the path.
  const walk = (node: ProfileNode, owner: string): number => {
    const key = frameKey(node.callFrame);
    const depth = onPath.get(key) ?? 0;
    const pkg = packageOf(node.callFrame.url, owner);
    if (node.selfSize > 0) packages.set(pkg, (packages.get(pkg) ?? 0) + node.selfSize);
    onPath.set(key, depth + 1);
    let subtree = node.selfSize;
    for (const child of node.children) subtree += walk(child, pkg);
    onPath.set(key, depth);
    const bytes = entry(key, node.callFrame.url);
    bytes.self += node.selfSize;
    if (depth === 0) bytes.total += subtree;
    return subtree;
  };
  const total = walk(profile.head, '(V8)');
  // The root is V8's synthetic '(root)': not a function.
  byKey.delete(frameKey(profile.head.callFrame));
  return { total, functions: [...byKey.values()], packages };
}

/** The `count` largest by `by`, largest first. */
export function topFunctions(
  functions: readonly FunctionBytes[],
  by: 'self' | 'total',
  count: number,
  include: (bytes: FunctionBytes) => boolean = () => true,
): FunctionBytes[] {
  return functions
    .filter((bytes) => include(bytes) && bytes[by] > 0)
    .sort((a, b) => b[by] - a[by])
    .slice(0, count);
}

/** What `stop` answers: the profile and the collections since `start`. */
export interface AllocWindow {
  profile: HeapProfile;
  gc: GcCounts;
}

/**
 * Installs (once) a PerformanceObserver counting this process's collections by kind on `globalThis`, and answers
 * the counts so far. perf_hooks' kinds: 1 minor (scavenge), 4 major (mark-compact), 8 incremental, 16 weak
 * callbacks. Runs inside the server through `Runtime.evaluate`; the observer's entries arrive a tick late,
 * hence the short wait before reading.
 */
const GC_COUNTS_EXPRESSION = `(async () => {
  const key = Symbol.for('showfloor.bench.gcCounts');
  if (!globalThis[key]) {
    const counts = { minor: 0, major: 0, other: 0 };
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const kind = entry.detail?.kind ?? entry.kind;
        if (kind === 1) counts.minor += 1;
        else if (kind === 4) counts.major += 1;
        else counts.other += 1;
      }
    });
    observer.observe({ entryTypes: ['gc'] });
    globalThis[key] = counts;
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { ...globalThis[key] };
})()`;

/** An inspector-protocol session with a server started with `--inspect=127.0.0.1:<port>`. */
export class AllocProbe {
  #nextId = 1;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  #gcAtStart: GcCounts | undefined;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data: Buffer) => {
      const message = JSON.parse(data.toString()) as {
        id?: number;
        result?: unknown;
        error?: { message: string };
      };
      if (message.id === undefined) return;
      const waiting = this.#pending.get(message.id);
      if (!waiting) return;
      this.#pending.delete(message.id);
      if (message.error) waiting.reject(new Error(message.error.message));
      else waiting.resolve(message.result);
    });
  }

  /** Connects to the inspector on `port` (retried until it listens, up to `timeoutMs`). */
  static async open(port: number, timeoutMs = 10_000): Promise<AllocProbe> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
          webSocketDebuggerUrl?: string;
        }>;
        const url = targets[0]?.webSocketDebuggerUrl;
        if (!url) throw new Error('no inspector target');
        const socket = new WebSocket(url, { maxPayload: 1024 * 1024 * 1024 });
        await once(socket, 'open');
        const probe = new AllocProbe(socket);
        await probe.#gcCounts();
        return probe;
      } catch (error) {
        if (Date.now() > deadline) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  #send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.socket.send(JSON.stringify({ id, method, params }));
    });
  }

  async #gcCounts(): Promise<GcCounts> {
    const answer = await this.#send<{ result: { value: GcCounts }; exceptionDetails?: unknown }>(
      'Runtime.evaluate',
      { expression: GC_COUNTS_EXPRESSION, awaitPromise: true, returnByValue: true },
    );
    if (answer.exceptionDetails) throw new Error(`gc counter: ${JSON.stringify(answer.exceptionDetails)}`);
    return answer.result.value;
  }

  /** Starts sampling: a sample every `sampleBytes` on average, freed objects kept in the profile. */
  async start(sampleBytes: number): Promise<void> {
    this.#gcAtStart = await this.#gcCounts();
    await this.#send('HeapProfiler.startSampling', {
      samplingInterval: sampleBytes,
      includeObjectsCollectedByMinorGC: true,
      includeObjectsCollectedByMajorGC: true,
    });
  }

  /** Stops sampling: the profile and the collections since `start`. */
  async stop(): Promise<AllocWindow> {
    const { profile } = await this.#send<{ profile: HeapProfile }>('HeapProfiler.stopSampling');
    const after = await this.#gcCounts();
    const before = this.#gcAtStart ?? { minor: 0, major: 0, other: 0 };
    return {
      profile,
      gc: {
        minor: after.minor - before.minor,
        major: after.major - before.major,
        other: after.other - before.other,
      },
    };
  }

  close(): void {
    this.socket.close();
  }
}

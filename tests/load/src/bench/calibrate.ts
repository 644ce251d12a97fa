/**
 * Generator calibration against a trivial ws echo server: how many frames per second (sent plus received)
 * this process can drive before its own event loop (p99 ≥ 10 ms) or CPU (≥ 80 %) gives out. Relay steps
 * beyond that would measure the generator, not the server.
 */
import WebSocket from 'ws';
import { GeneratorWatch, type GeneratorHealth } from '../generator.ts';
import { Latency } from '../latency.ts';
import { PoissonClock } from '../poisson.ts';

export interface CalibrationStep {
  sendsPerSecond: number;
  framesPerSecond: number;
  echoP99Ms: number;
  generator: GeneratorHealth;
}

export interface Calibration {
  steps: CalibrationStep[];
  /** Highest healthy frames per second (sent + received). */
  ceilingFramesPerSecond: number;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function calibrate(options: {
  url: string;
  sockets: number;
  measureMs: number;
  startRate: number;
  maxSteps: number;
}): Promise<Calibration> {
  const sockets: WebSocket[] = [];
  const latency = new Latency();
  let received = 0;
  for (let index = 0; index < options.sockets; index += 1) {
    const socket = new WebSocket(options.url, { perMessageDeflate: false });
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as { t: number };
      received += 1;
      latency.record(performance.now() - frame.t);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    sockets.push(socket);
  }
  const padding = 'x'.repeat(160);
  const steps: CalibrationStep[] = [];
  let ceiling = 0;
  let rate = options.startRate;
  try {
    for (let step = 0; step < options.maxSteps; step += 1) {
      const clock = new PoissonClock(rate, () => {
        const socket = sockets[Math.floor(Math.random() * sockets.length)];
        socket?.send(`{"t":${performance.now()},"m":"${padding}"}`);
      });
      clock.start();
      await sleep(Math.min(2_000, options.measureMs / 2));
      latency.reset();
      received = 0;
      const watch = new GeneratorWatch();
      watch.start();
      const sentBefore = clock.fired;
      const started = performance.now();
      await sleep(options.measureMs);
      const seconds = (performance.now() - started) / 1000;
      const generator = watch.stop();
      const sent = clock.fired - sentBefore;
      clock.stop();
      const framesPerSecond = Math.round((sent + received) / seconds);
      steps.push({ sendsPerSecond: rate, framesPerSecond, echoP99Ms: latency.percentile(99), generator });
      if (generator.isSaturated) break;
      ceiling = framesPerSecond;
      rate *= 2;
      await sleep(500);
    }
  } finally {
    for (const socket of sockets) socket.close();
  }
  return { steps, ceilingFramesPerSecond: ceiling };
}

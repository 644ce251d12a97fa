/**
 * Starts the gateway: env -> buildApp() -> listen, and drains on SIGTERM/SIGINT (stop accepting, finish
 * in-flight requests, close the relay and provider connections). The only process.exit of the gateway.
 */
import { parseEnv, type Env } from './config/env.ts';
import { buildApp } from './app.ts';
import { IDLE_GC_DEFAULTS, startIdleGc } from './runtime/idle-gc.ts';
import { startHelperPriority } from './runtime/helper-priority.ts';

async function main(): Promise<void> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }

  const app = await buildApp(env);
  // Idle-time collections (runtime/idle-gc.ts) here, not in buildApp: tests build many apps in one process.
  const stopIdleGc =
    env.IDLE_GC_QUIET_MS > 0
      ? startIdleGc(
          app.gatewayDeps.activity,
          { ...IDLE_GC_DEFAULTS, quietMs: env.IDLE_GC_QUIET_MS },
          ({ pauseMs, beforeBytes, afterBytes }) => {
            app.gatewayDeps.metrics.idleCollections.observe(pauseMs / 1000);
            app.log.debug({ pauseMs, beforeBytes, afterBytes }, 'idle garbage collection');
          },
        )
      : undefined;
  if (env.IDLE_GC_QUIET_MS > 0 && !stopIdleGc) app.log.warn('idle garbage collection unavailable');
  // The event loop before V8's and libuv's helper threads on a shared core (runtime/helper-priority.ts).
  const stopHelperPriority =
    env.HELPER_THREADS_NICE > 0 ? startHelperPriority(env.HELPER_THREADS_NICE) : undefined;
  let isClosing = false;
  const shutdown = (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    stopIdleGc?.();
    stopHelperPriority?.();
    app.log.info({ signal, graceMs: env.SHUTDOWN_GRACE_MS }, 'shutting down: draining in-flight requests');
    const force = setTimeout(() => {
      app.log.warn('shutdown grace period over: closing remaining connections');
      app.server.closeAllConnections();
      process.exit(1);
    }, env.SHUTDOWN_GRACE_MS);
    app
      .close()
      .then(() => {
        clearTimeout(force);
        app.log.info('gateway stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      });
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled promise rejection');
  });

  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});

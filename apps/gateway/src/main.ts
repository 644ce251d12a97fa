/**
 * Starts the gateway: env -> buildApp() -> listen, and drains on SIGTERM/SIGINT (stop accepting, finish
 * in-flight requests, close the relay and provider connections). The only process.exit of the gateway.
 */
import { parseEnv, type Env } from './config/env.ts';
import { buildApp } from './app.ts';

async function main(): Promise<void> {
  let env: Env;
  try {
    env = parseEnv();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }

  const app = await buildApp(env);
  let isClosing = false;
  const shutdown = (signal: string) => {
    if (isClosing) return;
    isClosing = true;
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

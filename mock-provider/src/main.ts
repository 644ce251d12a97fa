/**
 * Starts the mock provider alone: env -> buildProvider() -> listen. The only process.exit of this service.
 */
import { loadEnv } from './config/env.ts';
import { buildProvider } from './app.ts';

async function main(): Promise<void> {
  const env = loadEnv();
  const app = buildProvider({
    logger: { level: env.LOG_LEVEL },
    admin: env.MOCK_PROVIDER_ADMIN,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
  });
  const close = async (signal: string) => {
    app.log.info({ signal }, 'mock provider shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/**
 * Starts the mock provider alone: env -> buildProvider() -> listen. With MOCK_PROVIDER_STATE_FILE the state
 * comes from that file and goes back to it on SIGTERM/SIGINT. The only process.exit of this service.
 */
import { loadEnv } from './config/env.ts';
import { buildProvider } from './app.ts';
import { loadSnapshot, saveSnapshot } from './store/snapshot.ts';

async function main(): Promise<void> {
  const env = loadEnv();
  const stateFile = env.MOCK_PROVIDER_STATE_FILE;
  const restore = stateFile ? loadSnapshot(stateFile) : undefined;
  const app = buildProvider({
    logger: { level: env.LOG_LEVEL },
    demo: env.MOCK_PROVIDER_DEMO,
    ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
    ...(restore ? { restore } : {}),
    roomsUrl: env.DEMO_ROOMS_URL ?? `http://127.0.0.1:${env.PORT}`,
    appOrigins: env.DEMO_ROOMS_APP_ORIGINS,
    ...(env.CALL_WIDGET_TOKEN_SECRET ? { callTokenSecret: env.CALL_WIDGET_TOKEN_SECRET } : {}),
  });
  if (restore) app.log.info({ stateFile, savedAt: restore.savedAt }, 'state restored');
  if (env.MOCK_PROVIDER_DEMO)
    app.log.warn(
      'demo mode: the stand-in SSO identity page, POST /__admin/reset, GET /__admin/room-entries and GET /__admin/help-requests are served',
    );
  const close = async (signal: string) => {
    app.log.info({ signal }, 'mock provider shutting down');
    await app.close();
    if (stateFile) {
      saveSnapshot(stateFile, app.mockProvider.snapshot());
      app.log.info({ stateFile }, 'state saved');
    }
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

import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import { parseWebEnv } from './src/config/env-schema.ts';
// The config runs in Node, which cannot load the contracts' TypeScript through the package: these three modules
// have no runtime imports, so the config bundles them by path.
import { STORAGE_KEYS } from '../../packages/contracts/src/constants.ts';
import { callPath } from '../../packages/contracts/src/catalogue/types.ts';
import { URL_CALLS } from '../../packages/contracts/src/catalogue/url-calls.ts';
import { bootShellPlugin } from './vite-plugin-boot-shell.ts';
import { loginRouteSizePlugin } from './vite-plugin-login-size.ts';

// The dev server proxies everything the app talks to (tRPC, the socket, proxied files) to one gateway, so the
// browser sees a single origin, exactly as with `pnpm start`. GATEWAY_URL is set by scripts/start.mjs --dev.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig(({ mode }) => {
  // The VITE_* configuration, checked here so that a bad value stops the build (see src/config/env-schema.ts).
  const webEnv = parseWebEnv(loadEnv(mode, import.meta.dirname, 'VITE_'));
  return {
    define: { __SHOWFLOOR_WEB_ENV__: JSON.stringify(webEnv) },
    plugins: [
      react(),
      // index.html's static first screen shows the poster at the URL lib/api/files.ts posterUrl builds.
      bootShellPlugin(
        `${webEnv.VITE_GATEWAY_URL.replace(/\/$/, '')}${callPath(URL_CALLS.content.getPoster)}`,
        STORAGE_KEYS.EVENT_CODE,
      ),
      loginRouteSizePlugin([
        'src/features/auth/components/auth-layout.tsx',
        'src/features/auth/routes/login-page.tsx',
      ]),
    ],
    server: {
      proxy: {
        '/trpc': { target: gateway, changeOrigin: false },
        '/api': { target: gateway, changeOrigin: false },
        '/messaging': { target: gateway, ws: true, changeOrigin: false },
      },
    },
    build: {
      target: 'es2022',
      sourcemap: true,
      // The shared vendor chunk (React, router, i18next) is one file on purpose.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // The libraries every route needs travel as one file: one request, and gzip compresses them together.
          // zod is not one of them: the login route checks its fields with the contracts' zod-free rules; nor are
          // TanStack Query and tRPC, which come with the signed-in root (lib/api/data-provider.tsx).
          manualChunks(id: string) {
            return /node_modules[\\/]\.pnpm[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next)@/.test(
              id,
            )
              ? 'vendor'
              : undefined;
          },
        },
        treeshake: {
          // The contracts package is pure data and functions: pages bundle only the modules they use.
          moduleSideEffects: [{ test: /packages[\\/]contracts[\\/]/, sideEffects: false }],
        },
      },
    },
  };
});

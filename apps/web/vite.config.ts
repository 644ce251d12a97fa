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

// The libraries every route needs.
const VENDOR =
  /node_modules[\\/]\.pnpm[\\/](react|react-dom|scheduler|react-router|react-router-dom|i18next|react-i18next|use-sync-external-store|clsx)@/;
// Mantine's styles system and the components and hooks of the auth pages (vite build prints the login route's size:
// a component the login page starts using outside this list costs a small chunk of its own, ~0.3-1 KB more).
const LOGIN_MANTINE =
  /@mantine[\\/](core[\\/]esm[\\/](core|utils|components[\\/](ActionIcon|Alert|Anchor|Box|Button|Center|Checkbox|CloseButton|Code|Container|Divider|Flex|Group|Image|Input|InputBase|Loader|Paper|PasswordInput|Stack|Text|TextInput|Title|Transition|UnstyledButton))|hooks[\\/]esm[\\/](utils|use-(debounced-value|did-update|id|isomorphic-effect|media-query|merged-ref|reduced-motion|uncontrolled)))[\\/]/;
// The app modules the login page shares with other pages (session, the public reads, the auth forms' parts).
const LOGIN_APP =
  /(apps[\\/]web[\\/]src[\\/](lib[\\/](session|api|ui)[\\/](session|secure-storage|redirect|files|server-messages|app-error|gateway-call|gateway-reads|contrast)\.ts|config[\\/](env|frontend)\.ts|features[\\/]auth[\\/](special-event|sso-access-code|validation)\.ts|features[\\/]auth[\\/]hooks[\\/]|features[\\/]auth[\\/]components[\\/](access-code-dialog|server-error-alert|event-code-input|auth-event-context|policy-text)\.tsx?|components[\\/](language-switch|password-field)\.tsx|components[\\/]errors[\\/]route-error-boundary\.tsx|hooks[\\/]use-(event-closed|helpdesk-email|event-preferences|event-code|event-details)\.ts)|packages[\\/]contracts[\\/]src[\\/](constants|errors|rules)\.ts|vite[\\/]preload-helper)/;

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
      // The shared vendor chunk (React, router, i18next, and what of Mantine and the app the login page needs) is
      // one file on purpose.
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          // What the login route needs travels as one file: one request, and gzip compresses it together (issue 17:
          // the same code in twenty small files is ~12 KB more). zod is not in it: the login route checks its
          // fields with the contracts' zod-free rules; nor are TanStack Query and tRPC, which come with the
          // signed-in root (lib/api/data-provider.tsx). The signed-in pages' own code and libraries stay in the
          // chunks rolldown makes for them.
          manualChunks(id: string) {
            return VENDOR.test(id) || LOGIN_MANTINE.test(id) || LOGIN_APP.test(id) ? 'vendor' : undefined;
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

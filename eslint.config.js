// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

// The web app's boundaries (apps/web/README.md "Boundaries"): a feature imports only lib, components, config,
// hooks, its own folder and the contracts, never another feature; lib, components, config and hooks import no
// feature; src/app composes features only through their public files (index.ts, menu.ts, pages.ts).
const web = path.join(import.meta.dirname, 'apps/web/src');
const features = readdirSync(path.join(web, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webBoundaries = [
  ...features.map((feature) => ({
    target: path.join(web, 'features', feature),
    from: path.join(web, 'features'),
    except: [`./${feature}`],
    message:
      'A feature never imports another feature: share through lib/components/hooks, or compose in src/app.',
  })),
  {
    target: path.join(web, 'features'),
    from: path.join(web, 'app'),
    message: 'Features do not import src/app; src/app composes them.',
  },
  {
    target: ['lib', 'components', 'config', 'hooks'].map((folder) => path.join(web, folder)),
    from: [path.join(web, 'features'), path.join(web, 'app')],
    message: 'Shared code (lib, components, config, hooks) imports no feature and nothing of src/app.',
  },
  {
    target: path.join(web, 'app'),
    from: [path.join(web, 'features/**/*')],
    except: ['**/features/*/index.ts', '**/features/*/menu.ts', '**/features/*/pages.ts'],
    message: 'src/app composes a feature only through its index.ts, menu.ts or pages.ts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/*.config.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    // process.env is read only in config/env.ts of each service.
    files: ['apps/*/src/**/*.ts', 'mock-provider/src/**/*.ts'],
    ignores: ['**/config/env.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read config from config/env.ts' },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: webBoundaries }],
    },
  },
  {
    // Pages and components call their feature's api hooks (features/<f>/api/use-<thing>.ts), never tRPC itself.
    files: [
      'apps/web/src/features/*/routes/**/*.{ts,tsx}',
      'apps/web/src/features/*/components/**/*.{ts,tsx}',
      'apps/web/src/app/**/*.{ts,tsx}',
    ],
    ignores: ['**/*.test.{ts,tsx}', 'apps/web/src/app/provider.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '/lib/api/trpc(\\.ts)?$',
              message: "Call the feature's api hook (features/<f>/api/use-<thing>.ts) instead of tRPC.",
            },
          ],
        },
      ],
    },
  },
);

// The web app's boundaries are kept by lint (eslint.config.js, import-x/no-restricted-paths; apps/web/README.md
// "Boundaries"). These probes are linted through ESLint's Node API at paths inside the tree, with the real config:
// a cross-feature import must fail, the allowed imports must not.
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
// Only the boundary rules run, and without type information: the probes are not files on disk.
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' || ruleId === 'no-restricted-imports',
});

/** The boundary errors ESLint reports for `code` as the file at `file` (relative to apps/web/src). */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, 'apps/web/src', file) });
  expect(result?.messages.filter((m) => m.fatal)).toEqual([]);
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

describe('lint keeps the features apart', () => {
  // The first lint loads the parser, the plugins and the config: on a busy machine that alone can take longer
  // than one test's time, so it happens once before the tests.
  beforeAll(async () => {
    await eslint.lintText('export {};\n', { filePath: path.join(root, 'apps/web/src/lib/warm-up-probe.ts') });
  }, 120_000);

  it('fails on a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'features/profile/components/boundary-probe.tsx',
      "import { chatMenuPage } from '../../chat/menu.ts';\nexport const probe = chatMenuPage;\n",
    );
    expect(errors).toEqual([
      expect.stringMatching(/^import-x\/no-restricted-paths: .*never imports another feature/),
    ]);
  });

  it('fails on a dynamic import of another feature and on one through its index.ts', async () => {
    const errors = await boundaryErrors(
      'features/passport/hooks/boundary-probe.ts',
      [
        "import { ChatEvents } from '../../chat/index.ts';",
        "export const probe = [ChatEvents, () => import('../../room/pages.ts')];",
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
  });

  it('lets a feature import lib, components, config, hooks, the contracts and its own folder', async () => {
    const errors = await boundaryErrors(
      'features/profile/api/use-boundary-probe.ts',
      [
        "import { STORAGE_KEYS } from '@showfloor/contracts';",
        "import { trpc } from '../../../lib/api/trpc.ts';",
        "import { FeedbackMessage } from '../../../components/feedback-message.tsx';",
        "import { env } from '../../../config/env.ts';",
        "import { useEventCode } from '../../../hooks/use-event-code.ts';",
        "import { profileMenuPage } from '../menu.ts';",
        'export const probe = [STORAGE_KEYS, trpc, FeedbackMessage, env, useEventCode, profileMenuPage];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('lets src/app compose a feature through index.ts, menu.ts and pages.ts only', async () => {
    const file = 'app/routes/boundary-probe.tsx';
    expect(
      await boundaryErrors(
        file,
        [
          "import { ChatEvents } from '../../features/chat/index.ts';",
          "import { chatMenuPage } from '../../features/chat/menu.ts';",
          "import { authPages } from '../../features/auth/pages.ts';",
          'export const probe = [ChatEvents, chatMenuPage, authPages];',
        ].join('\n'),
      ),
    ).toEqual([]);
    const deep = await boundaryErrors(
      file,
      "import { ConversationView } from '../../features/chat/components/conversation-view.tsx';\nexport const probe = ConversationView;\n",
    );
    expect(deep).toEqual([expect.stringMatching(/composes a feature only through its index\.ts/)]);
  });

  it('fails on a page or component calling tRPC instead of its api hook', async () => {
    const probe = "import { trpc } from '../../../lib/api/trpc.ts';\nexport const probe = trpc;\n";
    for (const file of [
      'features/profile/components/boundary-probe.tsx',
      'features/profile/routes/boundary-probe.tsx',
      'features/room/components/boundary-probe.ts',
    ]) {
      expect(await boundaryErrors(file, probe)).toEqual([
        expect.stringMatching(/^no-restricted-imports: .*api hook \(features\/<f>\/api\/use-<thing>\.ts\)/),
      ]);
    }
    expect(
      await boundaryErrors(
        'app/routes/boundary-probe.tsx',
        "import { trpc } from '../../lib/api/trpc.ts';\nexport const probe = trpc;\n",
      ),
    ).toEqual([expect.stringMatching(/^no-restricted-imports: /)]);
    // The feature's own api hook is where tRPC is called.
    expect(await boundaryErrors('features/profile/api/use-boundary-probe.ts', probe)).toEqual([]);
  });

  it('fails on shared code importing a feature', async () => {
    const errors = await boundaryErrors(
      'lib/shell/boundary-probe.ts',
      "import { chatMenuPage } from '../../features/chat/menu.ts';\nexport const probe = chatMenuPage;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/imports no feature/)]);
  });
});

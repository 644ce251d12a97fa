// The English texts of every namespace the pages before sign-in do not show, as one chunk: lib/i18n.ts loads it
// with the first route that needs one of them (the signed-in shell, /info), never on the login route (issue 17).
import type { Catalogue } from './i18n.ts';

const modules = import.meta.glob<Catalogue>(
  [
    '../features/*/locales/en.json',
    '!../features/auth/locales/en.json',
    '!../features/shell/locales/en.json',
  ],
  { eager: true, import: 'default' },
);

export const LATER_ENGLISH: Record<string, Catalogue> = Object.fromEntries(
  Object.entries(modules).map(([path, catalogue]) => [
    /features\/([^/]+)\/locales\//.exec(path)?.[1],
    catalogue,
  ]),
);

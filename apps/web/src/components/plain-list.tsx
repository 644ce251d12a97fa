// A named list of rows without bullets or indent (the chat list, the people of a room or a conversation): a
// `ul` whose children are its `li`s, a plain `<li>` or a Mantine component with `component="li"` (a row that
// takes the focus itself, as a participant's). Named by `label` or by a visible heading's id (`labelledBy`), so
// a screen reader says what the list holds and how many; `role="list"` keeps it a list in Safari, which drops
// the role of a list drawn without bullets.
import type { ReactNode } from 'react';
import { Stack, type MantineSpacing, type StyleProp } from '@mantine/core';

const WITHOUT_BULLETS = { listStyle: 'none' } as const;

export type PlainListProps = (
  | { /** The list's accessible name. */ label: string; labelledBy?: never }
  | { /** The id of the visible text that names the list. */ labelledBy: string; label?: never }
) & {
  /** The rows: each an `li`. */
  children: ReactNode;
  /** Space between the rows. @default 'xs' */
  gap?: MantineSpacing;
  /** Space above the first row (e.g. room for its focus ring under the drawer's header). @default 0 */
  pt?: StyleProp<MantineSpacing>;
};

export function PlainList({ label, labelledBy, children, gap = 'xs', pt = 0 }: PlainListProps) {
  return (
    <Stack
      component="ul"
      role="list"
      gap={gap}
      m={0}
      p={0}
      pt={pt}
      style={WITHOUT_BULLETS}
      aria-label={label}
      aria-labelledby={labelledBy}
    >
      {children}
    </Stack>
  );
}

// The side menu's content (spec 02 §2.2): the lobby and the visible menu pages in the spec's order, then the
// bottom buttons settings (only with access), help and log out. A menu page opens in the drawer over the scene,
// so its link carries the scene as the router state's background (lib/shell/scene.ts).
import { useEffect, useRef } from 'react';
import { Divider, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  hasScreenAccess,
  visibleMenuPages,
  type MenuContext,
  type MenuPageEntry,
  type MenuPageName,
} from '../../../lib/shell/menu.ts';
import type { DrawerState, SceneLocation } from '../../../lib/shell/scene.ts';
import { UserAvatar } from './user-avatar.tsx';

export interface SideMenuProps {
  entries: readonly MenuPageEntry[];
  ctx: MenuContext;
  /** The lobby or room behind the drawer. */
  scene: SceneLocation;
  /** The entry to focus when the menu shows (the page the visitor came back from). */
  focusPage?: MenuPageName | undefined;
  /** The focus page has no entry here (it is hidden for this user): the caller places the focus. */
  onFocusPageMissing?: () => void;
  /** The visitor leaves the menu for the scene (the lobby link). A page's link keeps the drawer open. */
  onLeaveMenu: () => void;
  onLogout: () => void;
}

export function SideMenu({
  entries,
  ctx,
  scene,
  focusPage,
  onFocusPageMissing,
  onLeaveMenu,
  onLogout,
}: SideMenuProps) {
  const { t } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusPage) return;
    const entry = root.current?.querySelector<HTMLElement>(`[data-menu-page="${CSS.escape(focusPage)}"]`);
    if (entry) entry.focus();
    else onFocusPageMissing?.();
  }, [focusPage, onFocusPageMissing]);
  // A feature that has not landed is not advertised (MenuPageEntry.isPlaceholder).
  const items = visibleMenuPages(entries, ctx, 'list').filter((entry) => !entry.isPlaceholder);
  const bottom = visibleMenuPages(entries, ctx, 'bottom');
  const state: DrawerState = { background: scene };
  const inLobby = scene.pathname === '/lobby';
  const pageLink = (entry: MenuPageEntry) => (
    <NavLink
      key={entry.page}
      component={Link}
      to={entry.path}
      state={state}
      label={t(entry.labelKey)}
      leftSection={entry.showsUserAvatar ? <UserAvatar user={ctx.user} size={28} /> : undefined}
      data-menu-page={entry.page}
    />
  );
  return (
    <Stack ref={root} justify="space-between" mih="calc(100dvh - 6rem)" gap="md">
      <nav aria-label={t('shell:menu.pagesLabel')}>
        <Stack gap={2}>
          {hasScreenAccess(ctx.user, '/lobby') ? (
            <NavLink
              component={Link}
              to="/lobby"
              label={t('shell:menu.lobby')}
              active={inLobby}
              aria-current={inLobby ? 'page' : undefined}
              onClick={onLeaveMenu}
            />
          ) : null}
          {items.map(pageLink)}
        </Stack>
      </nav>
      <Stack gap={2}>
        <Divider mb="xs" />
        {bottom.map(pageLink)}
        <NavLink component="button" label={t('shell:menu.logout')} c="red.9" onClick={onLogout} />
      </Stack>
    </Stack>
  );
}

// The side menu's content (spec 02 §2.2): the visible menu pages in the spec's order, then the bottom buttons
// settings (only with access), help and log out.
import { Button, Divider, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import {
  hasScreenAccess,
  visibleMenuPages,
  type MenuContext,
  type MenuPageEntry,
} from '../../../lib/menu.ts';
import { UserAvatar } from './user-avatar.tsx';

export interface SideMenuProps {
  entries: readonly MenuPageEntry[];
  ctx: MenuContext;
  onNavigate: () => void;
  onLogout: () => void;
}

export function SideMenu({ entries, ctx, onNavigate, onLogout }: SideMenuProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const items = visibleMenuPages(entries, ctx, 'list');
  const bottom = visibleMenuPages(entries, ctx, 'bottom');
  return (
    <Stack justify="space-between" h="100%" gap="md">
      <nav aria-label={t('shell:menu.pagesLabel')}>
        <Stack gap={2}>
          {hasScreenAccess(ctx.user, '/lobby') ? (
            <NavLink
              component={Link}
              to="/lobby"
              label={t('shell:menu.lobby')}
              active={pathname === '/lobby'}
              onClick={onNavigate}
            />
          ) : null}
          {items.map((entry) => (
            <NavLink
              key={entry.page}
              component={Link}
              to={entry.path}
              label={t(entry.labelKey)}
              active={pathname === entry.path}
              aria-current={pathname === entry.path ? 'page' : undefined}
              leftSection={entry.showsUserAvatar ? <UserAvatar user={ctx.user} size={28} /> : undefined}
              onClick={onNavigate}
              data-menu-page={entry.page}
            />
          ))}
        </Stack>
      </nav>
      <Stack gap="xs">
        <Divider />
        {bottom.map((entry) => (
          <Button
            key={entry.page}
            component={Link}
            to={entry.path}
            variant="subtle"
            justify="flex-start"
            onClick={onNavigate}
            data-menu-page={entry.page}
          >
            {t(entry.labelKey)}
          </Button>
        ))}
        <Button variant="subtle" color="red" justify="flex-start" onClick={onLogout}>
          {t('shell:menu.logout')}
        </Button>
      </Stack>
    </Stack>
  );
}

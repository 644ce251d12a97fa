// The signed-in frame (spec 02 §2.2, §2.3): a header with the side-menu toggle (with the unread dot), the scene
// (lobby or room) and the drawer (400 px; full width under 600 px). The drawer shows the menu registered by the
// features or, when the URL names a menu page (/chat, /settings ...), that page over the scene, which stays
// mounted. Back returns to the menu; close returns to the scene (lib/shell/scene.ts).
import { Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ActionIcon, Alert, Box, Burger, Center, Drawer, Group, Indicator, Loader } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { BREAKPOINTS, SIZES, type CurrentUser } from '@showfloor/contracts';
import { BackIcon } from '../../../components/back-icon.tsx';
import { RouteErrorBoundary } from '../../../components/errors/route-error-boundary.tsx';
import { useEventAgenda } from '../../../hooks/use-event-agenda.ts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import type { MenuContext, MenuPageEntry, MenuPageName } from '../../../lib/shell/menu.ts';
import {
  backgroundOf,
  hrefOf,
  subPageDepthOf,
  subPageOf,
  type SceneLocation,
} from '../../../lib/shell/scene.ts';
import { leaveSubPage } from '../../../lib/shell/sub-page.ts';
import { useUnreadTotal } from '../../../lib/shell/unread.ts';
import { useRoomKind } from '../hooks/use-room-kind.ts';
import { EventHeaderTitle } from './event-header-title.tsx';
import { LogoutDialog } from './logout-dialog.tsx';
import { SideMenu } from './side-menu.tsx';

export interface AppShellProps {
  user: CurrentUser;
  menuPages: readonly MenuPageEntry[];
  signOut: () => Promise<void>;
  /** The lobby or room behind the drawer, and its rendered route. */
  scene: SceneLocation;
  sceneElement: ReactNode;
  /** The menu page the URL names, shown in the drawer. */
  page?: { entry: MenuPageEntry; element: ReactNode } | undefined;
}

export function PageLoader() {
  const { t } = useTranslation('shell');
  return (
    <Center p="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

/** The drawer of a wide page (MenuPageEntry.isWide) on screens wider than 960 px. */
const WIDE_DRAWER_WIDTH = 1200;

/** A menu page in the drawer, once the rules that decide its visibility can be read. */
function DrawerPage({
  page,
  ctx,
  ready,
}: {
  page: NonNullable<AppShellProps['page']>;
  ctx: MenuContext;
  ready: boolean;
}) {
  const { t } = useTranslation('shell');
  if (!ready) return <PageLoader />;
  // A link to a page this user may not see (an old bookmark, another role's link) says so instead of opening it.
  if (!page.entry.isVisible(ctx)) {
    return (
      <Alert color="gray" title={t('menu.notAvailableTitle')}>
        {t('menu.notAvailable')}
      </Alert>
    );
  }
  return (
    <RouteErrorBoundary catchPageLoad>
      <Suspense fallback={<PageLoader />}>{page.element}</Suspense>
    </RouteErrorBoundary>
  );
}

export function AppShell({ user, menuPages, signOut, scene, sceneElement, page }: AppShellProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  // The page the visitor came back from (Back in the drawer or the browser's), whose menu entry takes the focus
  // when the menu shows again (React's "information from previous renders" pattern).
  const pageName = page?.entry.page;
  const [shownPage, setShownPage] = useState<MenuPageName | undefined>(pageName);
  const [returnedFrom, setReturnedFrom] = useState<MenuPageName | undefined>(undefined);
  if (pageName !== shownPage) {
    setShownPage(pageName);
    setReturnedFrom(pageName === undefined ? shownPage : undefined);
  }
  const toggleRef = useRef<HTMLButtonElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const focusTitle = useCallback(() => titleRef.current?.focus(), []);
  const isSmall = useMediaQuery(`(max-width: ${BREAKPOINTS.SMALL}px)`);
  const isMedium = useMediaQuery(`(max-width: ${BREAKPOINTS.MEDIUM}px)`);
  const preferences = useEventPreferences(user.event_code);
  const roomKind = useRoomKind(scene.pathname, user);
  const unread = useUnreadTotal();
  const agenda = useEventAgenda(user.event_code);
  const ctx: MenuContext = {
    user,
    preferences: preferences.preferences,
    roomKind,
    hasAgenda: (agenda.data?.agenda.length ?? 0) > 0,
  };
  const ready = !preferences.isLoading && roomKind !== 'pending' && !agenda.isLoading;
  const opened = page !== undefined || menuOpen;

  // A page's sub-page (router state, lib/shell/sub-page.ts) names the drawer and its Back returns to the page.
  const subPage = page ? subPageOf(location.state) : undefined;
  const subPageName = subPage?.name;
  // An inner view named by the page's query (a chat conversation): Back returns to the page's home.
  const isQueryView = page?.entry.hasQueryViews === true && location.search !== '' && !subPage;
  const backToPageHome = () =>
    void navigate({ pathname: location.pathname, search: '' }, { replace: true, state: location.state });

  // A page that takes the menu's place in the open drawer gives the focus to its title (the link that opened it
  // is gone), so keyboard and screen-reader users start at the page's name; so does a sub-page when it opens.
  // Returning from a sub-page leaves the focus to the page (it gives it to the row that opened the sub-page).
  useEffect(() => {
    if (pageName) titleRef.current?.focus();
  }, [pageName]);
  useEffect(() => {
    if (subPageName) titleRef.current?.focus();
  }, [subPageName]);

  /**
   * Leaves the drawer's page for the scene. A page opened from the menu is one history entry above its scene, so
   * leaving it goes back (the browser's Back does not reopen it); a deep-linked page is replaced by its scene.
   */
  const leavePage = () => {
    const background = backgroundOf(location.state);
    const openedOverScene = background !== undefined && hrefOf(background) === hrefOf(scene);
    // The entries the page's sub-pages pushed go too.
    if (openedOverScene && location.key !== 'default') void navigate(-1 - subPageDepthOf(location.state));
    else void navigate(hrefOf(scene), { replace: true });
  };
  const close = () => {
    setMenuOpen(false);
    setReturnedFrom(undefined);
    if (page) leavePage();
  };
  const backToMenu = () => {
    setMenuOpen(true);
    leavePage();
  };

  return (
    <Box mih="100vh" bg="var(--sf-bg-primary, var(--mantine-color-body))">
      <Box
        component="header"
        px="md"
        py="xs"
        className="sf-event-header"
        bg="var(--mantine-primary-color-filled)"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="sm" wrap="nowrap">
          <Indicator disabled={unread === 0} color="red" size={10} offset={4} processing={false}>
            <Burger
              ref={toggleRef}
              opened={opened}
              size="sm"
              color="var(--mantine-primary-color-contrast)"
              onClick={() => (opened ? close() : setMenuOpen(true))}
              aria-label={unread > 0 ? t('menu.openWithUnread') : t('menu.open')}
              aria-expanded={opened}
              aria-controls="side-menu"
            />
          </Indicator>
          <EventHeaderTitle eventCode={user.event_code} />
        </Group>
      </Box>
      <Box component="main" id="main">
        <RouteErrorBoundary path={scene.pathname}>
          <Suspense fallback={<PageLoader />}>{sceneElement}</Suspense>
        </RouteErrorBoundary>
      </Box>
      <Drawer.Root
        opened={opened}
        onClose={close}
        size={
          isSmall || (page?.entry.isWide && isMedium)
            ? '100%'
            : page?.entry.isWide
              ? WIDE_DRAWER_WIDTH
              : SIZES.DRAWER_WIDTH
        }
        // A drawer opened by a deep link has no element to give the focus back to: the menu toggle takes it
        // (unless the drawer handed it on, e.g. to the logout dialog).
        onExitTransitionEnd={() => {
          const active = document.activeElement;
          if (!active || active === document.body) toggleRef.current?.focus();
        }}
      >
        <Drawer.Overlay />
        <Drawer.Content id="side-menu">
          {/* A div: a <header> here would be a second banner landmark beside the app's. */}
          <Drawer.Header component="div">
            <Group gap="xs" wrap="nowrap">
              {page ? (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  onClick={
                    subPage
                      ? () => leaveSubPage(navigate, location)
                      : isQueryView
                        ? backToPageHome
                        : backToMenu
                  }
                  aria-label={
                    subPage || isQueryView
                      ? t('menu.backToPage', { page: t(page.entry.labelKey) })
                      : t('menu.back')
                  }
                >
                  <BackIcon />
                </ActionIcon>
              ) : null}
              {/* The title takes the focus on open: read out first, and no focus ring on Back for a mouse user. */}
              <Drawer.Title ref={titleRef} fw={700} tabIndex={-1} data-autofocus style={{ outline: 'none' }}>
                {subPage ? t(subPage.titleKey) : page ? t(page.entry.labelKey) : t('menu.title')}
              </Drawer.Title>
            </Group>
            <Drawer.CloseButton aria-label={t('menu.close')} />
          </Drawer.Header>
          <Drawer.Body>
            {page ? (
              <DrawerPage page={page} ctx={ctx} ready={ready} />
            ) : (
              <SideMenu
                entries={menuPages}
                ctx={ctx}
                scene={scene}
                focusPage={returnedFrom}
                onFocusPageMissing={focusTitle}
                onLeaveMenu={() => setMenuOpen(false)}
                onLogout={() => {
                  setMenuOpen(false);
                  setLogoutOpen(true);
                }}
              />
            )}
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
      <LogoutDialog
        opened={logoutOpen}
        user={user}
        preferences={preferences.preferences}
        onCancel={() => setLogoutOpen(false)}
        signOut={signOut}
      />
    </Box>
  );
}

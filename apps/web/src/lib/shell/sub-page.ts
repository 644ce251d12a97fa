// A drawer page's sub-pages (spec 02 §2.3: profile settings' pages are chosen "by an active-page value, not by
// URL"): the sub-page lives in the history entry's router state, so the URL stays the page's own, a reload keeps
// it, and the browser's Back leaves it. Opening one pushes an entry; the drawer's Back (the shell) and the page's
// own go-back both return to the page's home; leaving the page for the scene skips the pushed entries.
import { useCallback } from 'react';
import { useLocation, useNavigate, type Location, type NavigateFunction } from 'react-router-dom';
import { hrefOf, subPageDepthOf, subPageOf, type DrawerState, type DrawerSubPage } from './scene.ts';

/** Returns from the open sub-page to the page's home: back in history when the sub-page pushed an entry. */
export function leaveSubPage(navigate: NavigateFunction, location: Location): void {
  const state = (location.state ?? {}) as DrawerState;
  if (subPageDepthOf(state) > 0 && location.key !== 'default') {
    void navigate(-1);
    return;
  }
  const { subPage: _closed, ...rest } = state;
  void navigate(hrefOf(location), { replace: true, state: { ...rest, subPageDepth: 0 } });
}

export interface DrawerSubPageControls {
  /** The sub-page shown, or undefined on the page's home. */
  subPage: DrawerSubPage | undefined;
  /** Shows a sub-page; `replace` swaps the current one (e.g. a success page after a form). */
  open: (subPage: DrawerSubPage, options?: { replace?: boolean }) => void;
  /** Back to the page's home. */
  back: () => void;
}

export function useDrawerSubPage(): DrawerSubPageControls {
  const location = useLocation();
  const navigate = useNavigate();
  const open = useCallback(
    (subPage: DrawerSubPage, options: { replace?: boolean } = {}) => {
      const state = (location.state ?? {}) as DrawerState;
      const depth = subPageDepthOf(state);
      const next: DrawerState = {
        ...state,
        subPage,
        subPageDepth: options.replace ? depth : depth + 1,
      };
      void navigate(hrefOf(location), { state: next, replace: options.replace === true });
    },
    [location, navigate],
  );
  const back = useCallback(() => leaveSubPage(navigate, location), [location, navigate]);
  return { subPage: subPageOf(location.state), open, back };
}

// Which event an auth page is about, told to the layout: the login page's event code is the query's or the one
// being typed, and the footer's terms-of-use link must follow it just as the page's welcome text does.
import { createContext, useContext, useEffect } from 'react';

/** The layout's setter; undefined outside the auth layout (e.g. a page rendered alone in a test). */
export const AuthEventReportContext = createContext<((eventCode: string | undefined) => void) | undefined>(
  undefined,
);

/** Tells the layout the page's effective event code while the page is shown. */
export function useReportAuthEvent(eventCode: string): void {
  const report = useContext(AuthEventReportContext);
  useEffect(() => {
    report?.(eventCode);
    return () => report?.(undefined);
  }, [report, eventCode]);
}

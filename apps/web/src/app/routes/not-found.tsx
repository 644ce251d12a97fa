// The catch-all route: 'Page not found!' with the helpdesk link and a close button to /lobby.
import { ErrorPage } from '../../components/errors/error-page.tsx';
import { useHelpdeskEmail } from '../../hooks/use-helpdesk-email.ts';

export function NotFound() {
  return <ErrorPage helpdeskEmail={useHelpdeskEmail()} />;
}

// The route-level error boundary (spec 01 §2, spec 02 §2.1): 'Unexpected error occurred', reset on path change.
// A page whose code failed to load goes to the root boundary instead, unless the boundary shows it itself
// (`catchPageLoad`: the side menu's drawer, so a page that cannot load does not take the room down with it).
import type { ReactNode } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ErrorBoundary } from './error-boundary.tsx';
import { PageLoadError } from './page-load-error.ts';
import { SomethingWentWrong } from './something-went-wrong.tsx';

export function RouteErrorView() {
  const { t } = useTranslation();
  return (
    <Stack p="xl" align="center">
      <Alert role="alert" color="red" title={t('errors.unexpected')} maw={520} w="100%">
        <Text size="sm">{t('errors.unexpectedHint')}</Text>
      </Alert>
    </Stack>
  );
}

export interface RouteErrorBoundaryProps {
  children: ReactNode;
  /** The path whose change clears the error; the shell's scene passes its own. @default the location's */
  path?: string;
  /** Show 'Something went wrong.' with Reload here when the page's code fails to load. @default false */
  catchPageLoad?: boolean;
}

export function RouteErrorBoundary({ children, path, catchPageLoad = false }: RouteErrorBoundaryProps) {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={path ?? pathname}
      fallback={(error) => {
        if (!(error instanceof PageLoadError)) return <RouteErrorView />;
        if (catchPageLoad) return <SomethingWentWrong error={error} />;
        throw error;
      }}
      onError={(error) => {
        if (!(error instanceof PageLoadError)) console.error('route error', error);
      }}
    >
      {children}
    </ErrorBoundary>
  );
}

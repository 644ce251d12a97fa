// The server's message under an auth form (spec 01 §4, §8): a known provider message in the UI language,
// any other as the server gives it, and 'Oops, submission failed!' when no server answer came.
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';

export function ServerErrorAlert({ error }: { error: AppError | undefined }) {
  const { t } = useTranslation('auth');
  return error ? (
    <Alert color="red" variant="light">
      {serverErrorText(t, error)}
    </Alert>
  ) : null;
}

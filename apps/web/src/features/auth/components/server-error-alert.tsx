// The server's message under an auth form, as the server gives it (spec 01 §4).
import { Alert } from '@mantine/core';

export function ServerErrorAlert({ message }: { message: string | undefined }) {
  return message ? (
    <Alert color="red" variant="light">
      {message}
    </Alert>
  ) : null;
}

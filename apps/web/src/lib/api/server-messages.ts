// The provider's messages a form can show, by their key under the common catalogue's `serverMessages`
// (spec 01 §8, spec 02 §8: the server's message is shown). English shows the server's text letter for letter (a test
// checks the catalogue against BACKEND_MESSAGES); Deutsch shows its translation. A message not listed here is
// shown as the server gave it; a failure without a server answer shows 'Oops, submission failed!'.
import type { TFunction } from 'i18next';
import { BACKEND_MESSAGES } from '@showfloor/contracts';
import type { AppError } from './app-error.ts';

/** BACKEND_MESSAGES name → catalogue key (common:serverMessages.<key>). */
export const SERVER_MESSAGE_KEYS = {
  WRONG_CREDENTIALS: 'wrongCredentials',
  EVENT_CLOSED: 'eventClosed',
  EVENT_UNKNOWN: 'eventUnknown',
  ACCESS_CODE_REQUIRED: 'accessCodeRequired',
  ACCESS_CODE_INVALID: 'accessCodeInvalid',
  ALREADY_LOGGED_IN: 'alreadyLoggedIn',
  LOGIN_SESSION_EXPIRED: 'loginSessionExpired',
  INVALID_TOKEN: 'invalidToken',
  FORBIDDEN: 'forbidden',
  NOT_FOUND: 'notFound',
  TEXT_TOO_LONG: 'textTooLong',
  PAYLOAD_TOO_LARGE: 'payloadTooLarge',
  RATE_LIMITED: 'rateLimited',
  PROVIDER_UNAVAILABLE: 'providerUnavailable',
  PROVIDER_TIMEOUT: 'providerTimeout',
  INTERNAL: 'internal',
} as const satisfies Partial<Record<keyof typeof BACKEND_MESSAGES, string>>;

const keyByMessage = new Map<string, string>(
  Object.entries(SERVER_MESSAGE_KEYS).map(([name, key]) => [
    BACKEND_MESSAGES[name as keyof typeof SERVER_MESSAGE_KEYS],
    key,
  ]),
);

/** The text to show for a failed request, in the UI language (any namespace's `t`). */
export function serverErrorText(t: TFunction, error: AppError): string {
  if (!error.fromServer || !error.message.trim()) return t('common:errors.submissionFailed');
  const key = keyByMessage.get(error.message);
  return key ? t(`common:serverMessages.${key}`) : error.message;
}

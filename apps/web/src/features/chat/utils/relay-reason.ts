// The relay's reason for a refused send (contracts RELAY_ERRORS), in the UI language: English shows the relay's
// text letter for letter (a test holds the catalogue to RELAY_ERRORS), Deutsch its translation; a detail after
// ': ' (the provider's own words) follows as it came; an unknown reason is shown as it came.
import type { TFunction } from 'i18next';
import { RELAY_ERRORS } from '@showfloor/contracts';

/** RELAY_ERRORS names a send can be refused with → key under the chat catalogue's `relayErrors`. */
export const RELAY_REASON_KEYS = {
  TOPIC_FOREIGN_EVENT: 'topicForeignEvent',
  PAYLOAD_INVALID: 'payloadInvalid',
  TEXT_TOO_LONG: 'textTooLong',
  SENDER_MISMATCH: 'senderMismatch',
  RECIPIENT_NOT_IN_EVENT: 'recipientNotInEvent',
  NOT_PARTICIPANT: 'notParticipant',
  ROOM_FORBIDDEN: 'roomForbidden',
  RATE_LIMITED: 'rateLimited',
  NOT_STORED: 'notStored',
  PROVIDER_FAILED: 'providerFailed',
  INTERNAL: 'internal',
} as const satisfies Partial<Record<keyof typeof RELAY_ERRORS, string>>;

const entries = Object.entries(RELAY_REASON_KEYS).map(
  ([name, key]) => [RELAY_ERRORS[name as keyof typeof RELAY_REASON_KEYS], key] as const,
);

/** `t` must be the chat namespace's. */
export function relayReasonText(t: TFunction, reason: string): string {
  for (const [text, key] of entries) {
    if (reason === text) return t(`relayErrors.${key}`);
    if (reason.startsWith(`${text}: `)) return `${t(`relayErrors.${key}`)}: ${reason.slice(text.length + 2)}`;
  }
  return reason;
}

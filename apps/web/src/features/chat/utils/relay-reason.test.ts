import { describe, expect, it } from 'vitest';
import { RELAY_ERRORS } from '@showfloor/contracts';
import { testI18n } from '../../../testing/i18n.ts';
import english from '../locales/en.json';
import { RELAY_REASON_KEYS, relayReasonText } from './relay-reason.ts';

describe('relay reasons', () => {
  it("keeps the English catalogue letter for letter the relay's texts", () => {
    for (const [name, key] of Object.entries(RELAY_REASON_KEYS))
      expect(english.relayErrors[key], name).toBe(RELAY_ERRORS[name as keyof typeof RELAY_REASON_KEYS]);
  });

  it('translates a known reason, keeps its detail, and shows an unknown one as it came', async () => {
    const t = testI18n.getFixedT('de', 'chat');
    expect(
      relayReasonText(t, `${RELAY_ERRORS.NOT_STORED}: Private chat is switched off for this event.`),
    ).toBe('Die Nachricht konnte nicht gespeichert werden: Private chat is switched off for this event.');
    // A provider failure outside the store (e.g. the recipients' check), as the dispatcher answers it.
    expect(relayReasonText(t, `${RELAY_ERRORS.PROVIDER_FAILED}: Service Unavailable`)).toBe(
      'Die Anfrage konnte nicht ausgeführt werden: Service Unavailable',
    );
    expect(relayReasonText(t, RELAY_ERRORS.RATE_LIMITED)).toBe('Zu viele Nachrichten. Bitte langsamer.');
    expect(relayReasonText(t, 'Something new')).toBe('Something new');
  });
});

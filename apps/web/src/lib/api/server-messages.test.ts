import { afterEach, describe, expect, it } from 'vitest';
import { BACKEND_MESSAGES } from '@showfloor/contracts';
import { testI18n } from '../../testing/i18n.ts';
import en from '../../locales/en.json';
import de from '../../locales/de.json';
import { SERVER_MESSAGE_KEYS, serverErrorText } from './server-messages.ts';

const t = testI18n.getFixedT(null, 'auth');

afterEach(async () => {
  await testI18n.changeLanguage('en');
});

describe('server messages under a form', () => {
  it("keeps every known message's English letter for letter and translates it to Deutsch", () => {
    for (const [name, key] of Object.entries(SERVER_MESSAGE_KEYS)) {
      const english = BACKEND_MESSAGES[name as keyof typeof SERVER_MESSAGE_KEYS];
      expect(en.serverMessages[key], name).toBe(english);
      expect(de.serverMessages[key], name).toBeTruthy();
      expect(de.serverMessages[key], name).not.toBe(english);
    }
  });

  it('shows a known message in the UI language and an unknown one as the server gave it', async () => {
    const wrong = { message: BACKEND_MESSAGES.WRONG_CREDENTIALS, fromServer: true };
    const unknown = { message: 'This e-mail is already registered.', fromServer: true };
    expect(serverErrorText(t, wrong)).toBe('Wrong email or password.');
    await testI18n.changeLanguage('de');
    expect(serverErrorText(t, wrong)).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    expect(serverErrorText(t, unknown)).toBe('This e-mail is already registered.');
  });

  it("shows 'Oops, submission failed!' translated when no server answered", async () => {
    const network = { message: 'Failed to fetch', fromServer: false };
    expect(serverErrorText(t, network)).toBe('Oops, submission failed!');
    expect(serverErrorText(t, { message: ' ', fromServer: true })).toBe('Oops, submission failed!');
    await testI18n.changeLanguage('de');
    expect(serverErrorText(t, network)).toBe('Hoppla, das Absenden ist fehlgeschlagen!');
  });
});

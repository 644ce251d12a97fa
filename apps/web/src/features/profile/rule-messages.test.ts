import { describe, expect, it } from 'vitest';
import { PROFILE_ERROR_TEXTS } from '@showfloor/contracts';
import { testI18n } from '../../testing/i18n.ts';
import de from './locales/de.json';
import en from './locales/en.json';
import { RULE_MESSAGE_KEYS, ruleMessage } from './rule-messages.ts';

describe('profile rule messages', () => {
  it('keeps every message of spec 02 §5 letter for letter in English and translates it to Deutsch', () => {
    for (const [name, key] of Object.entries(RULE_MESSAGE_KEYS)) {
      const english = PROFILE_ERROR_TEXTS[name as keyof typeof RULE_MESSAGE_KEYS];
      expect(en.rules[key], name).toBe(english);
      expect(de.rules[key], name).toBeTruthy();
      expect(de.rules[key], name).not.toBe(english);
    }
  });

  it('shows a known message in the UI language and an unknown one as the rule gave it', async () => {
    const t = testI18n.getFixedT('de');
    expect(ruleMessage(t, PROFILE_ERROR_TEXTS.SKILL_FORBIDDEN)).toBe(
      'Die Fähigkeit enthält unzulässige Zeichen',
    );
    expect(ruleMessage(t, 'Job title must be at most 100 characters')).toBe(
      'Die Berufsbezeichnung darf höchstens 100 Zeichen lang sein',
    );
    expect(ruleMessage(t, 'Some new rule')).toBe('Some new rule');
    expect(ruleMessage(testI18n.getFixedT('en'), 'Tag must be at most 2000 characters')).toBe(
      'Tag must be at most 2000 characters',
    );
  });
});

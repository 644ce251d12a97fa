import { describe, expect, it } from 'vitest';
import { parseWebEnv } from './env-schema.ts';

describe('the web build configuration', () => {
  it('defaults every variable, and treats an empty value as not set', () => {
    const env = parseWebEnv({ VITE_SPECIAL_EVENT_CODE: '' });
    expect(env.VITE_GATEWAY_URL).toBe('');
    expect(env.VITE_SPECIAL_EVENT_CODE).toBe('VIP');
    expect(env.VITE_PRIVACY_POLICY_URL).toMatch(/^https:\/\//);
  });

  it('keeps a given value', () => {
    const env = parseWebEnv({ VITE_COOKIE_POLICY_URL: 'https://events.example/cookies' });
    expect(env.VITE_COOKIE_POLICY_URL).toBe('https://events.example/cookies');
  });

  it('refuses a bad value, naming every bad variable', () => {
    expect(() =>
      parseWebEnv({ VITE_PRIVACY_POLICY_URL: 'not a url', VITE_TERMS_OF_USE_URL: 'nope' }),
    ).toThrow(/Invalid web environment: VITE_PRIVACY_POLICY_URL: .*; VITE_TERMS_OF_USE_URL: /);
  });

  it('embeds only its own variables, never the rest of the environment', () => {
    const env = parseWebEnv({ VITE_SECRET_TOKEN: 'x', DATABASE_URL: 'postgres://u:p@h/db' });
    expect(JSON.stringify(env)).not.toMatch(/SECRET|DATABASE|postgres/);
  });
});

import { describe, expect, it } from 'vitest';
import { FANOUT_PAYLOAD_MAX_BYTES } from '@showfloor/contracts';
import { DEV_PROVIDER_URL, EnvError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults for development', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(8080);
    expect(env.PROVIDER_URL).toBe(DEV_PROVIDER_URL);
    expect(env.WEB_ORIGIN).toEqual([]);
    expect(env.REDIS_URL).toBeUndefined();
  });

  it('coerces numbers and splits the allowed origins', () => {
    const env = parseEnv({
      PORT: '9000',
      WEB_ORIGIN: 'https://app.example.com, http://localhost:5173',
      PROVIDER_TIMEOUT_MS: '250',
      FRAME_ORIGINS: 'https://rooms.example.com,http://127.0.0.1:4010/',
    });
    expect(env.FRAME_ORIGINS).toEqual(['https://rooms.example.com', 'http://127.0.0.1:4010']);
    expect(env.MEDIA_ORIGINS).toEqual([]);
    expect(env.PORT).toBe(9000);
    expect(env.PROVIDER_TIMEOUT_MS).toBe(250);
    expect(env.WEB_ORIGIN).toEqual(['https://app.example.com', 'http://localhost:5173']);
  });

  it('names every bad variable in one message', () => {
    let caught: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        PROVIDER_URL: 'not a url',
        WEB_ORIGIN: 'https://a.example.com/path',
        FRAME_ORIGINS: '*',
        LOG_LEVEL: 'loud',
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const message = (caught as Error).message;
    for (const name of ['PORT', 'PROVIDER_URL', 'WEB_ORIGIN', 'FRAME_ORIGINS', 'LOG_LEVEL'])
      expect(message).toContain(name);
  });

  it("holds the provider's and the call widget's URLs to the contracts' http(s) URL rule", () => {
    for (const name of ['PROVIDER_URL', 'CALL_WIDGET_URL', 'CALL_WIDGET_SCRIPT_URL'])
      expect(() =>
        parseEnv({ CALL_WIDGET_URL: 'https://meet.example', [name]: 'ftp://meet.example' }),
      ).toThrow(`${name}: Expected an http or https URL`);
  });

  it("takes the relay's fan-out payload limit from the contracts, and no smaller (room messages are bounded to fit it)", () => {
    expect(parseEnv({}).RELAY_FANOUT_MAX_BYTES).toBe(FANOUT_PAYLOAD_MAX_BYTES);
    expect(parseEnv({ RELAY_FANOUT_MAX_BYTES: '4096' }).RELAY_FANOUT_MAX_BYTES).toBe(4096);
    expect(() => parseEnv({ RELAY_FANOUT_MAX_BYTES: String(FANOUT_PAYLOAD_MAX_BYTES - 1) })).toThrow(
      `RELAY_FANOUT_MAX_BYTES: must be at least ${FANOUT_PAYLOAD_MAX_BYTES}`,
    );
  });

  it('requires PROVIDER_URL in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/PROVIDER_URL: is required in production/);
    expect(parseEnv({ NODE_ENV: 'production', PROVIDER_URL: 'http://provider:4010/' }).PROVIDER_URL).toBe(
      'http://provider:4010',
    );
  });
});

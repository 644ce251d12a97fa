import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('mock provider env', () => {
  it('applies the defaults', () => {
    expect(loadEnv({})).toEqual({
      PORT: 4010,
      HOST: '127.0.0.1',
      MOCK_PROVIDER_DEMO: false,
      DEMO_ROOMS_APP_ORIGINS: [],
      LOG_LEVEL: 'info',
    });
  });

  it('reads where the demo rooms are served and which app origins may frame them', () => {
    expect(
      loadEnv({
        DEMO_ROOMS_URL: 'http://127.0.0.1:4010',
        DEMO_ROOMS_APP_ORIGINS: 'http://localhost:8080, http://127.0.0.1:8080/',
      }),
    ).toMatchObject({
      DEMO_ROOMS_URL: 'http://127.0.0.1:4010',
      DEMO_ROOMS_APP_ORIGINS: ['http://localhost:8080', 'http://127.0.0.1:8080'],
    });
    expect(() => loadEnv({ DEMO_ROOMS_APP_ORIGINS: 'http://localhost:8080/app' })).toThrow(
      /DEMO_ROOMS_APP_ORIGINS/,
    );
    expect(() => loadEnv({ DEMO_ROOMS_URL: 'ftp://127.0.0.1:4010' })).toThrow(
      /DEMO_ROOMS_URL.*Expected an http or https URL/,
    );
  });

  it('reads the demo switch, port and public URL', () => {
    expect(
      loadEnv({ PORT: '5000', MOCK_PROVIDER_DEMO: '1', PUBLIC_URL: 'http://localhost:8080' }),
    ).toMatchObject({
      PORT: 5000,
      MOCK_PROVIDER_DEMO: true,
      PUBLIC_URL: 'http://localhost:8080',
    });
  });

  it('lists every bad variable in one message', () => {
    expect(() => loadEnv({ PORT: 'abc', MOCK_PROVIDER_DEMO: 'yes', PUBLIC_URL: 'nope' })).toThrow(
      /PORT[\s\S]*MOCK_PROVIDER_DEMO[\s\S]*PUBLIC_URL/,
    );
  });
});

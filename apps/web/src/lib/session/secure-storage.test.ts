import { describe, expect, it } from 'vitest';
import { createMemoryKeyStore, createSecureStorage } from './secure-storage.ts';

function storage() {
  return createSecureStorage({ keyStore: createMemoryKeyStore(), storage: window.localStorage });
}

describe('secure storage', () => {
  it('round-trips a value and never stores it in clear text', async () => {
    const store = storage();
    await store.setItem('currentUser', '{"jwt_token":"secret-token"}');
    const raw = window.localStorage.getItem('currentUser') ?? '';
    expect(raw).not.toContain('secret-token');
    expect(raw).toMatch(/^v1\./);
    await expect(store.getItem('currentUser')).resolves.toBe('{"jwt_token":"secret-token"}');
  });

  it('uses a fresh IV for every write', async () => {
    const store = storage();
    await store.setItem('k', 'same');
    const first = window.localStorage.getItem('k');
    await store.setItem('k', 'same');
    expect(window.localStorage.getItem('k')).not.toBe(first);
  });

  it('reads empty text when the value is missing', async () => {
    await expect(storage().getItem('absent')).resolves.toBe('');
  });

  it('reads empty text when the stored value was tampered with', async () => {
    const store = storage();
    await store.setItem('currentUser', 'hello');
    const raw = window.localStorage.getItem('currentUser') ?? '';
    const last = raw.at(-2) === 'A' ? 'B' : 'A';
    window.localStorage.setItem('currentUser', `${raw.slice(0, -2)}${last}${raw.slice(-1)}`);
    await expect(store.getItem('currentUser')).resolves.toBe('');
  });

  it('reads empty text for garbage and for a value written with another key', async () => {
    window.localStorage.setItem('a', 'not-encrypted-at-all');
    await expect(storage().getItem('a')).resolves.toBe('');
    await storage().setItem('b', 'written with a key that is gone');
    await expect(storage().getItem('b')).resolves.toBe('');
  });

  it('refuses a value copied under another storage key', async () => {
    const store = storage();
    await store.setItem('one', 'value');
    window.localStorage.setItem('two', window.localStorage.getItem('one') ?? '');
    await expect(store.getItem('two')).resolves.toBe('');
  });
});

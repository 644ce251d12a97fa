// Encrypted local storage (spec 01 §3: the current user is kept encrypted). AES-GCM with a non-extractable key
// kept in IndexedDB, so the key never sits next to the ciphertext in localStorage. Reading never throws: a
// missing, tampered or undecryptable value reads as '' (spec 01 §5), which the session treats as signed out.

const FORMAT_VERSION = 'v1';
const IV_BYTES = 12;

/** Where the AES key lives. */
export interface KeyStore {
  /** The key, created on first use. */
  getKey(): Promise<CryptoKey>;
}

export interface SecureStorage {
  /** Encrypts and stores `value` under `key`. Rejects only when the browser has no Web Crypto. */
  setItem(key: string, value: string): Promise<void>;
  /** The decrypted value, or '' when the key or value is missing or cannot be decrypted. */
  getItem(key: string): Promise<string>;
  removeItem(key: string): void;
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('Web Crypto is unavailable (the page must be served over https or from localhost)');
  return s;
}

function generateKey(): Promise<CryptoKey> {
  return subtle().generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** A key that lives as long as the page: for tests and for browsers without IndexedDB. */
export function createMemoryKeyStore(): KeyStore {
  let key: Promise<CryptoKey> | undefined;
  return {
    getKey() {
      key ??= generateKey();
      return key;
    },
  };
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * Keeps one non-extractable key per origin in IndexedDB. Two tabs creating it at once is settled by `add`
 * (the second add fails and that tab reads the first tab's key).
 */
export function createIndexedDbKeyStore(
  dbName = 'showfloor',
  storeName = 'keys',
  id = 'storage-key',
): KeyStore {
  let key: Promise<CryptoKey> | undefined;
  const open = (): Promise<IDBDatabase> => {
    const req = indexedDB.open(dbName, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(storeName);
    return request(req);
  };
  const load = async (): Promise<CryptoKey> => {
    const db = await open();
    try {
      const existing = (await request(db.transaction(storeName).objectStore(storeName).get(id))) as
        CryptoKey | undefined;
      if (existing) return existing;
      const created = await generateKey();
      try {
        await request(db.transaction(storeName, 'readwrite').objectStore(storeName).add(created, id));
        return created;
      } catch {
        const winner = (await request(db.transaction(storeName).objectStore(storeName).get(id))) as
          CryptoKey | undefined;
        if (!winner) throw new Error('could not store the storage key');
        return winner;
      }
    } finally {
      db.close();
    }
  };
  return {
    getKey() {
      key ??= load().catch((err: unknown) => {
        key = undefined;
        throw err;
      });
      return key;
    },
  };
}

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i += 1) out[i] = s.charCodeAt(i);
  return out;
}

export interface SecureStorageOptions {
  keyStore: KeyStore;
  /** @default window.localStorage */
  storage?: Storage;
}

export function createSecureStorage({
  keyStore,
  storage = window.localStorage,
}: SecureStorageOptions): SecureStorage {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return {
    async setItem(key, value) {
      const cryptoKey = await keyStore.getKey();
      const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
      // The storage key is authenticated data: a value copied under another key does not decrypt.
      const sealed = await subtle().encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(key) },
        cryptoKey,
        encoder.encode(value),
      );
      storage.setItem(key, `${FORMAT_VERSION}.${toBase64(iv)}.${toBase64(new Uint8Array(sealed))}`);
    },
    async getItem(key) {
      const stored = storage.getItem(key);
      if (!stored) return '';
      try {
        const [version, iv, data, ...rest] = stored.split('.');
        if (version !== FORMAT_VERSION || !iv || !data || rest.length > 0) return '';
        const cryptoKey = await keyStore.getKey();
        const plain = await subtle().decrypt(
          { name: 'AES-GCM', iv: fromBase64(iv), additionalData: encoder.encode(key) },
          cryptoKey,
          fromBase64(data),
        );
        return decoder.decode(plain);
      } catch {
        return '';
      }
    },
    removeItem(key) {
      storage.removeItem(key);
    },
  };
}

let defaultStorage: SecureStorage | undefined;

/** The app's encrypted storage over localStorage. */
export function secureStorage(): SecureStorage {
  defaultStorage ??= createSecureStorage({
    keyStore: typeof indexedDB === 'undefined' ? createMemoryKeyStore() : createIndexedDbKeyStore(),
  });
  return defaultStorage;
}

/**
 * The mock provider's state on disk (`MOCK_PROVIDER_STATE_FILE`): every collection and the token-signing key,
 * written when the process stops gracefully and read when it starts, so a restart keeps users, sessions (their
 * tokens stay valid) and every stored message, as a real backend with a database would. v8 serialisation keeps
 * Maps and Buffers as they are; the file is replaced atomically (write, then rename).
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { deserialize, serialize } from 'node:v8';
import type { StateData } from './state.ts';

/** The key tokens are signed with, as PKCS#8 PEM, and its key id. */
export interface SigningKeyData {
  pkcs8: string;
  kid: string;
}

/** What the state file holds. */
export interface ProviderSnapshot {
  version: 1;
  /** When it was written (ms since the epoch). */
  savedAt: number;
  data: StateData;
  signingKey: SigningKeyData;
}

/** Writes the snapshot to `path` atomically. */
export function saveSnapshot(path: string, snapshot: ProviderSnapshot): void {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, serialize(snapshot));
  renameSync(temporary, path);
}

/** Reads the snapshot at `path`; undefined when there is none yet. Throws on a file of another shape. */
export function loadSnapshot(path: string): ProviderSnapshot | undefined {
  if (!existsSync(path)) return undefined;
  const snapshot = deserialize(readFileSync(path)) as Partial<ProviderSnapshot> | null;
  if (
    snapshot?.version !== 1 ||
    typeof snapshot.signingKey?.pkcs8 !== 'string' ||
    !(snapshot.data?.users instanceof Map)
  )
    throw new Error(`${path} is not a mock-provider state file`);
  return snapshot as ProviderSnapshot;
}

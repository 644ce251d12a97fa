import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Harness } from '../../test/harness.ts';
import { buildFixture } from '../fixtures/demo.ts';
import { loadSnapshot, saveSnapshot } from './snapshot.ts';
import { STATE_KEYS } from './state.ts';

type Page = { messages: Array<{ id: string; seq: number; message: string }> };

describe('state file', () => {
  const dirs: string[] = [];
  const file = () => {
    const dir = mkdtempSync(join(tmpdir(), 'provider-state-'));
    dirs.push(dir);
    return join(dir, 'state');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('names every collection of the state', () => {
    expect([...STATE_KEYS].sort()).toEqual(Object.keys(buildFixture(Date.now())).sort());
  });

  it('keeps sessions, stored messages, seqs and client ids across a restart', async () => {
    const before = await new Harness().ready();
    const token = await before.signIn('ada@demo.test');
    const send = (h: Harness, message: string, clientId: string) =>
      h.call('conversation', 'sendMessage', {
        token,
        body: { message, conversation_id: 'conv-1', client_id: clientId },
      });
    const first = await send(before, 'before the restart', 'c-1');
    expect(first.status).toBe(200);
    const path = file();
    saveSnapshot(path, before.app.mockProvider.snapshot());
    await before.app.close();

    const restored = loadSnapshot(path);
    expect(restored).toBeDefined();
    const after = await new Harness({ ...(restored ? { restore: restored } : {}) }).ready();
    expect(after.app.mockProvider.jwks()).toEqual(before.app.mockProvider.jwks());
    // The old token is still valid, the message is still there, a resend is still recognised.
    const resend = await send(after, 'before the restart', 'c-1');
    expect(resend.status).toBe(200);
    expect((resend.body as { id: string }).id).toBe((first.body as { id: string }).id);
    const next = await send(after, 'after the restart', 'c-2');
    expect((next.body as { seq: number }).seq).toBe((first.body as { seq: number }).seq + 1);
    const read = await after.call('conversation', 'getConversation', {
      token,
      params: { id: 'conv-1' },
      query: { after_seq: 0 },
    });
    expect((read.body as Page).messages.map((m) => m.message).slice(-2)).toEqual([
      'before the restart',
      'after the restart',
    ]);
    await after.app.close();
  });

  it('reads nothing where there is no file and refuses a file of another shape', () => {
    const path = file();
    expect(loadSnapshot(path)).toBeUndefined();
    writeFileSync(path, 'not a state');
    expect(() => loadSnapshot(path)).toThrow();
  });
});

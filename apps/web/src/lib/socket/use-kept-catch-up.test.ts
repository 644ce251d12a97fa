// keptCatchUp on its own: which catch-up of a socket records and which acts, decided when its answer comes.
import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { unconnectedSocket } from '../../testing/fake-socket.ts';
import { setSocket } from './registry.ts';
import { keptCatchUp } from './use-kept-catch-up.ts';

afterEach(() => setSocket(null));

describe('keptCatchUp', () => {
  it('acts on a second ask answered after the first: the first, still in flight when the socket dropped, primed it', async () => {
    const answers: Array<(frames: string[]) => void> = [];
    const useKept = keptCatchUp<string>(
      () =>
        new Promise<string[]>((resolve) => {
          answers.push(resolve);
        }),
    );
    const recorded: string[] = [];
    const acted: string[] = [];
    const fake = unconnectedSocket();
    renderHook(() => useKept({ record: (id) => recorded.push(id), act: (id) => acted.push(id) }));
    act(fake.connect);
    // The first ask is in flight as the socket drops and reconnects: the reconnect asks again.
    act(fake.drop);
    act(fake.connect);
    expect(answers).toHaveLength(2);
    await act(async () => answers[0]?.(['a1']));
    await act(async () => answers[1]?.(['a1', 'a2']));
    expect(recorded).toEqual(['a1']);
    // The second answer goes to act whole (the real act skips the ids it has seen).
    expect(acted).toEqual(['a1', 'a2']);
  });
});

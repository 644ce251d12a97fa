// keptCatchUp on its own: which catch-up of a socket records and which acts, decided when its answer comes.
import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { RELAY_EVENTS } from '@showfloor/contracts';
import { unconnectedSocket } from '../../testing/fake-socket.ts';
import { setSocket } from './registry.ts';
import { keptCatchUp } from './use-kept-catch-up.ts';

afterEach(() => setSocket(null));

describe('keptCatchUp', () => {
  it('acts on a second ask answered after the first: the first, still in flight when the socket dropped, primed it', async () => {
    const answers: Array<(ack: unknown) => void> = [];
    const refreshes = (...ids: string[]) => ({ statusCode: 200, refreshes: ids.map((id) => ({ id })) });
    const useKept = keptCatchUp(RELAY_EVENTS.REFRESHES_CATCH_UP, (answer) => answer.refreshes);
    const recorded: string[] = [];
    const acted: string[] = [];
    const fake = unconnectedSocket(
      () =>
        new Promise((resolve) => {
          answers.push(resolve);
        }),
    );
    renderHook(() => useKept({ record: ({ id }) => recorded.push(id), act: ({ id }) => acted.push(id) }));
    act(fake.connect);
    // The first ask is in flight as the socket drops and reconnects: the reconnect asks again.
    act(fake.drop);
    act(fake.connect);
    expect(fake.emitted).toEqual([
      { topic: 'refreshes_catch_up', payload: {} },
      { topic: 'refreshes_catch_up', payload: {} },
    ]);
    act(() => answers[0]?.(refreshes('a1')));
    await waitFor(() => expect(recorded).toEqual(['a1']));
    act(() => answers[1]?.(refreshes('a1', 'a2')));
    // The second answer goes to act whole (the real act skips the ids it has seen).
    await waitFor(() => expect(acted).toEqual(['a1', 'a2']));
    expect(recorded).toEqual(['a1']);
  });

  it("records nothing from an answer its topic's ack schema refuses: the next first connect records", async () => {
    // A refresh without its id: refused by the contracts' schema, so no answer.
    let answer: unknown = { statusCode: 200, refreshes: [{ url: '/no-id' }] };
    const fake = unconnectedSocket(() => answer);
    const useKept = keptCatchUp(RELAY_EVENTS.REFRESHES_CATCH_UP, (ack) => ack.refreshes);
    const recorded: unknown[] = [];
    const acted: unknown[] = [];
    renderHook(() => useKept({ record: (f) => recorded.push(f), act: (f) => acted.push(f) }));
    act(fake.connect);
    answer = { statusCode: 200, refreshes: [{ id: 'a2' }] };
    act(fake.drop);
    act(fake.connect);
    await waitFor(() => expect(recorded).toEqual([{ id: 'a2' }]));
    expect(acted).toEqual([]);
  });
});

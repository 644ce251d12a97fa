/** The effects table: one effect per catalogue entry, run with that call's success, failures logged. */
import { describe, expect, it } from 'vitest';
import { listCalls } from '@showfloor/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { GatewayEvents, type CallSucceeded } from '../calls/call-events.ts';
import type { RelayContext } from './context.ts';
import { RELAY_EFFECTS, installEffects, type EffectContext, type RelayEffects } from './effects.ts';

function fakeLogger(warnings: unknown[]): FastifyBaseLogger {
  return {
    warn: (...args: unknown[]) => warnings.push(args),
    error: () => {},
  } as unknown as FastifyBaseLogger;
}

const caller = { id: 7, event_code: 'DEMO' } as CallSucceeded['user'];

describe('relay effects', () => {
  it('keys every effect by a catalogue entry', () => {
    const keys = new Set(listCalls().map(({ service, name }) => `${service}.${name}`));
    expect(Object.keys(RELAY_EFFECTS).filter((key) => !keys.has(key))).toEqual([]);
    expect(Object.keys(RELAY_EFFECTS).sort()).toEqual([
      'auth.putAccess',
      'user.deactivateUser',
      'user.deletePicture',
      'user.replacePicture',
      'user.setRecruitingStatus',
      'user.uploadPicture',
    ]);
  });

  it("runs the effect of the call that succeeded, with that call's input, and nothing for other calls", () => {
    const warnings: unknown[] = [];
    const events = new GatewayEvents(fakeLogger([]));
    const seen: unknown[] = [];
    const table: RelayEffects = {
      'user.deactivateUser': ({ input, router, key }) =>
        void seen.push({ key, router, userId: input.user_id }),
    };
    const effects = { relay: { logger: fakeLogger(warnings) } as RelayContext } as EffectContext;
    const stop = installEffects(events, effects, table);
    const success = { output: { message: 'ok' }, user: caller, requestId: 'r-1' };
    events.emitCallSucceeded({ service: 'user', name: 'getUser', input: { id: 9 }, ...success });
    events.emitCallSucceeded({ service: 'user', name: 'deactivateUser', input: { user_id: 9 }, ...success });
    expect(seen).toEqual([{ key: 'user.deactivateUser', router: 'user', userId: 9 }]);
    stop();
    events.emitCallSucceeded({ service: 'user', name: 'deactivateUser', input: { user_id: 9 }, ...success });
    expect(seen).toHaveLength(1);
    expect(warnings).toEqual([]);
  });

  it('logs an effect that fails, and the call still counts as succeeded', async () => {
    const warnings: unknown[] = [];
    const events = new GatewayEvents(fakeLogger([]));
    const table: RelayEffects = { 'auth.putAccess': async () => Promise.reject(new Error('provider away')) };
    installEffects(
      events,
      { relay: { logger: fakeLogger(warnings) } as RelayContext } as EffectContext,
      table,
    );
    events.emitCallSucceeded({
      service: 'auth',
      name: 'putAccess',
      input: { rule: { type: 'role', role_id: 'presenter', room_id: 5, user_id: 9 } },
      output: { message: 'ok' },
      user: caller,
      requestId: 'r-2',
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject([{ call: 'auth.putAccess' }, 'relay: a call effect failed']);
  });
});

import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  type CallInput,
  type CallOutput,
  type RestCall,
  ProviderErrorSchema,
  callInputKeys,
  callInputSchema,
  callPath,
  catalogue,
  fillPath,
  listCalls,
  splitCallInput,
  successSchema,
  URL_CALLS,
} from '../src/index.ts';
import { callExamples } from './fixtures/catalogue-examples.ts';

const calls = listCalls();
const key = (c: { service: string; name: string }): string => `${c.service}.${c.name}`;
const pretty = (error: z.ZodError): string => z.prettifyError(error);

describe('catalogue entries', () => {
  it('has examples for every entry, and none for an entry that does not exist', () => {
    const keys = calls.map(key);
    expect(keys.filter((k) => !(k in callExamples))).toEqual([]);
    expect(Object.keys(callExamples).filter((k) => !keys.includes(k))).toEqual([]);
  });

  it('files each call under the service group it names', () => {
    for (const { service, call } of calls) expect(call.service).toBe(service);
  });

  it('names each method and path once per service group', () => {
    const seen = calls.map(({ call }) => `${call.service} ${call.method} ${call.path}`);
    expect(seen.filter((s, i) => seen.indexOf(s) !== i)).toEqual([]);
  });

  it('declares exactly the path parameters its path uses', () => {
    for (const { call, service, name } of calls) {
      const inPath = [...call.path.matchAll(/:([A-Za-z_]\w*)/g)].map((m) => m[1]).sort();
      expect({ call: `${service}.${name}`, params: callInputKeys(call).params.sort() }).toEqual({
        call: `${service}.${name}`,
        params: inPath,
      });
    }
  });

  it('answers errors with the provider error body', () => {
    for (const { call } of calls) {
      for (const [status, schema] of Object.entries(call.responses)) {
        if (Number(status) >= 400) expect(schema).toBe(ProviderErrorSchema);
      }
    }
  });

  it('merges params, query and body of every call without a key collision', () => {
    for (const { call } of calls) expect(() => callInputSchema(call)).not.toThrow();
  });

  describe.each(calls.map((c) => [key(c), c.call] as const))('%s', (name, call) => {
    const example = callExamples[name];

    it('accepts its example input, and each part parses with its own schema after the split', () => {
      const parsed = callInputSchema(call).safeParse(example?.input);
      expect(parsed.success ? '' : pretty(parsed.error)).toBe('');
      if (!parsed.success) return;
      const split = splitCallInput(call, parsed.data as Record<string, unknown>);
      for (const part of ['params', 'query', 'body'] as const) {
        const schema = call[part];
        if (schema === undefined) {
          expect(split[part]).toBeUndefined();
          continue;
        }
        const result = schema.safeParse(split[part]);
        expect(result.success ? '' : pretty(result.error)).toBe('');
      }
    });

    it('accepts its example success answer', () => {
      const result = successSchema(call).safeParse(example?.output);
      expect(result.success ? '' : pretty(result.error)).toBe('');
    });

    it('rejects an invalid input with a readable message', () => {
      const result = callInputSchema(call).safeParse(example?.invalid.input);
      expect(result.success).toBe(false);
      if (!result.success) expect(pretty(result.error)).toContain(example?.invalid.message);
    });
  });
});

describe('catalogue rules of the brief', () => {
  const names = (pred: (c: RestCall) => boolean): string[] =>
    calls
      .filter(({ call }) => pred(call))
      .map(key)
      .sort();

  it('makes public only the sign-in flow, login-page reads and the JWKS', () => {
    expect(names((c) => c.auth === 'public')).toEqual(
      [
        'auth.signin',
        'auth.signup',
        'auth.password',
        'auth.oauth2',
        'auth.oauth2Callback',
        'auth.providers',
        'auth.jwks',
        // The gateway asks which sessions are over; a sid is a claim of the token that names it.
        'auth.sessionStatus',
        'event.loginFaqs',
        // Read before sign-in by /info, the login and the registration pages (see the catalogue comments).
        'event.getOpenHours',
        'event.getEvent',
        'event.getPreferences',
        'content.getPoster',
        'content.getFile',
      ].sort(),
    );
  });

  it('answers CSV, files and redirects where the spec downloads or navigates', () => {
    expect(names((c) => c.answer === 'csv')).toEqual([
      'businesscard.exportCards',
      'conversation.exportChats',
      'user.exportUsers',
    ]);
    expect(names((c) => c.answer === 'redirect')).toEqual(['auth.oauth2']);
    expect(names((c) => c.answer === 'file')).toEqual(
      [
        'content.download',
        'content.getBanner',
        'content.getFile',
        'content.getPoster',
        'user.getProfilePicture',
      ].sort(),
    );
  });

  it('keeps managing the event to managers', () => {
    const manager = names((c) => c.auth === 'manager');
    for (const name of [
      'event.createEvent',
      'event.updateEvent',
      'event.setOpenHours',
      'content.createRoom',
      'content.updateRoomContent',
      'content.createMedia',
      'content.updateMiniMapArea',
      'user.importUsers',
      'user.exportUsers',
      'user.activateUser',
      'auth.putAccess',
      'event.createBot',
      'event.updatePreference',
      'user.listReportedUsers',
      'user.decideReport',
    ]) {
      expect(manager).toContain(name);
    }
  });

  it('keeps the recruiting dashboard to recruiters (event-admin in mode Recruiting)', () => {
    expect(names((c) => c.auth === 'recruiter')).toEqual([
      'user.getRecruitingUserData',
      'user.setRecruitingStatus',
      'user.updateRecruitingNotes',
    ]);
  });

  it('marks reads as safe to retry', () => {
    for (const { call } of calls) if (call.method === 'GET') expect(call.idempotent).toBe(true);
  });
});

describe('callInputSchema and splitCallInput', () => {
  it('refuses a call whose params, query and body share a key', () => {
    const clash: RestCall = {
      service: 'user',
      method: 'PATCH',
      path: '/user/:id',
      params: z.object({ id: z.string() }),
      body: z.object({ id: z.string() }),
      responses: { 200: z.object({}) },
      auth: 'user',
      summary: 'clash',
    };
    expect(() => callInputSchema(clash)).toThrow('input key "id" is in both params and body');
  });

  it('splits a flat input back into params, query and body', () => {
    const call = catalogue.auth.oauth2Callback;
    const input = callInputSchema(call).parse({
      code: 'c',
      frontend: 'visitor',
      provider: 'acme',
      event_code: 'DEMO',
    });
    expect(splitCallInput(call, input)).toEqual({
      params: undefined,
      query: { code: 'c' },
      body: { frontend: 'visitor', provider: 'acme', event_code: 'DEMO' },
    });
  });

  it('coerces path and query strings and applies body defaults', () => {
    const read = callInputSchema(catalogue.conversation.getConversation).parse({
      id: 'c-1',
      limit: '20',
      after_seq: '4',
    });
    expect(read).toEqual({ id: 'c-1', limit: 20, after_seq: 4 });
    const sent = callInputSchema(catalogue.conversation.sendMessage).parse({ message: 'Hi', room_id: 7 });
    expect(sent).toMatchObject({ type: 'text', action: 'message' });
  });

  it('keeps a part refinement working on the flat input', () => {
    const result = callInputSchema(catalogue.businesscard.updateCard).safeParse({ id: 9 });
    expect(result.success).toBe(false);
    if (!result.success)
      expect(result.error.issues.map((i) => i.message)).toEqual(['approved or notes must be specified']);
  });

  it('accepts no input for calls whose keys are all optional, but not for others', () => {
    expect(callInputSchema(catalogue.auth.signout).parse(undefined)).toEqual({});
    expect(callInputSchema(catalogue.conversation.listConversations).parse(undefined)).toEqual({});
    expect(callInputSchema(catalogue.user.getUser).safeParse(undefined).success).toBe(false);
  });

  it('types flat inputs and outputs from the catalogue', () => {
    expectTypeOf<CallInput<typeof catalogue.user.getUser>>().toEqualTypeOf<{ id: string | number }>();
    expectTypeOf<CallOutput<typeof catalogue.user.getUser>['data']['user']['id']>().toEqualTypeOf<number>();
    expectTypeOf<CallInput<typeof catalogue.auth.signin>>().toHaveProperty('email');
    expectTypeOf<CallOutput<typeof catalogue.auth.oauth2>>().toEqualTypeOf<{ location: string }>();
  });
});

describe('paths on the provider', () => {
  it('places service calls under /api/v1/{service} and the collaboration backend under /api/database', () => {
    expect(callPath(catalogue.user.getUser)).toBe('/api/v1/user/user/:id');
    expect(callPath(catalogue.database.getAvatars)).toBe('/api/database/avatars');
  });

  it('fills path parameters URI-encoded and names a missing one', () => {
    expect(fillPath(catalogue.businesscard.getCardInfo.path, { ofId: 43, toId: 42 })).toBe(
      '/businesscard/of/43/to/42',
    );
    expect(fillPath('/conversations/:id', { id: 'a/b' })).toBe('/conversations/a%2Fb');
    expect(() => fillPath('/user/:id', {})).toThrow('missing path parameter "id"');
  });
});

describe('URL_CALLS (the calls a browser opens by URL)', () => {
  it('lists exactly the calls that answer a file, a CSV or a redirect, with their method and path', () => {
    const opened = calls
      .filter(({ call }) => call.answer === 'file' || call.answer === 'csv' || call.answer === 'redirect')
      .map(({ service, name, call }) => `${service}.${name} ${call.method} ${call.path}`)
      .sort();
    const listed = Object.entries(URL_CALLS)
      .flatMap(([service, group]) =>
        Object.entries(group).map(([name, call]) => `${service}.${name} ${call.method} ${call.path}`),
      )
      .sort();
    expect(listed).toEqual(opened);
  });
});

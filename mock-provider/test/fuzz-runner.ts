/**
 * The schema-driven fuzz run: for each catalogue call, inputs generated from its own params/query/body
 * schemas (and broken variants, malformed JSON, odd tokens) are sent to an in-process provider. Every answer
 * must be below 500, and every error a JSON `{message}` body. Seeded, so a failure replays.
 */
import fc from 'fast-check';
import { z } from 'zod';
import {
  ProviderErrorSchema,
  callPath,
  listCalls,
  type RestCall,
  type ServiceGroup,
} from '@showfloor/contracts';
import { expect, it } from 'vitest';
import type { SessionRecord } from '../src/store/types.ts';
import { Raster } from '../src/files/png.ts';
import { asUrlText, valueFor } from './fuzz-arbitraries.ts';
import { Harness, multipart } from './harness.ts';

/** Cases per call; the whole run stays within the suite's time budget. */
export const FUZZ_RUNS_PER_CALL = 200;
const SEED = 20_260_615;
const UPLOAD_PNG = new Raster(2, 2, [200, 40, 40]).toPng();
const UPLOAD_CSV = Buffer.from('email,firstname,role\nfuzz@demo.test,Fuzz,visitor\nbad,Row,wizard\n');

type Json = Record<string, unknown>;
const schemaOf = (schema: z.ZodType | undefined): Json | undefined =>
  schema ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json) : undefined;

interface Tokens {
  manager: string;
  visitor: string;
  sessions: SessionRecord[];
}

function requestArbitrary(call: RestCall, tokens: Tokens) {
  const params = schemaOf(call.params);
  const query = schemaOf(call.query);
  const body = schemaOf(call.body);
  const paramNames = Object.keys((params?.properties ?? {}) as Json);
  const token = fc.constantFrom<string | undefined>(
    tokens.manager,
    tokens.manager,
    tokens.visitor,
    undefined,
    'not-a-token',
  );
  const uploads = fc.oneof(
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(UPLOAD_PNG, UPLOAD_CSV),
  );
  const bodyArbitrary: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> = call.multipart
    ? fc.oneof(
        fc
          .tuple(
            uploads,
            fc.constantFrom('file', 'other'),
            fc.constantFrom('upload.png', 'users.csv', '../x'),
          )
          .map(([data, field, filename]) => {
            const m = multipart([{ field, filename, contentType: 'application/octet-stream', data }]);
            return { payload: m.payload, contentType: m.contentType };
          }),
        fc.constant({ payload: '{}', contentType: 'application/json' }),
      )
    : body
      ? fc.oneof(
          {
            weight: 8,
            arbitrary: valueFor(body).map((value) => ({
              payload: JSON.stringify(value) ?? 'null',
              contentType: 'application/json',
            })),
          },
          {
            weight: 1,
            arbitrary: fc
              .string({ maxLength: 30 })
              .map((text) => ({ payload: `{${text}`, contentType: 'application/json' })),
          },
          { weight: 1, arbitrary: fc.constant({}) },
        )
      : fc.constant({});
  return fc
    .record({
      path: fc.tuple(
        ...paramNames.map((name) =>
          valueFor(((params?.properties ?? {}) as Record<string, Json>)[name], 0, name),
        ),
      ),
      query: query ? valueFor(query) : fc.constant(undefined),
      body: bodyArbitrary,
      token,
    })
    .map(({ path, query: q, body: b, token: t }) => {
      let url = callPath(call);
      paramNames.forEach((name, i) => {
        url = url.replace(`:${name}`, encodeURIComponent(asUrlText(path[i])) || '%20');
      });
      const search = new URLSearchParams();
      if (q && typeof q === 'object' && !Array.isArray(q))
        for (const [k, v] of Object.entries(q as Json)) if (v !== undefined) search.set(k, asUrlText(v));
      const qs = search.toString();
      return { url: qs ? `${url}?${qs}` : url, ...b, token: t };
    });
}

/** Declares one fuzz test per call of the given services. */
export function fuzzServices(services: readonly ServiceGroup[]): void {
  const h = new Harness();
  let tokens: Tokens | undefined;
  const prepare = async (): Promise<Tokens> => {
    if (tokens) return tokens;
    await h.ready();
    const manager = await h.signIn('root@demo.test');
    const visitor = await h.signIn('ada@demo.test');
    tokens = { manager, visitor, sessions: [...h.state.sessions.values()].map((s) => ({ ...s })) };
    return tokens;
  };

  for (const { service, name, call } of listCalls().filter((e) => services.includes(e.service))) {
    it(`never answers 500 or a non-JSON error to generated ${service}.${name} requests`, async () => {
      const t = await prepare();
      // Each call starts from the fixture with the two sessions alive, whatever the previous call changed.
      h.app.mockProvider.reset();
      for (const s of t.sessions) h.state.sessions.set(s.sid, { ...s });
      await fc.assert(
        fc.asyncProperty(requestArbitrary(call, t), async (request) => {
          // Keep the two callers signed in and active, so a sign-out or deactivation case does not end the run.
          for (const s of t.sessions) h.state.sessions.set(s.sid, { ...s });
          for (const s of t.sessions) {
            const user = h.state.users.get(s.user_id);
            if (user) user.active = true;
          }
          const headers: Record<string, string> = {};
          if (request.token) headers.authorization = `Bearer ${request.token}`;
          if (request.contentType) headers['content-type'] = request.contentType;
          const response = await h.app.inject({
            method: call.method,
            url: request.url,
            headers,
            ...(request.payload !== undefined ? { payload: request.payload } : {}),
          });
          expect(
            response.statusCode,
            `${call.method} ${request.url}: ${response.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          if (response.statusCode >= 400) {
            expect(response.headers['content-type']).toMatch(/^application\/json/);
            expect(ProviderErrorSchema.safeParse(JSON.parse(response.body)).success).toBe(true);
          }
        }),
        {
          numRuns: FUZZ_RUNS_PER_CALL,
          seed: SEED,
          interruptAfterTimeLimit: 4000,
          markInterruptAsFailure: false,
        },
      );
    });
  }
}

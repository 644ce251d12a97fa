/**
 * The authorisation matrix at the gateway's door: every id-bearing call of the catalogue × six callers
 * (anonymous, the owner, another visitor of the event, an exhibitor, an event-admin of another event, a user
 * of another event) → the answer the gateway gives, derived from the contracts' rules (access.ts CALL_ACCESS
 * and the call's `auth`). The rows are generated from the catalogue: a new call is in the matrix at once, and
 * a new id-bearing key without a rule fails here (and does not typecheck in access.ts).
 *
 * What the gateway decides from the token alone is asserted exactly: a call it does not offer (neither a
 * procedure nor a file route) → 404 for everyone; no token → 401; a manager or recruiter call by anyone else
 * → 403; `self` keys naming another user → 403; `self-or-manager` → 403 unless the caller manages;
 * `event_code` under `own-event` naming another event → 403 (admins excepted). None of these reach the
 * provider. Everything else reaches the provider with the caller's own token, and the provider applies the
 * remaining rules (enterable room, conversation, event user, own record, managed...): those run against the
 * real rules in authorisation-matrix-live.test.ts beside this file (the real provider's answers for file routes,
 * relay topics and the provider-decided rows), mock-provider/src/routes/access.test.ts and the other security
 * tests here.
 *
 * The stub provider answers every call 404 'reached the provider' and records who asked, so "passed the
 * gateway" is seen, not guessed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_ACCESS,
  callPath,
  idKeysOf,
  isManager,
  isRecruiter,
  listCalls,
  type IdRule,
  type RestCall,
  type Role,
} from '@showfloor/contracts';
import { callExamples } from '@showfloor/contracts/testing/catalogue-examples';
import { isProxiedCall } from '../proxy/files.ts';
import { startStubProvider, type StubProvider } from '../../test/stub-provider.ts';
import { callProcedure, procedurePaths, startGateway, type RunningGateway } from '../../test/gateway.ts';

/** A caller of the matrix; no claims = anonymous. */
interface Caller {
  name: string;
  claims?: { sub: string; event_code: string; roles: Role[] };
}

const OWNER = { id: 1, event_code: 'DEMO' };
const CALLERS: Caller[] = [
  { name: 'anonymous' },
  { name: 'owner', claims: { sub: '1', event_code: 'DEMO', roles: [{ role: 'visitor' }] } },
  { name: 'another visitor', claims: { sub: '2', event_code: 'DEMO', roles: [{ role: 'visitor' }] } },
  { name: 'exhibitor', claims: { sub: '3', event_code: 'DEMO', roles: [{ role: 'exhibitor' }] } },
  {
    name: 'event-admin of another event',
    claims: { sub: '8', event_code: 'VIP', roles: [{ role: 'event-admin', mode: 'Recruiting' }] },
  },
  { name: 'user of another event', claims: { sub: '6', event_code: 'VIP', roles: [{ role: 'visitor' }] } },
];

/** Id-bearing calls browsers make elsewhere, and where their rules are tested. */
const ELSEWHERE: Record<string, string> = {
  'auth.sessionStatus': "the gateway's own question to the provider (revocation); not offered to browsers",
  'conversation.sendMessage':
    "sent through the relay's chat topic; its room and conversation rules: authorisation-matrix-live.test.ts (chat) and room-chat.test.ts",
};

/**
 * The gateway's answer: refused before the provider (401 / 403), passed to it, or 404 for a call the gateway
 * does not offer at all (provider calls that are neither a procedure nor a file route).
 */
type Answer = 401 | 403 | 404 | 'provider';

type Rules = Readonly<Record<string, IdRule>>;

interface Row {
  label: string;
  call: RestCall;
  rules: Rules;
  input: Record<string, unknown>;
}

/** What the owner's thing is called under each rule the gateway reads (other keys keep the example's value). */
function ownerValue(key: string, rule: IdRule, example: unknown): unknown {
  if (rule === 'self' || rule === 'self-or-manager') return OWNER.id;
  if (rule === 'own-event' && key === 'event_code') return OWNER.event_code;
  return example;
}

/** The answer the rules give `caller` for a row whose id keys name the owner's things. */
function expectedAnswer(row: Row, isProcedure: boolean, caller: Caller): Answer {
  const { call, rules, input } = row;
  if (!isProcedure && !isProxiedCall(call)) return 404;
  if (call.auth === 'public') return 'provider';
  const claims = caller.claims;
  if (!claims) return 401;
  if (call.auth === 'manager' && !isManager(claims.roles)) return 403;
  if (call.auth === 'recruiter' && !isRecruiter(claims.roles)) return 403;
  // File routes check the token and the call's auth; the provider checks their ids.
  if (!isProcedure) return 'provider';
  const isAdmin = claims.roles.some((role) => role.role === 'admin');
  for (const [key, rule] of Object.entries(rules)) {
    const value = input[key];
    if (value === undefined || value === null) continue;
    const isCaller = Number(value) === Number(claims.sub);
    if (rule === 'self' && !isCaller) return 403;
    if (rule === 'self-or-manager' && !isCaller && !isManager(claims.roles)) return 403;
    if (rule === 'own-event' && key === 'event_code' && value !== claims.event_code && !isAdmin) return 403;
  }
  return 'provider';
}

/** Every id-bearing call of the catalogue, its input naming the owner's things. */
function matrixRows(): Row[] {
  const table = CALL_ACCESS as Record<string, Record<string, Rules | undefined>>;
  return listCalls()
    .filter(({ call }) => idKeysOf(call).length > 0)
    .map(({ service, name, call }) => {
      const label = `${service}.${name}`;
      const rules = table[service]?.[name];
      if (!rules) throw new Error(`${label} has no access rules in contracts' CALL_ACCESS`);
      const example = callExamples[label]?.input ?? {};
      const input: Record<string, unknown> = { ...example };
      for (const [key, rule] of Object.entries(rules)) {
        const value = ownerValue(key, rule, example[key]);
        if (value !== undefined) input[key] = value;
      }
      return { label, call, rules, input };
    });
}

let provider: StubProvider;
let gateway: RunningGateway;
const tokens = new Map<string, string>();
/** Provider requests of the calls under test, with the token they carried ('' without one). */
const reached: Array<{ token: string; hit: string }> = [];

/** Calls one row as `token`'s holder (a procedure, else the provider's path on the gateway); the HTTP status. */
async function callRow(row: Row, token: string | undefined, isProcedure: boolean): Promise<number> {
  if (isProcedure) {
    return (await callProcedure(gateway.url, row.label, row.input, token ? { token } : {})).status;
  }
  const url = callPath(row.call).replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, key: string) =>
    encodeURIComponent(String(row.input[key] ?? 1)),
  );
  const query = new URLSearchParams(
    Object.entries(row.input)
      .filter(([key]) => !row.call.path.includes(`:${key}`))
      .map(([key, value]): [string, string] => [key, String(value)]),
  );
  const response = await fetch(`${gateway.url}${url}?${query}`, {
    method: row.call.method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    redirect: 'manual',
  });
  await response.arrayBuffer();
  return response.status;
}

beforeAll(async () => {
  provider = await startStubProvider((app) => {
    app.addHook('onRequest', async (request, reply) => {
      // The gateway's own token checks (key set, session status) are not calls under test.
      if (
        request.url.startsWith('/api/v1/auth/jwks') ||
        request.url.startsWith('/api/v1/auth/sessions/status')
      )
        return;
      const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      reached.push({ token, hit: `${request.method} ${request.url.split('?')[0]}` });
      return reply.code(404).send({ message: 'reached the provider' });
    });
  });
  // The auth rate limits have their own test (rate-limits.test.ts); here every caller signs in many times.
  gateway = await startGateway(provider.url, {
    RATE_LIMIT_AUTH_PER_IP: '10000',
    RATE_LIMIT_AUTH_PER_ACCOUNT: '10000',
  });
  for (const caller of CALLERS)
    if (caller.claims)
      tokens.set(caller.name, await provider.sign({ ...caller.claims, sid: `sid-${caller.name}` }));
});
afterAll(async () => {
  await gateway?.close();
  await provider?.close();
});

describe('authorisation matrix (generated from the catalogue and CALL_ACCESS)', () => {
  const rows = matrixRows();

  it('covers every id-bearing call and every id key with a rule', () => {
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows)
      for (const key of idKeysOf(row.call)) expect(row.rules[key], `${row.label}.${key}`).toBeDefined();
  });

  for (const caller of CALLERS) {
    it(`answers ${caller.name} as the rules say, for every call`, async () => {
      const token = tokens.get(caller.name);
      const procedures = new Set(procedurePaths());
      const wrong: string[] = [];
      for (const row of rows) {
        if (row.label in ELSEWHERE) continue;
        const isProcedure = procedures.has(row.label);
        const expected = expectedAnswer(row, isProcedure, caller);
        const before = reached.length;
        const status = await callRow(row, token, isProcedure);
        const asked = reached.slice(before);
        const got: Answer | number = asked.length > 0 ? 'provider' : status;
        // A call that passes carries the caller's own token, never another's.
        const isOwnToken = row.call.auth === 'public' || asked.every((each) => each.token === (token ?? ''));
        if (got !== expected || !isOwnToken)
          wrong.push(`${row.label}: expected ${expected}, got ${got} (HTTP ${status})`);
      }
      expect(wrong).toEqual([]);
    });
  }
});

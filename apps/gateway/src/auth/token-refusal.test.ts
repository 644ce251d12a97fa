/**
 * A missing, forged, expired or revoked token is refused by the gateway itself with 401 / '401.1', on every
 * authed procedure, before the provider is called (the real mock provider counts what reaches it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, base64url, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { ERROR_CODES, catalogue, listCalls, type CurrentUser } from '@showfloor/contracts';
import { callProcedure, procedurePaths, startGateway, type RunningGateway } from '../../test/gateway.ts';
import { startMockProvider, type MockProvider } from '../../test/mock-provider.ts';
import { FIXTURE_IDS } from '@showfloor/mock-provider';
import { ROUTER_KEY_OF_SERVICE } from '../calls/router-keys.ts';

let mock: MockProvider;
let gateway: RunningGateway;
let ada: CurrentUser;

const authedPaths = () => {
  const auth = new Map(
    listCalls().map(({ service, name, call }) => [`${ROUTER_KEY_OF_SERVICE[service]}.${name}`, call.auth]),
  );
  return procedurePaths().filter((path) => auth.get(path) !== 'public');
};

beforeAll(async () => {
  mock = await startMockProvider();
  gateway = await startGateway(mock.url);
  const signin = await mock.direct(catalogue.auth.signin, {
    email: 'ada@demo.test',
    password: 'Showfloor2026',
    event_code: 'DEMO',
    frontend: 'visitor',
    force_login: true,
  });
  ada = (signin.body as { user_data: CurrentUser }).user_data;
});
afterAll(async () => {
  await gateway?.close();
  await mock?.close();
});

async function forgedTokens(): Promise<Record<string, string | undefined>> {
  const [header = '', payload = '', signature = ''] = ada.jwt_token.split('.');
  const claims = decodeJwt(ada.jwt_token);
  const { kid } = decodeProtectedHeader(ada.jwt_token);
  const otherKey = (await generateKeyPair('ES256')).privateKey;
  const now = Math.floor(Date.now() / 1000);
  return {
    missing: undefined,
    'not a JWT': 'not-a-jwt',
    'changed payload (someone else)': `${header}.${base64url.encode(JSON.stringify({ ...claims, sub: '999' }))}.${signature}`,
    "alg 'none'": `${base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT', kid }))}.${payload}.`,
    'signed by another key under the provider kid': await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'ES256', kid: kid ?? 'x' })
      .sign(otherKey),
    'expired (signed by another key)': await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'ES256', kid: kid ?? 'x' })
      .sign(otherKey),
  };
}

describe('token refusal before the provider', () => {
  it('accepts the real token (the control case)', async () => {
    const answer = await callProcedure(gateway.url, 'user.getWallet', undefined, { token: ada.jwt_token });
    expect(answer.status).toBe(200);
  });

  it('refuses missing and forged tokens with 401.1 on every authed procedure without calling the provider', async () => {
    const tokens = await forgedTokens();
    const paths = authedPaths();
    expect(paths.length).toBeGreaterThan(40);
    const before = mock.callHits().length;
    for (const [kind, token] of Object.entries(tokens)) {
      for (const path of paths) {
        const answer = await callProcedure(gateway.url, path, {}, token ? { token } : {});
        expect(answer.status, `${kind} token on ${path}`).toBe(401);
        expect(answer.error?.data.code).toBe('UNAUTHORIZED');
        expect(answer.error?.data.error_code, `${kind} token on ${path}`).toBe(ERROR_CODES.INVALID_TOKEN);
      }
    }
    expect(mock.callHits().length).toBe(before);
  });

  it('refuses a real token once it has expired, without calling the provider', async () => {
    const exp = decodeJwt(ada.jwt_token).exp ?? 0;
    const later = await startGateway(mock.url, {}, { now: () => (exp + 60) * 1000 });
    try {
      const before = mock.callHits().length;
      const answer = await callProcedure(later.url, 'user.getWallet', undefined, { token: ada.jwt_token });
      expect(answer.status).toBe(401);
      expect(answer.error?.data.error_code).toBe('401.1');
      expect(mock.callHits().length).toBe(before);
    } finally {
      await later.close();
    }
  });

  it('refuses a session signed out through the gateway, without calling the provider again', async () => {
    const signedOut = await callProcedure(gateway.url, 'auth.signout', undefined, { token: ada.jwt_token });
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get('set-cookie')).toMatch(
      /^showfloor_token=; Path=\/api; Max-Age=0; HttpOnly; SameSite=Strict/,
    );
    const before = mock.callHits().length;
    const answer = await callProcedure(gateway.url, 'user.getWallet', undefined, { token: ada.jwt_token });
    expect(answer.error?.data.error_code).toBe('401.1');
    expect(mock.callHits().length).toBe(before);
  });
});

describe('identity from the token, never from input', () => {
  it("refuses to act on another user's account or event before the provider is called", async () => {
    const signin = await mock.direct(catalogue.auth.signin, {
      email: 'grace@demo.test',
      password: 'Showfloor2026',
      event_code: 'DEMO',
      frontend: 'visitor',
      force_login: true,
    });
    const grace = (signin.body as { user_data: CurrentUser }).user_data;
    const before = mock.callHits().length;
    const { ada: adaId, linus: linusId } = FIXTURE_IDS.users;
    const attempts: Array<[string, unknown]> = [
      ['user.updateUser', { id: adaId, firstname: 'Mallory', lastname: 'M', email: 'mallory@demo.test' }],
      ['user.deactivateUser', { user_id: adaId }],
      ['user.createTags', { user_id: adaId, tags: [{ tag_name: 'spam', type: 'skill' }] }],
      ['user.reportUser', { reportedId: linusId, reporterId: adaId }],
      ['businesscard.requestCard', { user_id: linusId, requester_id: adaId }],
      ['conversation.getUserConversations', { id: adaId }],
      ['user.listUsers', { event_code: 'VIP' }],
    ];
    for (const [path, input] of attempts) {
      const answer = await callProcedure(gateway.url, path, input, { token: grace.jwt_token });
      expect(answer.status, path).toBe(403);
      expect(answer.error?.data.code).toBe('FORBIDDEN');
    }
    expect(mock.callHits().length).toBe(before);
    // Her own account works.
    const own = await callProcedure(
      gateway.url,
      'conversation.getUserConversations',
      { id: grace.id },
      { token: grace.jwt_token },
    );
    expect(own.status).toBe(200);
  });
});

describe('roles from the token, never from input', () => {
  it('keeps the recruiting procedures to event-admins in mode Recruiting, before the provider is called', async () => {
    const signInDirect = async (email: string) => {
      const signin = await mock.direct(catalogue.auth.signin, {
        email,
        password: 'Showfloor2026',
        event_code: 'DEMO',
        frontend: 'visitor',
        force_login: true,
      });
      return (signin.body as { user_data: CurrentUser }).user_data;
    };
    const { ada: adaId } = FIXTURE_IDS.users;
    const attempts: Array<[string, unknown]> = [
      ['user.getRecruitingUserData', { id: adaId }],
      ['user.setRecruitingStatus', { user_id: adaId, status_id: 1, event_code: 'DEMO' }],
      ['user.updateRecruitingNotes', { id: adaId, notes: 'Nice.' }],
    ];
    for (const email of ['ada@demo.test', 'root@demo.test']) {
      const caller = await signInDirect(email);
      const before = mock.callHits().length;
      for (const [path, input] of attempts) {
        const answer = await callProcedure(gateway.url, path, input, { token: caller.jwt_token });
        expect(answer.status, `${email} ${path}`).toBe(403);
        expect(answer.error?.data.code).toBe('FORBIDDEN');
      }
      expect(mock.callHits().length).toBe(before);
    }
    const erin = await signInDirect('erin@demo.test');
    const own = await callProcedure(
      gateway.url,
      'user.getRecruitingUserData',
      { id: adaId },
      {
        token: erin.jwt_token,
      },
    );
    expect(own.status).toBe(200);
  });
});

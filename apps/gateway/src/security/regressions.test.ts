/**
 * Findings of the security review that show at the gateway's door, each reproduced as it was found: ids that
 * cannot go into a URL, the open mailer, and the public files call that skipped the download rule. The rest
 * live beside the rule they break (mock-provider/src/routes/access.test.ts, signin-timing.test.ts, the
 * contracts' access.test.ts) and in the authorisation matrix (authorisation-matrix.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND_MESSAGES, type CurrentUser } from '@showfloor/contracts';
import {
  callProcedure,
  startGateway,
  signInThroughGateway,
  type RunningGateway,
} from '../../test/gateway.ts';
import { startMockProvider, type MockProvider } from '../../test/mock-provider.ts';

let mock: MockProvider;
let gateway: RunningGateway;
let ada: CurrentUser;
let adaCookie: string;

beforeAll(async () => {
  mock = await startMockProvider();
  gateway = await startGateway(mock.url);
  ({ user: ada, cookie: adaCookie } = await signInThroughGateway(gateway.url, 'ada@demo.test'));
});
afterAll(async () => {
  await gateway?.close();
  await mock?.close();
});

describe('security regressions at the gateway', () => {
  it('answers 400, not 500, to an id holding an unpaired surrogate', async () => {
    for (const [path, input] of [
      ['conversation.getConversation', { id: '\ud800' }],
      ['conversation.deleteMessage', { id: 'msg-\udc00' }],
    ] as const) {
      const answer = await callProcedure(gateway.url, path, input, { token: ada.jwt_token });
      expect(answer.status, path).toBe(400);
      expect(answer.error?.message, path).toContain('The id contains an invalid character');
    }
  });

  it('sends no e-mail to an address, subject or body a visitor chose', async () => {
    const open = await callProcedure(
      gateway.url,
      'event.sendEmail',
      { to: 'victim@elsewhere.test', subject: 'Hello', body: 'Anything at all' },
      { token: ada.jwt_token },
    );
    expect(open.status).toBe(400);
    const smuggled = await callProcedure(
      gateway.url,
      'event.sendEmail',
      { room_id: 4, content_id: 4, to: 'victim@elsewhere.test' },
      { token: ada.jwt_token },
    );
    expect(smuggled.status).toBe(400);
    expect(mock.app.mockProvider.state.emails).toEqual([]);
    const own = await callProcedure(
      gateway.url,
      'event.sendEmail',
      { room_id: 4, content_id: 4 },
      {
        token: ada.jwt_token,
      },
    );
    expect(own.status).toBe(200);
    expect(mock.app.mockProvider.state.emails.map((e) => e.to)).toEqual(['ada@demo.test']);
  });

  it("keeps another event's user manual behind that event's sign-in, like content/download", async () => {
    const vipManual = '/api/v1/content/files?type=user_manual&event_code=VIP&filename=user-manual.pdf';
    const anonymous = await fetch(`${gateway.url}${vipManual}`);
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { message: string }).message).toBe(BACKEND_MESSAGES.SIGN_IN_FOR_FILE);
    const download = await fetch(`${gateway.url}${vipManual.replace('/files?', '/download?')}`);
    expect(download.status).toBe(401);
    // ada is of DEMO: the VIP manual is not hers; her own event's is, with the cookie a plain link sends.
    const foreign = await fetch(`${gateway.url}${vipManual}`, { headers: { cookie: adaCookie } });
    expect(foreign.status).toBe(404);
    const own = await fetch(`${gateway.url}${vipManual.replace('VIP', 'DEMO')}`, {
      headers: { cookie: adaCookie },
    });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    // The login page's SSO button image needs no sign-in.
    const button = await fetch(
      `${gateway.url}/api/v1/content/files?type=sso_button&event_code=VIP&filename=demo-sso.png`,
    );
    expect(button.status).toBe(200);
  });
});

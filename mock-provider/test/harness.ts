/**
 * Test harness for the mock provider: an in-process provider with a movable clock, calls addressed by their
 * catalogue entry, and a recording of every answer (checked against the OpenAPI document and for coverage).
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildProvider, DEMO_PASSWORD, type ProviderOptions } from '../src/app.ts';
import {
  callPath,
  catalogue,
  fillPath,
  type Catalogue,
  type RestCall,
  type ServiceGroup,
} from '@showfloor/contracts';
import type { FastifyInstance } from 'fastify';

/** One recorded answer. */
export interface Recording {
  service: ServiceGroup;
  name: string;
  method: string;
  url: string;
  status: number;
  contentType: string;
  headers: Record<string, unknown>;
  /** Parsed JSON, else the text. */
  body: unknown;
  raw: Buffer;
}

export interface CallInput {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** A raw payload (sent as is, with `contentType`). */
  payload?: string | Buffer;
  contentType?: string;
  token?: string;
  headers?: Record<string, string>;
}

export interface Upload {
  field?: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

/** A multipart/form-data body with files. */
export function multipart(files: Upload[]): { payload: Buffer; contentType: string } {
  const boundary = `----showfloor${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export class Harness {
  readonly recordings: Recording[] = [];
  now: number;
  readonly app: FastifyInstance;

  constructor(options: ProviderOptions = {}, start = Date.UTC(2026, 5, 15, 10, 0, 0)) {
    this.now = start;
    this.app = buildProvider({ clock: () => this.now, ...options });
  }

  async ready(): Promise<this> {
    await this.app.ready();
    return this;
  }

  /** Moves the provider's clock. */
  advance(ms: number): void {
    this.now += ms;
  }

  get state() {
    return this.app.mockProvider.state;
  }

  /** Calls catalogue entry `service.name` and records the answer. */
  async call<S extends ServiceGroup>(service: S, name: keyof Catalogue[S] & string, input: CallInput = {}) {
    const call = (catalogue[service] as Record<string, RestCall>)[name];
    if (!call) throw new Error(`no catalogue entry ${service}.${name}`);
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(input.query ?? {})) if (v !== undefined) search.set(k, String(v));
    const qs = search.toString();
    const url = `${fillPath(callPath(call), input.params)}${qs ? `?${qs}` : ''}`;
    const headers: Record<string, string> = { ...(input.headers ?? {}) };
    if (input.token) headers.authorization = `Bearer ${input.token}`;
    let payload: string | Buffer | undefined = input.payload;
    if (payload !== undefined) headers['content-type'] = input.contentType ?? 'application/json';
    else if (input.body !== undefined) {
      payload = JSON.stringify(input.body);
      headers['content-type'] = 'application/json';
    }
    const response = await this.app.inject({
      method: call.method,
      url,
      headers,
      ...(payload !== undefined ? { payload } : {}),
    });
    const contentType = String(response.headers['content-type'] ?? '');
    let body: unknown = response.body;
    if (contentType.startsWith('application/json')) body = JSON.parse(response.body) as unknown;
    const recording: Recording = {
      service,
      name,
      method: call.method,
      url,
      status: response.statusCode,
      contentType,
      headers: response.headers,
      body,
      raw: response.rawPayload,
    };
    this.recordings.push(recording);
    return recording;
  }

  /** Signs a demo user in (ending any other session) and answers the token. */
  async signIn(email: string, eventCode = 'DEMO', extra: Record<string, unknown> = {}): Promise<string> {
    const r = await this.call('auth', 'signin', {
      body: {
        email,
        password: DEMO_PASSWORD,
        event_code: eventCode,
        frontend: 'visitor',
        force_login: true,
        ...extra,
      },
    });
    if (r.status !== 200)
      throw new Error(`sign-in of ${email} failed: ${r.status} ${JSON.stringify(r.body)}`);
    return (r.body as { user_data: { jwt_token: string } }).user_data.jwt_token;
  }

  /** Calls of a service without a recorded success and a recorded failure. */
  uncovered(service: ServiceGroup): string[] {
    return Object.keys(catalogue[service]).flatMap((name) => {
      const mine = this.recordings.filter((r) => r.service === service && r.name === name);
      const missing: string[] = [];
      if (!mine.some((r) => r.status >= 200 && r.status < 400)) missing.push(`${name}: no success`);
      if (!mine.some((r) => r.status >= 400)) missing.push(`${name}: no failure`);
      return missing;
    });
  }

  async close(): Promise<void> {
    await this.app.close();
  }
}

/** A demo user signed in before each test: the e-mail of a DEMO user, or e-mail, event and sign-in extras. */
export type DemoSignIn = string | { email: string; eventCode: string; extra?: Record<string, unknown> };

/**
 * A service test's lifecycle: the provider ready before all tests, the demo state reset before each one and the
 * given users signed in afresh (in the given order) so every test starts from the fixture, closed after all.
 * `tokens` holds the current test's bearer tokens by name.
 */
export function demoHarness<K extends string>(
  users: Record<K, DemoSignIn>,
): { h: Harness; tokens: Record<K, string> } {
  // Demo mode: the SSO tests walk the stand-in identity page.
  const h = new Harness({ demo: true });
  const tokens = {} as Record<K, string>;
  beforeAll(() => h.ready());
  beforeEach(async () => {
    h.app.mockProvider.reset();
    for (const [name, user] of Object.entries<DemoSignIn>(users)) {
      tokens[name as K] =
        typeof user === 'string'
          ? await h.signIn(user)
          : await h.signIn(user.email, user.eventCode, user.extra);
    }
  });
  afterAll(() => h.close());
  return { h, tokens };
}

/** The error body of a recording. */
export const errorOf = (r: Recording) =>
  r.body as { message: string; error_code?: string; retry_token?: string };

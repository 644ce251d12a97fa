/**
 * Where the virtual users come from: a tokens file (JSON array or JSON lines of `{userId, token}`), or sign-in
 * through the gateway's tRPC `auth.signin` with an e-mail pattern and one password.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import type { VirtualUser } from './scenario.ts';

const TokenLineSchema = z.object({ userId: z.coerce.number().int().positive(), token: z.string().min(1) });

/** Reads `{userId, token}` entries from a JSON array or JSON-lines file. */
export async function readTokens(path: string): Promise<VirtualUser[]> {
  const text = (await readFile(path, 'utf8')).trim();
  const raw: unknown[] = text.startsWith('[')
    ? (JSON.parse(text) as unknown[])
    : text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as unknown);
  return raw.map((entry, index) => {
    const parsed = TokenLineSchema.safeParse(entry);
    if (!parsed.success)
      throw new Error(
        `${path}: entry ${index + 1} is not {userId, token}: ${parsed.error.issues[0]?.message}`,
      );
    return parsed.data;
  });
}

interface TrpcAnswer<T> {
  result?: { data: T };
  error?: { message: string; data?: { httpStatus?: number } };
}

/** Posts a tRPC mutation; waits out 429s (Retry-After) a few times before giving up. */
async function mutation<T>(
  url: string,
  path: string,
  input: unknown,
): Promise<{ status: number; body: TrpcAnswer<T> }> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await fetch(`${url}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(input),
    });
    const body = (await response.json()) as TrpcAnswer<T>;
    if (response.status !== 429 || attempt >= 5) return { status: response.status, body };
    const wait = Number(response.headers.get('retry-after') ?? '5');
    process.stderr.write(
      `\nrate limited on ${path}: waiting ${wait} s (raise RATE_LIMIT_AUTH_PER_IP for load tests, or use --tokens)\n`,
    );
    await new Promise((resolve) => setTimeout(resolve, Math.min(60, Math.max(1, wait)) * 1000));
  }
}

/**
 * Signs users in through the gateway (`{n}` in the pattern is 1..count); with `signUp`, registers each one
 * first (an existing account is fine).
 */
export async function signIn(options: {
  url: string;
  emailPattern: string;
  password: string;
  eventCode: string;
  count: number;
  signUp?: boolean;
  concurrency?: number;
}): Promise<VirtualUser[]> {
  const users: VirtualUser[] = new Array(options.count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < options.count) {
      const index = next++;
      const email = options.emailPattern.replace('{n}', String(index + 1));
      if (options.signUp) {
        await mutation(options.url, 'auth.signup', {
          firstname: 'Load',
          lastname: `User ${index + 1}`,
          email,
          password: options.password,
          active: true,
          event_code: options.eventCode,
        });
      }
      const { status, body } = await mutation<{ user_data: { id: number; jwt_token: string } }>(
        options.url,
        'auth.signin',
        {
          email,
          password: options.password,
          event_code: options.eventCode,
          frontend: 'visitor',
          force_login: true,
        },
      );
      if (!body.result) throw new Error(`sign-in of ${email} failed: ${body.error?.message ?? status}`);
      users[index] = { userId: body.result.data.user_data.id, token: body.result.data.user_data.jwt_token };
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 10, options.count) }, worker));
  return users;
}

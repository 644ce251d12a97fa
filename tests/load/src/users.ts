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
  const raw: unknown[] = text.startsWith('[') ? (JSON.parse(text) as unknown[]) : text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as unknown);
  return raw.map((entry, index) => {
    const parsed = TokenLineSchema.safeParse(entry);
    if (!parsed.success) throw new Error(`${path}: entry ${index + 1} is not {userId, token}: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  });
}

/** Signs users in through the gateway (`{n}` in the pattern is 1..count). */
export async function signIn(options: {
  url: string;
  emailPattern: string;
  password: string;
  eventCode: string;
  count: number;
  concurrency?: number;
}): Promise<VirtualUser[]> {
  const users: VirtualUser[] = new Array(options.count);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < options.count) {
      const index = next++;
      const email = options.emailPattern.replace('{n}', String(index + 1));
      const response = await fetch(`${options.url}/trpc/auth.signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: options.password, event_code: options.eventCode, frontend: 'visitor', force_login: true }),
      });
      const body = (await response.json()) as { result?: { data: { user_data: { id: number; jwt_token: string } } }; error?: { message: string } };
      if (!body.result) throw new Error(`sign-in of ${email} failed: ${body.error?.message ?? response.status}`);
      users[index] = { userId: body.result.data.user_data.id, token: body.result.data.user_data.jwt_token };
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 10, options.count) }, worker));
  return users;
}

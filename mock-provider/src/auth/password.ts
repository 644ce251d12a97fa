/**
 * Password hashing with node:crypto scrypt. The cost is lowered from Node's default because this is a
 * stand-in backend that load tests sign hundreds of users into; the format still carries its parameters.
 */
import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const COST = 2 ** 10;
const KEY_LENGTH = 32;

/** `scrypt$N$salt$hash` (salt and hash base64url). */
export function hashPassword(password: string, salt: Buffer = randomBytes(16)): string {
  const hash = scryptSync(password.normalize('NFKC'), salt, KEY_LENGTH, { N: COST, r: 8, p: 1 });
  return `scrypt$${COST}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** Constant-time check of a password against a stored `hashPassword` value. */
export function verifyPassword(password: string, stored: string): boolean {
  const [scheme, cost, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !cost || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = scryptSync(password.normalize('NFKC'), Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(cost),
    r: 8,
    p: 1,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Hashed once at start, so the first unknown account costs no more than any other attempt. */
const DUMMY_HASH = hashPassword('not-a-password');

/**
 * Checks a password against an account that may not exist, with the same work either way: without an account
 * the password is hashed against a dummy, so the answer's timing does not tell which e-mails are registered.
 */
export function verifyAccountPassword(password: string, stored: string | undefined): boolean {
  const isMatch = verifyPassword(password, stored ?? DUMMY_HASH);
  return stored !== undefined && isMatch;
}

import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a password nobody has, so that an unknown account costs the same time as a wrong password. */
let dummyHash: Promise<string> | undefined;

/** Verifies a password; with no hash (unknown account) still spends one verification. */
export async function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/** A random, unguessable token (256 bits, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What is stored of a token: its SHA-256. Tokens are random, so no salt or slow hash is needed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

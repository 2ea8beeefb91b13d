/** argon2id with OWASP's recommended minimum (19 MiB, 2 passes, 1 lane). */
export declare const ARGON2_OPTIONS: {
  readonly memoryCost: 19456;
  readonly timeCost: 2;
  readonly parallelism: 1;
  readonly algorithm: 2;
};
/** Hashes a password with argon2id. */
export declare function hashPassword(password: string): Promise<string>;
/** Verifies a password; with no hash (unknown account) still spends one verification. */
export declare function verifyPassword(passwordHash: string | null | undefined, password: string): Promise<boolean>;
/** A random, unguessable token (256 bits, URL-safe). */
export declare function newToken(): string;
/** What is stored of a token: its SHA-256. Tokens are random, so no salt or slow hash is needed. */
export declare function hashToken(token: string): string;

/// <reference path="./sodium-native.d.ts" />
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import sodium from 'sodium-native';

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

/** The SHA-256 of bytes or text, as 64 hex digits (stored files' fingerprints, tokens). */
export function sha256Hex(data: Buffer | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** What is stored of a token: its SHA-256. Tokens are random, so no salt or slow hash is needed. */
export function hashToken(token: string): string {
  return sha256Hex(token);
}

// ---------------------------------------------------------------------------------------------
// Sealing (issue 22 §6, docs/cases-security.md): libsodium through sodium-native. Contents are
// sealed with a data key (XChaCha20-Poly1305), data keys are wrapped to a member's public key
// (crypto_box_seal), and a member's secret becomes a key through Argon2id (crypto_pwhash). No
// primitive is written here, only the layout of what is stored. Buffers holding keys or plaintext
// that this file creates for its own use are zeroed before it returns (`wipe`); keys it returns
// are the caller's to wipe when done.

/** Bytes of a symmetric key (a case's data key, a member's account key, a derived key). */
export const KEY_BYTES = sodium.crypto_aead_xchacha20poly1305_ietf_KEYBYTES;
const NONCE_BYTES = sodium.crypto_aead_xchacha20poly1305_ietf_NPUBBYTES;
const TAG_BYTES = sodium.crypto_aead_xchacha20poly1305_ietf_ABYTES;

/** A sealed value, a wrapped key or a key derivation that does not open: wrong key, or changed. */
export class SealError extends Error {
  constructor(message = 'The sealed value does not open with this key (wrong key, or it was changed).') {
    super(message);
    this.name = 'SealError';
  }
}

/** Zeroes buffers that held keys or plaintext (where the caller still has them: "where practical"). */
export function wipe(...buffers: Array<Uint8Array | null | undefined>): void {
  for (const b of buffers) if (b) sodium.sodium_memzero(b);
}

/** A new random symmetric key (a case's data key, an account key). */
export function newKey(): Buffer {
  const key = Buffer.alloc(KEY_BYTES);
  sodium.randombytes_buf(key);
  return key;
}

function assertKey(key: Uint8Array): void {
  if (key.byteLength !== KEY_BYTES) throw new SealError(`A key has ${KEY_BYTES} bytes.`);
}

/**
 * Seals `plaintext` with `key`: XChaCha20-Poly1305 with a random 24-byte nonce, stored as
 * nonce ‖ ciphertext ‖ tag. `context` is authenticated but not stored (the place the value belongs
 * to, e.g. `ws/<id>/case/<id>/message/<id>/body`): opened anywhere else, it fails.
 */
export function sealWithKey(key: Uint8Array, plaintext: Uint8Array, context: string): Buffer {
  assertKey(key);
  const out = Buffer.alloc(NONCE_BYTES + plaintext.byteLength + TAG_BYTES);
  const nonce = out.subarray(0, NONCE_BYTES);
  sodium.randombytes_buf(nonce);
  sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(
    out.subarray(NONCE_BYTES),
    plaintext,
    Buffer.from(context, 'utf8'),
    null,
    nonce,
    key,
  );
  return out;
}

/** Opens what `sealWithKey` sealed with the same key and context; `SealError` otherwise. */
export function openWithKey(key: Uint8Array, sealed: Uint8Array, context: string): Buffer {
  assertKey(key);
  if (sealed.byteLength < NONCE_BYTES + TAG_BYTES) throw new SealError('The sealed value is too short.');
  const out = Buffer.alloc(sealed.byteLength - NONCE_BYTES - TAG_BYTES);
  try {
    sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(
      out,
      null,
      sealed.subarray(NONCE_BYTES),
      Buffer.from(context, 'utf8'),
      sealed.subarray(0, NONCE_BYTES),
      key,
    );
  } catch {
    wipe(out);
    throw new SealError();
  }
  return out;
}

/** Seals a UTF-8 text (see `sealWithKey`). */
export function sealText(key: Uint8Array, text: string, context: string): Buffer {
  const plain = Buffer.from(text, 'utf8');
  try {
    return sealWithKey(key, plain, context);
  } finally {
    wipe(plain);
  }
}

/** Opens a text `sealText` sealed. */
export function openText(key: Uint8Array, sealed: Uint8Array, context: string): string {
  const plain = openWithKey(key, sealed, context);
  try {
    return plain.toString('utf8');
  } finally {
    wipe(plain);
  }
}

/** An X25519 keypair (a member's, or the committee's recovery keypair). */
export type Keypair = { publicKey: Buffer; privateKey: Buffer };

/** A new keypair; wipe `privateKey` when done. */
export function newKeypair(): Keypair {
  const publicKey = Buffer.alloc(sodium.crypto_box_PUBLICKEYBYTES);
  const privateKey = Buffer.alloc(sodium.crypto_box_SECRETKEYBYTES);
  sodium.crypto_box_keypair(publicKey, privateKey);
  return { publicKey, privateKey };
}

/**
 * The keypair a 32-byte seed determines (crypto_box_seed_keypair): the server's escrow keypair is
 * derived from its secret this way, so that it is never stored (docs/cases-security.md §3).
 */
export function keypairFromSeed(seed: Uint8Array): Keypair {
  if (seed.byteLength !== sodium.crypto_box_SEEDBYTES) throw new SealError('A seed has 32 bytes.');
  const publicKey = Buffer.alloc(sodium.crypto_box_PUBLICKEYBYTES);
  const privateKey = Buffer.alloc(sodium.crypto_box_SECRETKEYBYTES);
  sodium.crypto_box_seed_keypair(publicKey, privateKey, seed);
  return { publicKey, privateKey };
}

/** Wraps a key to a public key (crypto_box_seal: anonymous sender, only the keypair's owner opens it). */
export function wrapKey(key: Uint8Array, publicKey: Uint8Array): Buffer {
  assertKey(key);
  if (publicKey.byteLength !== sodium.crypto_box_PUBLICKEYBYTES) throw new SealError('Not a public key.');
  const out = Buffer.alloc(key.byteLength + sodium.crypto_box_SEALBYTES);
  sodium.crypto_box_seal(out, key, publicKey);
  return out;
}

/** Opens a wrapped key with the keypair it was wrapped to; `SealError` for another keypair or a changed box. */
export function unwrapKey(wrapped: Uint8Array, keypair: Keypair): Buffer {
  if (wrapped.byteLength !== KEY_BYTES + sodium.crypto_box_SEALBYTES) throw new SealError('Not a wrapped key.');
  if (keypair.privateKey.byteLength !== sodium.crypto_box_SECRETKEYBYTES) throw new SealError('Not a private key.');
  const key = Buffer.alloc(KEY_BYTES);
  if (!sodium.crypto_box_seal_open(key, wrapped, keypair.publicKey, keypair.privateKey)) {
    wipe(key);
    throw new SealError();
  }
  return key;
}

/** How a secret became a key (stored beside what it sealed, so that the defaults can rise). */
export type KdfParams = { alg: 'argon2id13'; salt: Buffer; opslimit: number; memlimit: number };

/**
 * Argon2id at libsodium's "interactive" level: 2 passes over 64 MiB (about 0.1 s here). Rows
 * keep their own parameters; raising these re-seals a row at its next unlock.
 */
export const KDF_DEFAULTS = {
  opslimit: sodium.crypto_pwhash_OPSLIMIT_INTERACTIVE,
  memlimit: sodium.crypto_pwhash_MEMLIMIT_INTERACTIVE,
} as const;

/** Fresh parameters (a new random salt) at `level` (the defaults unless given). */
export function newKdfParams(level: { opslimit: number; memlimit: number } = KDF_DEFAULTS): KdfParams {
  const salt = Buffer.alloc(sodium.crypto_pwhash_SALTBYTES);
  sodium.randombytes_buf(salt);
  return { alg: 'argon2id13', salt, opslimit: level.opslimit, memlimit: level.memlimit };
}

/** Whether `p` is weaker than `level` (and so is re-sealed at the next unlock). */
export function kdfBelow(p: KdfParams, level: { opslimit: number; memlimit: number } = KDF_DEFAULTS): boolean {
  return p.opslimit < level.opslimit || p.memlimit < level.memlimit;
}

/** A key derived from a secret with Argon2id (off the event loop); wipe it when done. */
export async function deriveKey(secret: string, p: KdfParams): Promise<Buffer> {
  if (p.alg !== 'argon2id13') throw new SealError(`Unknown key derivation ${p.alg}.`);
  const key = Buffer.alloc(KEY_BYTES);
  const passwd = Buffer.from(secret, 'utf8');
  try {
    await sodium.crypto_pwhash_async(key, passwd, p.salt, p.opslimit, p.memlimit, sodium.crypto_pwhash_ALG_ARGON2ID13);
  } finally {
    wipe(passwd);
  }
  return key;
}

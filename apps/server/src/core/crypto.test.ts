import sodium from 'sodium-native';
import { describe, expect, it } from 'vitest';
import {
  deriveKey,
  KDF_DEFAULTS,
  KEY_BYTES,
  kdfBelow,
  newKdfParams,
  newKey,
  newKeypair,
  openText,
  openWithKey,
  SealError,
  sealText,
  sealWithKey,
  unwrapKey,
  wipe,
  wrapKey,
} from './crypto.ts';

/** The cheapest Argon2id libsodium allows, for tests that are not about the cost. */
const FAST = { opslimit: sodium.crypto_pwhash_OPSLIMIT_MIN, memlimit: sodium.crypto_pwhash_MEMLIMIT_MIN };

describe('sealing with a data key', () => {
  it('round-trips, and each seal of the same text differs (random nonce)', () => {
    const key = newKey();
    const a = sealText(key, 'She said: नमस्ते', 'ws/1/case/2/body');
    const b = sealText(key, 'She said: नमस्ते', 'ws/1/case/2/body');
    expect(a.equals(b)).toBe(false);
    expect(a.toString('utf8')).not.toContain('She said');
    expect(openText(key, a, 'ws/1/case/2/body')).toBe('She said: नमस्ते');
    expect(openText(key, b, 'ws/1/case/2/body')).toBe('She said: नमस्ते');
  });

  it('refuses a changed byte anywhere: nonce, ciphertext or tag', () => {
    const key = newKey();
    const sealed = sealWithKey(key, Buffer.from('the complaint'), 'ctx');
    for (const at of [0, 23, 24, 30, sealed.length - 1]) {
      const changed = Buffer.from(sealed);
      changed[at]! ^= 0x01;
      expect(() => openWithKey(key, changed, 'ctx'), `byte ${at}`).toThrow(SealError);
    }
    expect(() => openWithKey(key, sealed.subarray(0, sealed.length - 1), 'ctx')).toThrow(SealError);
    expect(() => openWithKey(key, sealed.subarray(0, 10), 'ctx')).toThrow(SealError);
  });

  it('refuses the wrong key and the wrong context (a value moved to another case or field)', () => {
    const key = newKey();
    const sealed = sealText(key, 'minutes', 'ws/1/case/2/minutes');
    expect(() => openText(newKey(), sealed, 'ws/1/case/2/minutes')).toThrow(SealError);
    expect(() => openText(key, sealed, 'ws/1/case/3/minutes')).toThrow(SealError);
    expect(() => sealText(Buffer.alloc(16), 'x', 'c')).toThrow(SealError);
  });

  it('wipe zeroes a key', () => {
    const key = newKey();
    expect(key.length).toBe(KEY_BYTES);
    wipe(key, null, undefined);
    expect(key.equals(Buffer.alloc(KEY_BYTES))).toBe(true);
  });
});

describe('wrapping a data key to a member (crypto_box_seal)', () => {
  it('only the keypair it was wrapped to opens it', () => {
    const member = newKeypair();
    const other = newKeypair();
    const dataKey = newKey();
    const wrapped = wrapKey(dataKey, member.publicKey);
    expect(unwrapKey(wrapped, member).equals(dataKey)).toBe(true);
    expect(() => unwrapKey(wrapped, other)).toThrow(SealError);
    // The right private key with another's public key does not open it either.
    expect(() => unwrapKey(wrapped, { publicKey: other.publicKey, privateKey: member.privateKey })).toThrow(SealError);
  });

  it('refuses a changed wrap', () => {
    const member = newKeypair();
    const wrapped = wrapKey(newKey(), member.publicKey);
    for (const at of [0, 31, 32, wrapped.length - 1]) {
      const changed = Buffer.from(wrapped);
      changed[at]! ^= 0x80;
      expect(() => unwrapKey(changed, member), `byte ${at}`).toThrow(SealError);
    }
    expect(() => unwrapKey(wrapped.subarray(1), member)).toThrow(SealError);
    expect(() => wrapKey(newKey(), Buffer.alloc(31))).toThrow(SealError);
  });
});

describe('a key from a secret (Argon2id)', () => {
  it('the same secret and parameters give the same key; another secret or salt another', async () => {
    const p = newKdfParams(FAST);
    const a = await deriveKey('correct horse', p);
    expect((await deriveKey('correct horse', p)).equals(a)).toBe(true);
    expect((await deriveKey('correct horsE', p)).equals(a)).toBe(false);
    expect((await deriveKey('correct horse', newKdfParams(FAST))).equals(a)).toBe(false);
  });

  it('defaults to Argon2id at 64 MiB and two passes, and tells weaker parameters apart', async () => {
    const p = newKdfParams();
    expect(p).toMatchObject({ alg: 'argon2id13', opslimit: 2, memlimit: 64 * 1024 * 1024 });
    expect(p.salt.length).toBe(16);
    expect(kdfBelow(p)).toBe(false);
    expect(kdfBelow(newKdfParams(FAST))).toBe(true);
    expect(KDF_DEFAULTS.memlimit).toBe(64 * 1024 * 1024);
    const key = await deriveKey('a passphrase', p);
    expect(key.length).toBe(KEY_BYTES);
    await expect(deriveKey('x', { ...p, alg: 'scrypt' as 'argon2id13' })).rejects.toThrow(SealError);
  });
});

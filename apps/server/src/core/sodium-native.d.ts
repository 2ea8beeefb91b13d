/** The little of sodium-native (libsodium bindings; it ships no types) that `core/crypto.ts` uses. */
declare module 'sodium-native' {
  type Bytes = Buffer | Uint8Array;
  export const crypto_box_PUBLICKEYBYTES: number;
  export const crypto_box_SECRETKEYBYTES: number;
  export const crypto_box_SEALBYTES: number;
  export const crypto_aead_xchacha20poly1305_ietf_KEYBYTES: number;
  export const crypto_aead_xchacha20poly1305_ietf_NPUBBYTES: number;
  export const crypto_aead_xchacha20poly1305_ietf_ABYTES: number;
  export const crypto_pwhash_SALTBYTES: number;
  export const crypto_pwhash_ALG_ARGON2ID13: number;
  export const crypto_pwhash_OPSLIMIT_INTERACTIVE: number;
  export const crypto_pwhash_MEMLIMIT_INTERACTIVE: number;
  export const crypto_pwhash_OPSLIMIT_MIN: number;
  export const crypto_pwhash_MEMLIMIT_MIN: number;
  export function sodium_malloc(size: number): Buffer;
  export function sodium_memzero(buf: Bytes): void;
  export function randombytes_buf(buf: Bytes): void;
  export function crypto_box_keypair(pk: Bytes, sk: Bytes): void;
  export const crypto_box_SEEDBYTES: number;
  export function crypto_box_seed_keypair(pk: Bytes, sk: Bytes, seed: Bytes): void;
  export function crypto_box_seal(c: Bytes, m: Bytes, pk: Bytes): void;
  /** False when the box was not sealed to this keypair or was changed. */
  export function crypto_box_seal_open(m: Bytes, c: Bytes, pk: Bytes, sk: Bytes): boolean;
  /** Returns the ciphertext's length. */
  export function crypto_aead_xchacha20poly1305_ietf_encrypt(
    c: Bytes,
    m: Bytes,
    ad: Bytes | null,
    nsec: null,
    npub: Bytes,
    k: Bytes,
  ): number;
  /** Throws when the ciphertext, its additional data or the key do not match. */
  export function crypto_aead_xchacha20poly1305_ietf_decrypt(
    m: Bytes,
    nsec: null,
    c: Bytes,
    ad: Bytes | null,
    npub: Bytes,
    k: Bytes,
  ): number;
  export function crypto_pwhash_async(
    out: Bytes,
    passwd: Bytes,
    salt: Bytes,
    opslimit: number,
    memlimit: number,
    alg: number,
  ): Promise<void>;
}

import { randomInt } from 'node:crypto';
import {
  deriveKey,
  KDF_DEFAULTS,
  type KdfParams,
  type Keypair,
  kdfBelow,
  newKdfParams,
  newKey,
  newKeypair,
  openWithKey,
  SealError,
  sealWithKey,
  wipe,
} from './crypto.ts';
import type { Tx } from './db/database.ts';
import { AppError } from './errors.ts';
import * as repo from './keystore.repo.ts';

/**
 * The members' keystore (issue 22 §6; the design is docs/cases-security.md §3).
 *
 *   secret (password or case passphrase) ──Argon2id──▶ key ──seals──▶ account key (one per person)
 *   recovery code (32 digits, shown once) ──Argon2id──▶ key ──seals──▶ the same account key
 *   account key ──seals──▶ private key of the member's keypair in each workspace
 *
 * A password change re-seals one row (`changeSecret`), whichever workspace it happens in; the
 * private keys never change, so no access is lost. Every function runs in the caller's tenant
 * transaction (the account and workspace set for row-level security); keys it returns are the
 * caller's to `wipe`.
 */

export type SecretKind = repo.SecretRow['secretKind'];
/** The Argon2id cost to seal at (the defaults unless a test asks for less). */
export type KdfLevel = { opslimit: number; memlimit: number };
type Opts = { level?: KdfLevel };

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => Buffer.from(h, 'hex');
const accountContext = (accountId: string, by: 'secret' | 'recovery') => `keystore/v1/account/${accountId}/${by}`;
const privateContext = (workspaceId: string, accountId: string) =>
  `keystore/v1/workspace/${workspaceId}/account/${accountId}/private`;

const paramsOf = (s: repo.SealedUnder): KdfParams => ({
  alg: 'argon2id13',
  salt: bytes(s.salt),
  opslimit: s.opslimit,
  memlimit: s.memlimit,
});

/** Seals the account key under a key derived from `secret` with fresh parameters at `level`. */
async function sealUnder(
  secret: string,
  accountKey: Buffer,
  context: string,
  level: KdfLevel,
): Promise<repo.SealedUnder> {
  const p = newKdfParams(level);
  const key = await deriveKey(secret, p);
  try {
    return {
      salt: hex(p.salt),
      opslimit: p.opslimit,
      memlimit: p.memlimit,
      sealed: hex(sealWithKey(key, accountKey, context)),
    };
  } finally {
    wipe(key);
  }
}

/** Opens a sealed account key with `secret`; null if it does not open. */
async function openUnder(secret: string, s: repo.SealedUnder, context: string): Promise<Buffer | null> {
  const key = await deriveKey(secret, paramsOf(s));
  try {
    return openWithKey(key, bytes(s.sealed), context);
  } catch (err) {
    if (err instanceof SealError) return null;
    throw err;
  } finally {
    wipe(key);
  }
}

/** A one-time recovery code: 32 random digits (about 106 bits) in groups of four, readable in every script. */
export function newRecoveryCode(): string {
  const digits = Array.from({ length: 32 }, () => String(randomInt(10))).join('');
  return digits.match(/.{4}/g)!.join('-');
}

const DIGIT = /\p{Nd}/u;

/** The value of a decimal digit of any script: its distance from its block's zero (blocks are ten in a row). */
function digitValue(c: string): string {
  const code = c.codePointAt(0)!;
  let zero = code;
  while (code - zero < 9 && DIGIT.test(String.fromCodePoint(zero - 1))) zero--;
  return String(code - zero);
}

/** A recovery code as typed (spaces, dashes, digits of any script): its 32 digits in groups of four, or null. */
export function normaliseRecoveryCode(typed: string): string | null {
  const digits = [...typed.normalize('NFKC')]
    .map((c) => (DIGIT.test(c) ? digitValue(c) : c))
    .join('')
    .replace(/[\s-]/g, '');
  return /^\d{32}$/.test(digits) ? digits.match(/.{4}/g)!.join('-') : null;
}

const noKeystore = () =>
  new AppError(404, 'KEYSTORE_NOT_SET_UP', 'You have not set up your key for confidential cases yet.');
const wrongSecret = (kind: SecretKind) =>
  new AppError(
    403,
    'KEYSTORE_SECRET_WRONG',
    kind === 'PASSWORD'
      ? 'Your key for confidential cases does not open with this password. If you reset your password, use your recovery code.'
      : 'Your key for confidential cases does not open with this passphrase.',
    { params: { kind } },
  );

/** Whether the account has set up its keystore, and with which kind of secret. */
export async function keystoreOf(tx: Tx, accountId: string): Promise<{ kind: SecretKind } | null> {
  const row = await repo.findSecret(tx, accountId);
  return row ? { kind: row.secretKind } : null;
}

/**
 * Sets up the account's keystore: a new account key, sealed under `secret` (their password, or the
 * case passphrase of a member who signs in without one) and under a new recovery code, which is
 * returned to be shown once and never stored. Refused (409) if the account has one.
 */
export async function createKeystore(
  tx: Tx,
  accountId: string,
  secret: string,
  kind: SecretKind,
  opts: Opts = {},
): Promise<{ recoveryCode: string }> {
  const level = opts.level ?? KDF_DEFAULTS;
  const accountKey = newKey();
  const recoveryCode = newRecoveryCode();
  try {
    const row: repo.SecretRow = {
      secretKind: kind,
      kdfAlg: 'argon2id13',
      secret: await sealUnder(secret, accountKey, accountContext(accountId, 'secret'), level),
      recovery: await sealUnder(recoveryCode, accountKey, accountContext(accountId, 'recovery'), level),
    };
    if (!(await repo.insertSecret(tx, accountId, row))) {
      throw new AppError(409, 'KEYSTORE_EXISTS', 'Your key for confidential cases is set up already.');
    }
    return { recoveryCode };
  } finally {
    wipe(accountKey);
  }
}

/**
 * Opens the account key with the member's secret (403 `KEYSTORE_SECRET_WRONG` if it does not
 * open). A row sealed at a lower cost than `level` is re-sealed at `level` on the way (upgrade on use).
 */
async function openAccountKey(tx: Tx, accountId: string, secret: string, level: KdfLevel): Promise<Buffer> {
  const row = await repo.findSecret(tx, accountId);
  if (!row) throw noKeystore();
  const accountKey = await openUnder(secret, row.secret, accountContext(accountId, 'secret'));
  if (!accountKey) throw wrongSecret(row.secretKind);
  if (kdfBelow(paramsOf(row.secret), level)) {
    const next = await sealUnder(secret, accountKey, accountContext(accountId, 'secret'), level);
    await repo.resealSecret(tx, accountId, row.secretKind, next, row.secret.sealed);
  }
  return accountKey;
}

/** A member's keypair in a workspace, and whether it was made just now. */
export type MemberKeypair = Keypair & { created: boolean; replaced: boolean };

/**
 * The signed-in member's keypair in the workspace, opened with their secret; created at first use.
 * `replaced`: the member's account key was renewed (they lost both secret and recovery code and
 * started over), so the old private key no longer opened and a new keypair took its place; what
 * was wrapped to the old one must be wrapped again by someone with access. Wipe `privateKey` when done.
 */
export async function memberKeypair(
  tx: Tx,
  scope: { workspaceId: string; accountId: string },
  secret: string,
  opts: Opts = {},
): Promise<MemberKeypair> {
  const { workspaceId, accountId } = scope;
  const accountKey = await openAccountKey(tx, accountId, secret, opts.level ?? KDF_DEFAULTS);
  try {
    const stored = await repo.findKeypair(tx, workspaceId, accountId);
    if (stored) {
      try {
        const privateKey = openWithKey(
          accountKey,
          bytes(stored.sealedPrivateKey),
          privateContext(workspaceId, accountId),
        );
        return { publicKey: bytes(stored.publicKey), privateKey, created: false, replaced: false };
      } catch (err) {
        if (!(err instanceof SealError)) throw err;
        await repo.deleteKeypair(tx, workspaceId, accountId);
      }
    }
    const pair = newKeypair();
    const row = {
      publicKey: hex(pair.publicKey),
      sealedPrivateKey: hex(sealWithKey(accountKey, pair.privateKey, privateContext(workspaceId, accountId))),
    };
    if (!(await repo.insertKeypair(tx, workspaceId, accountId, row))) {
      wipe(pair.privateKey);
      throw new AppError(409, 'KEYSTORE_BUSY', 'Your key was being created by another request; try again.');
    }
    return { ...pair, created: true, replaced: stored !== undefined };
  } finally {
    wipe(accountKey);
  }
}

/** A member's public key in the workspace (to wrap a case's key to them); null if they have none yet. */
export async function publicKeyOf(tx: Tx, workspaceId: string, accountId: string): Promise<Buffer | null> {
  const found = await repo.findPublicKey(tx, workspaceId, accountId);
  return found ? bytes(found) : null;
}

/**
 * Re-seals the account key under a new secret, in the caller's transaction (a password change
 * calls it inside the change). Answers what happened:
 * - `RESEALED`: the old secret opened it; the new one does now, and the old one no longer;
 * - `NONE`: the account has no keystore (nothing to do);
 * - `LOCKED`: the old secret does not open it (it was sealed under a password later reset): left
 *   as it was, for the recovery code.
 * `onlyKind`: re-seal only a keystore of that kind (a password change leaves a passphrase alone).
 */
export async function changeSecret(
  tx: Tx,
  accountId: string,
  oldSecret: string,
  newSecret: string,
  opts: Opts & { onlyKind?: SecretKind; kind?: SecretKind } = {},
): Promise<'RESEALED' | 'NONE' | 'LOCKED'> {
  const row = await repo.findSecret(tx, accountId);
  if (!row || (opts.onlyKind && row.secretKind !== opts.onlyKind)) return 'NONE';
  const accountKey = await openUnder(oldSecret, row.secret, accountContext(accountId, 'secret'));
  if (!accountKey) return 'LOCKED';
  try {
    const next = await sealUnder(
      newSecret,
      accountKey,
      accountContext(accountId, 'secret'),
      opts.level ?? KDF_DEFAULTS,
    );
    if (!(await repo.resealSecret(tx, accountId, opts.kind ?? row.secretKind, next, row.secret.sealed))) {
      throw new AppError(409, 'KEYSTORE_BUSY', 'Your key was changed by another request; try again.');
    }
    return 'RESEALED';
  } finally {
    wipe(accountKey);
  }
}

/**
 * Uses the recovery code: the account key is re-sealed under `newSecret`, and a new recovery code
 * replaces the used one (returned, to be shown once). 403 `RECOVERY_CODE_WRONG` if it does not open.
 */
export async function recoverKeystore(
  tx: Tx,
  accountId: string,
  typedCode: string,
  newSecret: string,
  kind: SecretKind,
  opts: Opts = {},
): Promise<{ recoveryCode: string }> {
  const level = opts.level ?? KDF_DEFAULTS;
  const row = await repo.findSecret(tx, accountId);
  if (!row) throw noKeystore();
  const code = normaliseRecoveryCode(typedCode);
  const accountKey = code ? await openUnder(code, row.recovery, accountContext(accountId, 'recovery')) : null;
  if (!accountKey) throw new AppError(403, 'RECOVERY_CODE_WRONG', 'This recovery code does not open your key.');
  try {
    const next = await sealUnder(newSecret, accountKey, accountContext(accountId, 'secret'), level);
    if (!(await repo.resealSecret(tx, accountId, kind, next, row.secret.sealed))) {
      throw new AppError(409, 'KEYSTORE_BUSY', 'Your key was changed by another request; try again.');
    }
    const recoveryCode = newRecoveryCode();
    await repo.resealRecovery(
      tx,
      accountId,
      await sealUnder(recoveryCode, accountKey, accountContext(accountId, 'recovery'), level),
    );
    return { recoveryCode };
  } finally {
    wipe(accountKey);
  }
}

/**
 * For a member who lost both their secret and their recovery code: a new account key under a new
 * secret and a new recovery code. Their keypairs no longer open; `memberKeypair` replaces each at
 * its next use (`replaced`), and the committee wraps the cases' keys to the new one again.
 */
export async function startKeystoreOver(
  tx: Tx,
  accountId: string,
  secret: string,
  kind: SecretKind,
  opts: Opts = {},
): Promise<{ recoveryCode: string }> {
  await repo.deleteSecret(tx, accountId);
  return createKeystore(tx, accountId, secret, kind, opts);
}

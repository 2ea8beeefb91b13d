import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from './db/database.ts';

/**
 * The members' keystore tables (issue 22 §6, docs/cases-security.md §3). Bytes travel as hex
 * (`decode`/`encode`), the same on both engines. Row-level security limits `member_secrets` to
 * the transaction's account and `member_private_keys` to that account in the transaction's
 * workspace; these functions add the same conditions so that they read as what they answer.
 */

/** How a secret or a recovery code became the key that seals the account key, and what it sealed. */
export type SealedUnder = { salt: string; opslimit: number; memlimit: number; sealed: string };

export type SecretRow = {
  secretKind: 'PASSWORD' | 'PASSPHRASE';
  kdfAlg: 'argon2id13';
  secret: SealedUnder;
  recovery: SealedUnder;
};

type Flat = {
  secretKind: SecretRow['secretKind'];
  kdfAlg: SecretRow['kdfAlg'];
  salt: string;
  opslimit: number;
  memlimit: number;
  sealed: string;
  rSalt: string;
  rOpslimit: number;
  rMemlimit: number;
  rSealed: string;
};

/** The account's sealed account key, if it has set up its keystore. */
export async function findSecret(tx: Tx, accountId: string): Promise<SecretRow | undefined> {
  const [r] = await queryRows<Flat>(
    tx,
    sql`select secret_kind as "secretKind", kdf_alg as "kdfAlg",
               encode(kdf_salt, 'hex') as salt, kdf_opslimit as opslimit, kdf_memlimit::float8 as memlimit,
               encode(sealed_account_key, 'hex') as sealed,
               encode(recovery_salt, 'hex') as "rSalt", recovery_opslimit as "rOpslimit",
               recovery_memlimit::float8 as "rMemlimit", encode(recovery_sealed_account_key, 'hex') as "rSealed"
          from member_secrets where account_id = ${accountId}`,
  );
  if (!r) return undefined;
  return {
    secretKind: r.secretKind,
    kdfAlg: r.kdfAlg,
    secret: { salt: r.salt, opslimit: r.opslimit, memlimit: r.memlimit, sealed: r.sealed },
    recovery: { salt: r.rSalt, opslimit: r.rOpslimit, memlimit: r.rMemlimit, sealed: r.rSealed },
  };
}

/** Creates the account's row; false if it has one already (the caller refuses). */
export async function insertSecret(tx: Tx, accountId: string, row: SecretRow): Promise<boolean> {
  const done = await queryRows<{ accountId: string }>(
    tx,
    sql`insert into member_secrets (account_id, secret_kind, kdf_alg, kdf_salt, kdf_opslimit, kdf_memlimit,
                                    sealed_account_key, recovery_salt, recovery_opslimit, recovery_memlimit,
                                    recovery_sealed_account_key)
        values (${accountId}, ${row.secretKind}, ${row.kdfAlg}, decode(${row.secret.salt}, 'hex'),
                ${row.secret.opslimit}, ${row.secret.memlimit}, decode(${row.secret.sealed}, 'hex'),
                decode(${row.recovery.salt}, 'hex'), ${row.recovery.opslimit}, ${row.recovery.memlimit},
                decode(${row.recovery.sealed}, 'hex'))
        on conflict (account_id) do nothing
        returning account_id as "accountId"`,
  );
  return done.length === 1;
}

/**
 * Re-seals the account key under a new secret (and its kind), only if the row still holds what the
 * caller opened (`expectedSealed`): two changes at once cannot lose one another's work silently.
 */
export async function resealSecret(
  tx: Tx,
  accountId: string,
  kind: SecretRow['secretKind'],
  next: SealedUnder,
  expectedSealed: string,
): Promise<boolean> {
  const done = await queryRows<{ accountId: string }>(
    tx,
    sql`update member_secrets
           set secret_kind = ${kind}, kdf_salt = decode(${next.salt}, 'hex'), kdf_opslimit = ${next.opslimit},
               kdf_memlimit = ${next.memlimit}, sealed_account_key = decode(${next.sealed}, 'hex'), updated_at = app_now()
         where account_id = ${accountId} and sealed_account_key = decode(${expectedSealed}, 'hex')
        returning account_id as "accountId"`,
  );
  return done.length === 1;
}

/** Removes the account's sealed account key (starting over). */
export async function deleteSecret(tx: Tx, accountId: string): Promise<void> {
  await tx.execute(sql`delete from member_secrets where account_id = ${accountId}`);
}

/** Replaces the recovery code's seal (a recovery code is used once). */
export async function resealRecovery(tx: Tx, accountId: string, next: SealedUnder): Promise<void> {
  await tx.execute(
    sql`update member_secrets
           set recovery_salt = decode(${next.salt}, 'hex'), recovery_opslimit = ${next.opslimit},
               recovery_memlimit = ${next.memlimit}, recovery_sealed_account_key = decode(${next.sealed}, 'hex'),
               updated_at = app_now()
         where account_id = ${accountId}`,
  );
}

/** A member's keypair in a workspace: the public key, and the private key sealed under the account key. */
export type KeypairRow = { publicKey: string; sealedPrivateKey: string };

/** The member's own keypair in the workspace (RLS shows no one else's private key). */
export async function findKeypair(tx: Tx, workspaceId: string, accountId: string): Promise<KeypairRow | undefined> {
  const [r] = await queryRows<KeypairRow>(
    tx,
    sql`select encode(k.public_key, 'hex') as "publicKey", encode(p.sealed_private_key, 'hex') as "sealedPrivateKey"
          from member_keys k
          join member_private_keys p on p.workspace_id = k.workspace_id and p.account_id = k.account_id
         where k.workspace_id = ${workspaceId} and k.account_id = ${accountId}`,
  );
  return r;
}

/** Stores a new keypair; false if the member has one already (another request made it first). */
export async function insertKeypair(tx: Tx, workspaceId: string, accountId: string, row: KeypairRow): Promise<boolean> {
  const done = await queryRows<{ accountId: string }>(
    tx,
    sql`insert into member_keys (workspace_id, account_id, public_key)
        values (${workspaceId}, ${accountId}, decode(${row.publicKey}, 'hex'))
        on conflict do nothing
        returning account_id as "accountId"`,
  );
  if (done.length === 0) return false;
  await tx.execute(
    sql`insert into member_private_keys (workspace_id, account_id, sealed_private_key)
        values (${workspaceId}, ${accountId}, decode(${row.sealedPrivateKey}, 'hex'))`,
  );
  return true;
}

/** Removes the member's keypair in the workspace (both halves). */
export async function deleteKeypair(tx: Tx, workspaceId: string, accountId: string): Promise<void> {
  await tx.execute(
    sql`delete from member_private_keys where workspace_id = ${workspaceId} and account_id = ${accountId}`,
  );
  await tx.execute(sql`delete from member_keys where workspace_id = ${workspaceId} and account_id = ${accountId}`);
}

/** A member's public key in the workspace (any member's: to wrap a case's key to them). */
export async function findPublicKey(tx: Tx, workspaceId: string, accountId: string): Promise<string | undefined> {
  const [r] = await queryRows<{ publicKey: string }>(
    tx,
    sql`select encode(public_key, 'hex') as "publicKey" from member_keys
         where workspace_id = ${workspaceId} and account_id = ${accountId}`,
  );
  return r?.publicKey;
}

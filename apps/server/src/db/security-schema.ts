import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The case security groundwork (issue 22 §6, docs/cases-security.md): the members' keystore and
 * the hash-chained, insert-only trail. Row-level security, the revoked privileges and the
 * insert-only trigger are hand-written in the migration `case_security_groundwork`. Repositories
 * read and write these tables with SQL that passes bytes as hex (`decode`/`encode`), the same on
 * both engines; the Drizzle columns are for the migration generator.
 */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().default(sql`app_now()`);

/**
 * A person's account key (32 random bytes), sealed under a key derived with Argon2id from their
 * secret (their password, or a case passphrase when they sign in without one), and again under
 * their one-time recovery code. One row per account: a password change re-seals this row only.
 * Readable and writable by that account only (RLS on `app_current_account()`).
 */
export const memberSecrets = pgTable(
  'member_secrets',
  {
    accountId: uuid('account_id').primaryKey(),
    secretKind: text('secret_kind').notNull(),
    kdfAlg: text('kdf_alg').notNull(),
    kdfSalt: bytea('kdf_salt').notNull(),
    kdfOpslimit: integer('kdf_opslimit').notNull(),
    kdfMemlimit: bigint('kdf_memlimit', { mode: 'number' }).notNull(),
    sealedAccountKey: bytea('sealed_account_key').notNull(),
    recoverySalt: bytea('recovery_salt').notNull(),
    recoveryOpslimit: integer('recovery_opslimit').notNull(),
    recoveryMemlimit: bigint('recovery_memlimit', { mode: 'number' }).notNull(),
    recoverySealedAccountKey: bytea('recovery_sealed_account_key').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('member_secrets_kind', sql`${t.secretKind} in ('PASSWORD','PASSPHRASE')`),
    check('member_secrets_alg', sql`${t.kdfAlg} = 'argon2id13'`),
  ],
);

/** A member's public key in a workspace: readable by the workspace (to wrap a case's key to them). */
export const memberKeys = pgTable(
  'member_keys',
  {
    workspaceId: uuid('workspace_id').notNull(),
    accountId: uuid('account_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.accountId] })],
);

/** A member's private key in a workspace, sealed under their account key: that member's only. */
export const memberPrivateKeys = pgTable(
  'member_private_keys',
  {
    workspaceId: uuid('workspace_id').notNull(),
    accountId: uuid('account_id').notNull(),
    sealedPrivateKey: bytea('sealed_private_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.accountId] }),
    foreignKey({
      columns: [t.workspaceId, t.accountId],
      foreignColumns: [memberKeys.workspaceId, memberKeys.accountId],
    }),
  ],
);

/**
 * The insert-only, hash-chained trail (a case's: `chain_id` is the case). Ids only: there is no
 * column a text could be written to. `row_hash` is SHA-256 over the canonical encoding of the row
 * and `prev_hash` (core/trail.ts).
 */
export const trailEntries = pgTable(
  'trail_entries',
  {
    workspaceId: uuid('workspace_id').notNull(),
    chainId: uuid('chain_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    actorAccountId: uuid('actor_account_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: uuid('target_id'),
    traceId: text('trace_id'),
    prevHash: bytea('prev_hash').notNull(),
    rowHash: bytea('row_hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.chainId, t.seq] }),
    check('trail_entries_seq', sql`${t.seq} >= 1`),
    check('trail_entries_action', sql`${t.action} ~ '^[a-z][a-z0-9_.]{0,63}$'`),
    check('trail_entries_target_type', sql`${t.targetType} is null or ${t.targetType} ~ '^[a-z][a-z0-9_]{0,31}$'`),
    check('trail_entries_trace_id', sql`${t.traceId} is null or ${t.traceId} ~ '^[A-Za-z0-9._:-]{1,128}$'`),
    check('trail_entries_hashes', sql`octet_length(${t.prevHash}) = 32 and octet_length(${t.rowHash}) = 32`),
  ],
);

/** The last entry of each chain: appends lock this row, and a verification compares the tail with it. */
export const trailHeads = pgTable(
  'trail_heads',
  {
    workspaceId: uuid('workspace_id').notNull(),
    chainId: uuid('chain_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    headHash: bytea('head_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.chainId] })],
);

import { sql } from 'drizzle-orm';
import sodium from 'sodium-native';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, newUser, newWorkspace, type TestUser, type TestWorkspace } from '../testing/factories.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { KDF_DEFAULTS, newKey, unwrapKey, wrapKey } from './crypto.ts';
import { queryRows, type Tx } from './db/database.ts';
import { withTenant } from './db/tenant.ts';
import {
  changeSecret,
  createKeystore,
  keystoreOf,
  memberKeypair,
  normaliseRecoveryCode,
  publicKeyOf,
  recoverKeystore,
  startKeystoreOver,
} from './keystore.ts';

/** The cheapest Argon2id libsodium allows: these tests are about the keystore, not the cost. */
const FAST = { opslimit: sodium.crypto_pwhash_OPSLIMIT_MIN, memlimit: sodium.crypto_pwhash_MEMLIMIT_MIN };
const fast = { level: FAST };

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let ws: TestWorkspace;
let other: TestWorkspace;

beforeAll(async () => {
  database = await openTestDatabase();
  ws = await newWorkspace(database.db);
  other = await newWorkspace(database.db);
});
afterAll(() => database.dispose());

/** A tenant transaction for `user` in `workspace` (the workspace of their first membership by default). */
const as = <T>(user: TestUser, fn: (tx: Tx) => Promise<T>, workspaceId = user.workspace.id) =>
  withTenant(database.db, { workspaceId, accountId: user.accountId }, fn);

/** The code and message of a refusal. */
async function refusal(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => 'not refused',
    (e: Error & { code?: string; cause?: Error }) => e.code ?? e.cause?.message ?? e.message,
  );
}

describe('the members’ keystore', () => {
  it('creates the keypair at first use and opens the same one afterwards', async () => {
    const m = await newUser(database.db, ws);
    expect(await as(m, (tx) => keystoreOf(tx, m.accountId))).toBeNull();
    expect(
      await refusal(as(m, (tx) => memberKeypair(tx, { workspaceId: ws.id, accountId: m.accountId }, 'pw-1', fast))),
    ).toBe('KEYSTORE_NOT_SET_UP');
    const { recoveryCode } = await as(m, (tx) => createKeystore(tx, m.accountId, 'pw-1', 'PASSWORD', fast));
    expect(recoveryCode).toMatch(/^\d{4}(-\d{4}){7}$/);
    expect(await refusal(as(m, (tx) => createKeystore(tx, m.accountId, 'pw-1', 'PASSWORD', fast)))).toBe(
      'KEYSTORE_EXISTS',
    );
    const scope = { workspaceId: ws.id, accountId: m.accountId };
    const first = await as(m, (tx) => memberKeypair(tx, scope, 'pw-1', fast));
    expect(first).toMatchObject({ created: true, replaced: false });
    const again = await as(m, (tx) => memberKeypair(tx, scope, 'pw-1', fast));
    expect(again.created).toBe(false);
    expect(again.publicKey.equals(first.publicKey)).toBe(true);
    expect(again.privateKey.equals(first.privateKey)).toBe(true);
    // A key wrapped to the public key opens with the keypair the keystore gives back.
    const dataKey = newKey();
    expect(
      unwrapKey(wrapKey(dataKey, (await as(m, (tx) => publicKeyOf(tx, ws.id, m.accountId)))!), again).equals(dataKey),
    ).toBe(true);
    // What is stored is sealed: neither the private key nor the recovery code's digits appear.
    const [stored] = await as(m, (tx) =>
      queryRows<{ sealed: string }>(
        tx,
        sql`select encode(sealed_private_key, 'hex') as sealed from member_private_keys where account_id = ${m.accountId}`,
      ),
    );
    expect(stored!.sealed).not.toContain(first.privateKey.toString('hex'));
    expect(stored!.sealed.length).toBeGreaterThan(first.privateKey.length * 2);
  });

  it('refuses a wrong secret', async () => {
    const m = await newUser(database.db, ws);
    await as(m, (tx) => createKeystore(tx, m.accountId, 'right one', 'PASSPHRASE', fast));
    expect(
      await refusal(
        as(m, (tx) => memberKeypair(tx, { workspaceId: ws.id, accountId: m.accountId }, 'wrong one', fast)),
      ),
    ).toBe('KEYSTORE_SECRET_WRONG');
  });

  it('stores the Argon2id parameters per row and raises them at the next unlock', async () => {
    const m = await newUser(database.db, ws);
    const scope = { workspaceId: ws.id, accountId: m.accountId };
    await as(m, (tx) => createKeystore(tx, m.accountId, 'pw', 'PASSWORD', fast));
    const params = () =>
      as(m, (tx) =>
        queryRows<{ alg: string; ops: number; mem: number; salt: number }>(
          tx,
          sql`select kdf_alg as alg, kdf_opslimit as ops, kdf_memlimit::int as mem, octet_length(kdf_salt) as salt
                from member_secrets where account_id = ${m.accountId}`,
        ),
      );
    expect(await params()).toEqual([{ alg: 'argon2id13', ops: FAST.opslimit, mem: FAST.memlimit, salt: 16 }]);
    const before = await as(m, (tx) => memberKeypair(tx, scope, 'pw', fast));
    // Unlocking at today's defaults re-seals the row at them; the same keypair opens.
    const after = await as(m, (tx) => memberKeypair(tx, scope, 'pw'));
    expect(await params()).toEqual([
      { alg: 'argon2id13', ops: KDF_DEFAULTS.opslimit, mem: KDF_DEFAULTS.memlimit, salt: 16 },
    ]);
    expect(after.privateKey.equals(before.privateKey)).toBe(true);
    expect((await as(m, (tx) => memberKeypair(tx, scope, 'pw'))).privateKey.equals(before.privateKey)).toBe(true);
  });

  it('re-seals under a new secret without losing access; the old secret stops working', async () => {
    const m = await newUser(database.db, ws);
    const scope = { workspaceId: ws.id, accountId: m.accountId };
    await as(m, (tx) => createKeystore(tx, m.accountId, 'old pw', 'PASSWORD', fast));
    const before = await as(m, (tx) => memberKeypair(tx, scope, 'old pw', fast));
    const wrapped = wrapKey(newKey(), before.publicKey);
    expect(await as(m, (tx) => changeSecret(tx, m.accountId, 'not it', 'new pw', fast))).toBe('LOCKED');
    expect(await as(m, (tx) => changeSecret(tx, m.accountId, 'old pw', 'x', { ...fast, onlyKind: 'PASSPHRASE' }))).toBe(
      'NONE',
    );
    expect(await as(m, (tx) => changeSecret(tx, m.accountId, 'old pw', 'new pw', fast))).toBe('RESEALED');
    expect(await refusal(as(m, (tx) => memberKeypair(tx, scope, 'old pw', fast)))).toBe('KEYSTORE_SECRET_WRONG');
    const after = await as(m, (tx) => memberKeypair(tx, scope, 'new pw', fast));
    expect(after.publicKey.equals(before.publicKey)).toBe(true);
    expect(() => unwrapKey(wrapped, after)).not.toThrow();
    const nobody = await newUser(database.db, ws);
    expect(await as(nobody, (tx) => changeSecret(tx, nobody.accountId, 'a', 'b', fast))).toBe('NONE');
  });

  it('one password change re-seals access in every workspace of the person', async () => {
    const m = await newUser(database.db, ws);
    await addMembership(database.db, m, other);
    const inWs = { workspaceId: ws.id, accountId: m.accountId };
    const inOther = { workspaceId: other.id, accountId: m.accountId };
    await as(m, (tx) => createKeystore(tx, m.accountId, 'old', 'PASSWORD', fast));
    const a = await as(m, (tx) => memberKeypair(tx, inWs, 'old', fast));
    const b = await as(m, (tx) => memberKeypair(tx, inOther, 'old', fast), other.id);
    expect(a.publicKey.equals(b.publicKey)).toBe(false);
    // Changed in the other workspace's request…
    expect(await as(m, (tx) => changeSecret(tx, m.accountId, 'old', 'new', fast), other.id)).toBe('RESEALED');
    // …opens both with the new one.
    expect((await as(m, (tx) => memberKeypair(tx, inWs, 'new', fast))).privateKey.equals(a.privateKey)).toBe(true);
    expect(
      (await as(m, (tx) => memberKeypair(tx, inOther, 'new', fast), other.id)).privateKey.equals(b.privateKey),
    ).toBe(true);
  });

  it('a recovery code opens it once, re-seals under a new secret and is replaced by a new code', async () => {
    const m = await newUser(database.db, ws);
    const scope = { workspaceId: ws.id, accountId: m.accountId };
    const { recoveryCode } = await as(m, (tx) => createKeystore(tx, m.accountId, 'forgotten', 'PASSWORD', fast));
    const before = await as(m, (tx) => memberKeypair(tx, scope, 'forgotten', fast));
    const wrong = recoveryCode.replace(/^\d/, (d) => String((Number(d) + 1) % 10));
    expect(await refusal(as(m, (tx) => recoverKeystore(tx, m.accountId, wrong, 'fresh', 'PASSWORD', fast)))).toBe(
      'RECOVERY_CODE_WRONG',
    );
    expect(await refusal(as(m, (tx) => recoverKeystore(tx, m.accountId, '1234', 'fresh', 'PASSWORD', fast)))).toBe(
      'RECOVERY_CODE_WRONG',
    );
    // Typed with spaces instead of dashes.
    const next = await as(m, (tx) =>
      recoverKeystore(tx, m.accountId, recoveryCode.replaceAll('-', ' '), 'fresh', 'PASSPHRASE', fast),
    );
    expect(next.recoveryCode).not.toBe(recoveryCode);
    expect(await as(m, (tx) => keystoreOf(tx, m.accountId))).toEqual({ kind: 'PASSPHRASE' });
    const after = await as(m, (tx) => memberKeypair(tx, scope, 'fresh', fast));
    expect(after.privateKey.equals(before.privateKey)).toBe(true);
    expect(await refusal(as(m, (tx) => memberKeypair(tx, scope, 'forgotten', fast)))).toBe('KEYSTORE_SECRET_WRONG');
    // The used code is spent; the new one works.
    expect(
      await refusal(as(m, (tx) => recoverKeystore(tx, m.accountId, recoveryCode, 'again', 'PASSWORD', fast))),
    ).toBe('RECOVERY_CODE_WRONG');
    await as(m, (tx) => recoverKeystore(tx, m.accountId, next.recoveryCode, 'again', 'PASSWORD', fast));
    expect((await as(m, (tx) => memberKeypair(tx, scope, 'again', fast))).privateKey.equals(before.privateKey)).toBe(
      true,
    );
  });

  it('reads recovery codes typed in other scripts’ digits', () => {
    expect(normaliseRecoveryCode('१२३४ ५६७८ 9012-3456 7890 1234 5678 9012')).toBe(
      '1234-5678-9012-3456-7890-1234-5678-9012',
    );
    expect(normaliseRecoveryCode('௧௨௩௪-౫౬౭౮-೯೦೧೨-3456-7890-1234-5678-9012')).toBe(
      '1234-5678-9012-3456-7890-1234-5678-9012',
    );
    expect(normaliseRecoveryCode('1234')).toBeNull();
    expect(normaliseRecoveryCode('1234-5678-9012-3456-7890-1234-5678-901x')).toBeNull();
  });

  it('starting over gives a new keypair, flagged as replacing the old one', async () => {
    const m = await newUser(database.db, ws);
    const scope = { workspaceId: ws.id, accountId: m.accountId };
    await as(m, (tx) => createKeystore(tx, m.accountId, 'lost', 'PASSWORD', fast));
    const before = await as(m, (tx) => memberKeypair(tx, scope, 'lost', fast));
    await as(m, (tx) => startKeystoreOver(tx, m.accountId, 'new start', 'PASSWORD', fast));
    const after = await as(m, (tx) => memberKeypair(tx, scope, 'new start', fast));
    expect(after).toMatchObject({ created: true, replaced: true });
    expect(after.publicKey.equals(before.publicKey)).toBe(false);
    expect((await as(m, (tx) => publicKeyOf(tx, ws.id, m.accountId)))!.equals(after.publicKey)).toBe(true);
  });

  it('shows a member’s public key to their workspace only, and their secret and private key to them only', async () => {
    const m = await newUser(database.db, ws);
    const colleague = await newUser(database.db, ws);
    const outsider = await newUser(database.db, other);
    await as(m, (tx) => createKeystore(tx, m.accountId, 'pw', 'PASSWORD', fast));
    const mine = await as(m, (tx) => memberKeypair(tx, { workspaceId: ws.id, accountId: m.accountId }, 'pw', fast));
    const count = (user: TestUser, table: string, workspaceId?: string) =>
      as(
        user,
        async (tx) =>
          (
            await queryRows<{ n: number }>(
              tx,
              sql`select count(*)::int as n from ${sql.identifier(table)} where account_id = ${m.accountId}`,
            )
          )[0]!.n,
        workspaceId,
      );
    expect((await as(colleague, (tx) => publicKeyOf(tx, ws.id, m.accountId)))!.equals(mine.publicKey)).toBe(true);
    expect(await count(colleague, 'member_private_keys')).toBe(0);
    expect(await count(colleague, 'member_secrets')).toBe(0);
    expect(await as(colleague, (tx) => keystoreOf(tx, m.accountId))).toBeNull();
    expect(await count(outsider, 'member_keys')).toBe(0);
    // The member's own rows, in the same workspace only for the private key.
    expect(await count(m, 'member_private_keys')).toBe(1);
    expect(await count(m, 'member_private_keys', other.id)).toBe(0);
    expect(await count(m, 'member_secrets', other.id)).toBe(1);
    // Nobody writes a key in someone else's name.
    expect(
      await refusal(
        as(colleague, (tx) =>
          tx.execute(
            sql`insert into member_keys (workspace_id, account_id, public_key) values (${ws.id}, ${m.accountId}, '\\x00')`,
          ),
        ),
      ),
    ).toMatch(/row-level security/);
    // An update of someone else's key touches nothing.
    await as(colleague, (tx) =>
      tx.execute(sql`update member_keys set public_key = '\\x00' where account_id = ${m.accountId}`),
    );
    expect((await as(m, (tx) => publicKeyOf(tx, ws.id, m.accountId)))!.equals(mine.publicKey)).toBe(true);
  });
});

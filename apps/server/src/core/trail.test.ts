import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser, newWorkspace, type TestUser, type TestWorkspace } from '../testing/factories.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { queryRows } from './db/database.ts';
import { withTenant } from './db/tenant.ts';
import { appendTrail, type TrailEntry, verifyTrail } from './trail.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let ws: TestWorkspace;
let other: TestWorkspace;
let member: TestUser;

beforeAll(async () => {
  database = await openTestDatabase();
  ws = await newWorkspace(database.db);
  other = await newWorkspace(database.db);
  member = await newUser(database.db, ws);
});
afterAll(() => database.dispose());

const asApp = <T>(fn: Parameters<typeof withTenant<T>>[2], workspaceId = ws.id) =>
  withTenant(database.db, { workspaceId, accountId: member.accountId }, fn);

const entry = (chainId: string, action = 'case.read'): TrailEntry => ({
  chainId,
  actorAccountId: member.accountId,
  action,
  targetType: 'case_document',
  targetId: randomUUID(),
  traceId: randomUUID(),
});

/** A chain of `n` entries, each in its own transaction, as requests write them. */
async function aChain(n: number): Promise<string> {
  const chainId = randomUUID();
  for (let i = 0; i < n; i++) await asApp((tx) => appendTrail(tx, ws.id, entry(chainId)));
  return chainId;
}

/** The database's own message of a refused statement (Drizzle wraps it in "Failed query: ..."). */
async function refusal(p: Promise<unknown>): Promise<string> {
  return p.then(
    () => 'not refused',
    (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
  );
}

const verify = (chainId: string) => asApp((tx) => verifyTrail(tx, ws.id, chainId));

/**
 * Runs `statement` as the tables' owner with the insert-only trigger switched off for it: what
 * someone holding the database's owner credentials could do. The trail must still tell.
 */
async function tamper(statement: ReturnType<typeof sql>): Promise<void> {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.workspace_id', ${ws.id}, true)`);
    await tx.execute(sql`alter table trail_entries disable trigger trail_entries_insert_only`);
    await tx.execute(statement);
    await tx.execute(sql`alter table trail_entries enable trigger trail_entries_insert_only`);
  });
}

describe('the hash-chained trail', () => {
  it('chains entries one after another and verifies', async () => {
    const chainId = await aChain(4);
    const rows = await asApp((tx) =>
      queryRows<{ seq: number; prev: string; hash: string }>(
        tx,
        sql`select seq::int as seq, encode(prev_hash, 'hex') as prev, encode(row_hash, 'hex') as hash
              from trail_entries where chain_id = ${chainId} order by seq`,
      ),
    );
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4]);
    expect(rows[0]!.prev).toBe('00'.repeat(32));
    for (let i = 1; i < rows.length; i++) expect(rows[i]!.prev).toBe(rows[i - 1]!.hash);
    expect(await verify(chainId)).toEqual({ ok: true, length: 4, head: rows[3]!.hash });
    expect(await verify(randomUUID())).toEqual({ ok: true, length: 0, head: null });
  });

  it('detects an edited entry', async () => {
    const chainId = await aChain(4);
    await tamper(
      sql`update trail_entries set actor_account_id = ${randomUUID()} where chain_id = ${chainId} and seq = 2`,
    );
    expect(await verify(chainId)).toEqual({ ok: false, seq: 2, problem: 'EDITED' });
  });

  it('detects an edited time', async () => {
    const chainId = await aChain(3);
    await tamper(
      sql`update trail_entries set occurred_at = occurred_at - interval '1 day' where chain_id = ${chainId} and seq = 3`,
    );
    expect(await verify(chainId)).toEqual({ ok: false, seq: 3, problem: 'EDITED' });
  });

  it('detects a deleted entry, in the middle or at the end', async () => {
    const middle = await aChain(4);
    await tamper(sql`delete from trail_entries where chain_id = ${middle} and seq = 2`);
    expect(await verify(middle)).toEqual({ ok: false, seq: 2, problem: 'MISSING' });

    const tail = await aChain(3);
    await tamper(sql`delete from trail_entries where chain_id = ${tail} and seq = 3`);
    expect(await verify(tail)).toEqual({ ok: false, seq: 3, problem: 'MISSING' });
  });

  it('detects a deleted entry whose successors were renumbered to close the gap', async () => {
    const chainId = await aChain(4);
    await tamper(sql`delete from trail_entries where chain_id = ${chainId} and seq = 2`);
    await tamper(sql`update trail_entries set seq = seq - 1 where chain_id = ${chainId} and seq > 2`);
    expect(await verify(chainId)).toMatchObject({ ok: false, seq: 2 });
  });

  it('detects reordered entries', async () => {
    const chainId = await aChain(4);
    // Swap the numbers of entries 2 and 3 (through a free number: the key is unique).
    await tamper(sql`update trail_entries set seq = 99 where chain_id = ${chainId} and seq = 2`);
    await tamper(sql`update trail_entries set seq = 2 where chain_id = ${chainId} and seq = 3`);
    await tamper(sql`update trail_entries set seq = 3 where chain_id = ${chainId} and seq = 99`);
    expect(await verify(chainId)).toEqual({ ok: false, seq: 2, problem: 'BROKEN_LINK' });
  });

  it('refuses UPDATE, DELETE and TRUNCATE: to the application (no privilege), to the owner (trigger)', async () => {
    const chainId = await aChain(2);
    for (const statement of [
      sql`update trail_entries set action = 'case.changed' where chain_id = ${chainId}`,
      sql`delete from trail_entries where chain_id = ${chainId}`,
      sql`truncate trail_entries`,
    ]) {
      expect(await refusal(asApp((tx) => tx.execute(statement)))).toMatch(/permission denied/);
    }
    expect(
      await refusal(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('app.workspace_id', ${ws.id}, true)`);
          await tx.execute(sql`update trail_entries set action = 'case.changed' where chain_id = ${chainId}`);
        }),
      ),
    ).toMatch(/insert-only/);
    expect(
      await refusal(
        database.db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('app.workspace_id', ${ws.id}, true)`);
          await tx.execute(sql`delete from trail_entries where chain_id = ${chainId}`);
        }),
      ),
    ).toMatch(/insert-only/);
    expect(await refusal(database.db.execute(sql`truncate trail_entries`))).toMatch(/insert-only/);
    // A head moves forward one entry at a time, never back.
    expect(
      await refusal(asApp((tx) => tx.execute(sql`update trail_heads set seq = 1 where chain_id = ${chainId}`))),
    ).toMatch(/forward/);
    expect(await refusal(asApp((tx) => tx.execute(sql`delete from trail_heads where chain_id = ${chainId}`)))).toMatch(
      /permission denied/,
    );
    expect(await verify(chainId)).toMatchObject({ ok: true, length: 2 });
  });

  it('holds ids only: a text in the action, the target type or the trace id is refused', async () => {
    const chainId = randomUUID();
    for (const bad of [
      { ...entry(chainId), action: 'she said he touched her' },
      { ...entry(chainId), targetType: 'Priya Sharma' },
      { ...entry(chainId), traceId: 'complaint about R. Kumar' },
      { ...entry(chainId), targetId: 'not-an-id' },
    ]) {
      expect(await refusal(asApp((tx) => appendTrail(tx, ws.id, bad)))).toMatch(
        /check constraint|invalid input syntax/,
      );
    }
    expect(await verify(chainId)).toEqual({ ok: true, length: 0, head: null });
  });

  it("is another workspace's to see only if it is theirs, and the platform role has no privilege on it", async () => {
    const chainId = await aChain(2);
    const seen = await asApp(
      (tx) =>
        queryRows<{ n: number }>(tx, sql`select count(*)::int as n from trail_entries where chain_id = ${chainId}`),
      other.id,
    );
    expect(seen).toEqual([{ n: 0 }]);
    // Writing into another workspace's chain is refused by row-level security.
    expect(await refusal(asApp((tx) => appendTrail(tx, ws.id, entry(chainId)), other.id))).toMatch(
      /row-level security/,
    );
    const [privileges] = await queryRows<{ any: boolean }>(
      database.db,
      sql`select bool_or(has_table_privilege('compliance_platform', t, p)) as any
            from unnest(array['trail_entries','trail_heads','member_secrets','member_keys','member_private_keys']) t,
                 unnest(array['SELECT','INSERT','UPDATE','DELETE','TRUNCATE','REFERENCES','TRIGGER']) p`,
    );
    expect(privileges).toEqual({ any: false });
  });

  it('serializes two appends to the same chain: the second waits for the first to commit', async () => {
    // A chain that exists already (its head row is there: nothing but the lock makes the second wait).
    const chainId = await aChain(1);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstAppended: () => void = () => {};
    const appended = new Promise<void>((resolve) => {
      firstAppended = resolve;
    });
    const first = asApp(async (tx) => {
      const r = await appendTrail(tx, ws.id, entry(chainId, 'case.first'));
      firstAppended();
      await held;
      return r;
    });
    await appended;
    let secondDone = false;
    const second = asApp((tx) => appendTrail(tx, ws.id, entry(chainId, 'case.second'))).then((r) => {
      secondDone = true;
      return r;
    });
    // The second is blocked, not merely slow: on PostgreSQL a backend of this database waits on a lock
    // (the chain's head row); PGlite runs one transaction at a time, so there it waits by construction.
    if (!database.pglite) {
      await expect
        .poll(
          async () =>
            (
              await queryRows<{ n: number }>(
                database.db,
                sql`select count(*)::int as n from pg_stat_activity
                     where datname = current_database() and wait_event_type = 'Lock'`,
              )
            )[0]!.n,
          { timeout: 10_000 },
        )
        .toBe(1);
    }
    expect(secondDone).toBe(false);
    release();
    expect(await first).toMatchObject({ seq: 2 });
    expect(await second).toMatchObject({ seq: 3 });
    expect(await verify(chainId)).toMatchObject({ ok: true, length: 3 });
  });

  it('keeps one unbroken chain under many concurrent appends', async () => {
    const chainId = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => asApp((tx) => appendTrail(tx, ws.id, entry(chainId)))),
    );
    expect(results.map((r) => r.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await verify(chainId)).toMatchObject({ ok: true, length: 20 });
  });
});

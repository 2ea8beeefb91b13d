import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aPrincipal, newWorkspace, type TestWorkspace } from '../../testing/factories.ts';
import { openTestDatabase } from '../../testing/test-app.ts';
import { writeAuditEntries } from '../audit.ts';
import { requestHandles } from '../context.ts';
import { queryRows, type Tx } from './database.ts';
import { literal, statement } from './statement.ts';
import { holdTenant, withTenant } from './tenant.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let ws: TestWorkspace;

beforeAll(async () => {
  database = await openTestDatabase();
  ws = await newWorkspace(database.db);
});
afterAll(() => database.dispose());

const txid = async (tx: Tx) =>
  (await queryRows<{ id: string }>(tx, sql`select txid_current()::text as id`))[0]?.id ?? '';
const countOf = (action: string) =>
  withTenant(database.db, { workspaceId: ws.id }, async (tx) => {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from audit_log where action = ${action}`,
    );
    return row?.n ?? 0;
  });
const mark = (tx: Tx, action: string) => writeAuditEntries(tx, { workspaceId: ws.id, action });

describe('a held transaction (the session check and the route share one)', () => {
  it('is the transaction its adopter runs in, and commits what ran before and after the hand-over', async () => {
    const held = await holdTenant(database.db, { workspaceId: ws.id });
    const before = await txid(held.tx);
    await mark(held.tx, 'test.held.before');
    held.handOver();
    const during = await held.adopt(async (tx) => {
      await mark(tx, 'test.held.after');
      return txid(tx);
    });
    expect(during).toBe(before);
    expect(held.adopt(async () => 'again')).toBeNull();
    expect(await countOf('test.held.before')).toBe(1);
    expect(await countOf('test.held.after')).toBe(1);
  });

  it('rolls back everything, the part before the hand-over too, when the adopter fails', async () => {
    const held = await holdTenant(database.db, { workspaceId: ws.id });
    await mark(held.tx, 'test.held.failed.before');
    held.handOver();
    await expect(
      held.adopt(async (tx) => {
        await mark(tx, 'test.held.failed.after');
        throw new Error('the route failed');
      }),
    ).rejects.toThrow('the route failed');
    expect(await countOf('test.held.failed.before')).toBe(0);
    expect(await countOf('test.held.failed.after')).toBe(0);
  });

  it('commits on release (rolls back with release(false)), after which nobody can adopt it', async () => {
    const kept = await holdTenant(database.db, { workspaceId: ws.id });
    await mark(kept.tx, 'test.held.released');
    await kept.release();
    expect(kept.adopt(async () => 1)).toBeNull();
    expect(await countOf('test.held.released')).toBe(1);

    const dropped = await holdTenant(database.db, { workspaceId: ws.id });
    await mark(dropped.tx, 'test.held.dropped');
    await dropped.release(false);
    expect(await countOf('test.held.dropped')).toBe(0);
  });

  it('is released by itself when nobody adopts it in time, freeing the connection for others', async () => {
    const held = await holdTenant(database.db, { workspaceId: ws.id });
    await mark(held.tx, 'test.held.timed-out');
    held.handOver(20);
    // Committed once released (on PGlite every other transaction also waits for it until then).
    await expect.poll(() => countOf('test.held.timed-out')).toBe(1);
    expect(held.adopt(async () => 1)).toBeNull();
  });

  describe('through the request handles', () => {
    const accountId = randomUUID();
    const handlesWith = async () => {
      const held = await holdTenant(database.db, { workspaceId: ws.id, accountId });
      const heldId = await txid(held.tx);
      // A long hold: only the handles themselves may release it in these tests.
      held.handOver(60_000);
      const handles = requestHandles(database.db, {
        workspaceId: ws.id,
        principal: aPrincipal(ws.id, accountId),
        traceId: 't',
        ip: '203.0.113.1',
        held,
      });
      return { held, heldId, handles };
    };

    it('the first ctx.tenant adopts it; a second one runs in a transaction of its own', async () => {
      const { heldId, handles } = await handlesWith();
      expect(await handles.tenant((tx) => txid(tx))).toBe(heldId);
      expect(await handles.tenant((tx) => txid(tx))).not.toBe(heldId);
    });

    it('ctx.platform commits it first, so that one request never waits for a second connection', async () => {
      const { held, handles } = await handlesWith();
      await mark(held.tx, 'test.held.before-platform');
      const seen = await handles.platform({ action: 'test.read', audit: false }, async (tx) => {
        const [row] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from audit_log where action = 'test.held.before-platform'`,
        );
        return row?.n;
      });
      expect(seen).toBe(1);
      expect(held.adopt(async () => 1)).toBeNull();
    });
  });
});

describe('statement (fixed SQL, prepared once per connection on PostgreSQL)', () => {
  it('runs with its values and gives rows keyed by the names in the SQL', async () => {
    const twice = statement<{ doubled: number; label: string }>(
      'test_twice',
      'select ($1::int * 2) as doubled, $2::text as "label"',
    );
    const rows = await withTenant(database.db, { workspaceId: ws.id }, async (tx) => [
      ...(await twice(tx, [21, 'a'])),
      ...(await twice(tx, [5, 'b'])),
    ]);
    expect(rows).toEqual([
      { doubled: 42, label: 'a' },
      { doubled: 10, label: 'b' },
    ]);
  });

  it('writes values as literals that read back unchanged (quotes, backslashes, unicode), and refuses others', async () => {
    const values = ["O'Brien", 'back\\slash \\x27', 'नमस्ते', '', "'; drop table accounts; --"];
    const back = await withTenant(database.db, { workspaceId: ws.id }, (tx) =>
      Promise.all(
        values.map(async (v) => (await queryRows<{ v: string }>(tx, sql.raw(`select ${literal(v)}::text as v`)))[0]?.v),
      ),
    );
    expect(back).toEqual(values);
    expect(literal(null)).toBe('NULL');
    expect(literal(5)).toBe('5');
    expect(() => literal(Number.NaN)).toThrow();
    expect(() => literal({})).toThrow();
  });

  it('refuses a name already given to other SQL (a prepared name must always mean one text)', () => {
    statement('test_named', 'select 1');
    expect(() => statement('test_named', 'select 2')).toThrow(/already used/);
    expect(() => statement('test_named', 'select 1')).not.toThrow();
  });
});

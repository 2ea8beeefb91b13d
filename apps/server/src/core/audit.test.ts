import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { MODULES } from '../app.ts';
import { aPrincipal, newWorkspace, type TestWorkspace } from '../testing/factories.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { writeAuditEntries as audit, auditSpec } from './audit.ts';
import { requestHandles } from './context.ts';
import { queryRows } from './db/database.ts';
import { withTenant } from './db/tenant.ts';
import { registerModules } from './module.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let ws: TestWorkspace;

beforeAll(async () => {
  // The catalogue is the modules' (app.ts registers them when it builds the server).
  registerModules(MODULES);
  database = await openTestDatabase();
  ws = await newWorkspace(database.db);
});
afterAll(() => database.dispose());

const countOf = (action: string) =>
  withTenant(database.db, { workspaceId: ws.id }, async (tx) => {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from audit_log where action = ${action}`,
    );
    return row?.n ?? 0;
  });

describe('audit', () => {
  it('writes one entry, or many across several statements, in the caller’s transaction', async () => {
    const entries = Array.from({ length: 2500 }, (_, i) => ({
      workspaceId: ws.id,
      action: 'test.many',
      targetType: 'user',
      targetId: `u-${i}`,
      details: { i },
    }));
    await withTenant(database.db, { workspaceId: ws.id }, async (tx) => {
      await audit(tx, entries);
      await audit(tx, []);
      await audit(tx, { workspaceId: ws.id, action: 'test.one' });
    });
    expect(await countOf('test.many')).toBe(2500);
    expect(await countOf('test.one')).toBe(1);
  });

  it('lands with the change or not at all', async () => {
    await expect(
      withTenant(database.db, { workspaceId: ws.id }, async (tx) => {
        await audit(tx, [{ workspaceId: ws.id, action: 'test.rolled_back' }]);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await countOf('test.rolled_back')).toBe(0);
  });
});

describe('ctx.audit (the request handle)', () => {
  const handles = (accountId: string | null) =>
    requestHandles(database.db, {
      workspaceId: ws.id,
      principal: accountId ? aPrincipal(ws.id, accountId) : null,
      traceId: 'trace-42',
      ip: '203.0.113.9',
    });

  it('fills actor, workspace, trace id, IP and the target type from the catalogue, in the tenant transaction', async () => {
    const actor = randomUUID();
    const h = handles(actor);
    await h.tenant(async () => {
      await h.audit('user.updated', 'user-1', { before: { a: 1 }, after: { a: 2 } });
      await h.audit.many('account.anonymised', [
        { targetId: 'acc-1', change: null },
        { targetId: 'acc-2', change: null },
      ]);
    });
    const rows = await h.tenant((tx) =>
      queryRows<Record<string, unknown>>(
        tx,
        sql`select workspace_id, actor_account_id, target_type, target_id, trace_id, ip, details from audit_log
            where trace_id = 'trace-42' and actor_account_id = ${actor} order by target_id`,
      ),
    );
    expect(rows).toEqual([
      {
        workspace_id: ws.id,
        actor_account_id: actor,
        target_type: 'account',
        target_id: 'acc-1',
        trace_id: 'trace-42',
        ip: '203.0.113.9',
        details: null,
      },
      expect.objectContaining({ target_id: 'acc-2', target_type: 'account' }),
      expect.objectContaining({
        target_id: 'user-1',
        target_type: 'user',
        details: { before: { a: 1 }, after: { a: 2 } },
      }),
    ]);
  });

  it('rolls back with the transaction, and refuses to write outside one', async () => {
    const h = handles(null);
    await expect(
      h.tenant(async () => {
        await h.audit('auth.signin.failure', null, { method: 'password', reason: 'rolled_back_test' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await expect(
      h.audit('auth.signin.failure', null, { method: 'password', reason: 'rolled_back_test' }),
    ).rejects.toThrow(/outside ctx.tenant/);
    const [row] = await h.tenant((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from audit_log where details->>'reason' = 'rolled_back_test'`,
      ),
    );
    expect(row?.n).toBe(0);
  });

  it('accepts only catalogued actions with their change shape (checked by the type checker)', () => {
    const h = handles(null);
    expectTypeOf(h.audit<'auth.signout'>)
      .parameter(2)
      .toEqualTypeOf<null>();
    expectTypeOf(h.audit<'users.delete_by_file.previewed'>)
      .parameter(2)
      .toEqualTypeOf<{ totalRows: number; matched: string[]; problems: number }>();
    // @ts-expect-error: not in the catalogue
    expectTypeOf(h.audit).toBeCallableWith('user.made_up', null, null);
    expect(auditSpec('users.delete_by_file.previewed').kind).toBe('read');
    expect(() => auditSpec('user.made_up')).toThrow(/no registered module/);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWorkspace, type TestWorkspace } from '../testing/factories.ts';
import { openTestDatabase } from '../testing/test-app.ts';
import { audit } from './audit.ts';
import { queryRows } from './db/database.ts';
import { withTenant } from './db/tenant.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let ws: TestWorkspace;

beforeAll(async () => {
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

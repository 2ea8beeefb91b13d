import { count, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../db/schema.ts';
import { newInvitation, newWorkspace, type TestWorkspace } from '../testing/factories.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { withTenant } from './db/tenant.ts';
import { containsPattern, PAGE_LIMITS, pageWindow, paginate } from './paginate.ts';

describe('pageWindow', () => {
  it('turns a page number and size into an offset and a limit', () => {
    expect(pageWindow({ pageNo: 3, pageSize: 25 })).toEqual({ pageNo: 3, pageSize: 25, offset: 75, limit: 25 });
  });

  it('keeps whatever a caller passes within the limits', () => {
    expect(pageWindow({})).toMatchObject({ pageNo: 0, pageSize: PAGE_LIMITS.defaultSize, offset: 0 });
    expect(pageWindow({ pageNo: -2, pageSize: 0 })).toMatchObject({ pageNo: 0, pageSize: 1, offset: 0 });
    expect(pageWindow({ pageNo: 1.7, pageSize: 10_000 })).toMatchObject({ pageNo: 1, limit: PAGE_LIMITS.maxSize });
    expect(pageWindow({ pageNo: Number.NaN, pageSize: 10 }, { defaultSize: 5, maxSize: 8 })).toMatchObject({
      pageNo: 0,
      limit: 8,
    });
  });
});

describe('containsPattern', () => {
  it('wraps the text in % and takes \\, % and _ literally', () => {
    expect(containsPattern('kul')).toBe('%kul%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('paginate', () => {
  let t: TestApp;
  let ws: TestWorkspace;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    ws = await newWorkspace(t.database.db);
    for (let i = 0; i < 7; i++) ids.push((await newInvitation(t.database.db, ws, { email: `p${i}@example.test` })).id);
    // Every row ties on the sort key: only the tiebreaker decides their order.
    await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      tx.update(invitations).set({ createdAt: sql`'2026-01-01T00:00:00Z'` }).where(eq(invitations.workspaceId, ws.id)),
    );
  });
  afterAll(() => t.close());

  const page = (pageNo: number, pageSize: number) =>
    withTenant(t.database.db, { workspaceId: ws.id }, (tx) => {
      const where = eq(invitations.workspaceId, ws.id);
      return paginate({
        rows: tx.select({ id: invitations.id }).from(invitations).where(where).$dynamic(),
        count: tx.select({ n: count() }).from(invitations).where(where),
        page: { pageNo, pageSize },
        order: { orderBy: [desc(invitations.createdAt)], tiebreaker: invitations.id },
      });
    });

  it('cuts the list into pages that neither overlap nor skip a row when every sort key ties', async () => {
    const pages = [await page(0, 3), await page(1, 3), await page(2, 3)];
    expect(pages.map((p) => p.total)).toEqual([7, 7, 7]);
    expect(pages.map((p) => p.rows.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual([...ids].sort());
  });

  it('answers an empty page past the end with the total', async () => {
    expect(await page(5, 3)).toEqual({ rows: [], total: 7 });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../../core/errors.ts';
import { aMember, aWorkspace, createTestApp, type TestApp } from '../../../testing/index.ts';
import { aCatalogueCourse, creditState, makeAvailable, memberCtx } from '../../../testing/lms-fixture.ts';
import { createEnrolments } from '../enrolments/enrolments.service.ts';

/**
 * The credit spend under contention (docs/learning-design.md §1.8): every enrolment of a catalogue
 * course takes the workspace's availability row lock before it spends, so concurrent enrolments can
 * never spend more than the balance. On PostgreSQL the 50 transactions really overlap (a pool of
 * connections, READ COMMITTED); PGlite runs them one after another. Same code, same outcome.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('50 concurrent enrolments against 10 credits', () => {
  it('spend exactly 10: ten succeed, forty answer NO_CREDITS, balance = 0 = the ledger’s sum', async () => {
    const db = t.database.db;
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const learners = await Promise.all(Array.from({ length: 50 }, () => aMember(ws)));
    const courseId = await aCatalogueCourse(db, { title: 'POSH basics' });
    await makeAvailable(db, ws.id, courseId, 10);
    expect(await creditState(db, ws.id, courseId)).toMatchObject({ balance: 10, ledgerSum: 10 });

    const ctx = memberCtx(db, ws.id, admin.accountId, t.app.deps);
    const results = await Promise.allSettled(
      learners.map((l) =>
        ctx.tenant((tx) => createEnrolments(ctx, tx, { workspaceId: ws.id, courseId, accountIds: [l.accountId] })),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      const e = r.reason as AppError;
      expect({
        status: e.status,
        reason: e.params?.reason,
        needed: e.params?.needed,
        balance: e.params?.balance,
      }).toEqual({ status: 409, reason: 'NO_CREDITS', needed: 1, balance: 0 });
      expect(e.params?.courseTitle).toBe('POSH basics');
      expect(e.message).toContain('Request more credits under Learning → Credits');
    }
    const state = await creditState(db, ws.id, courseId);
    expect(state).toEqual({ balance: 0, ledgerSum: 0, spends: 10, enrolments: 10, spentFlags: 10 });
  });

  it('a batch larger than the balance enrols nobody and spends nothing (all or nothing)', async () => {
    const db = t.database.db;
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const learners = await Promise.all(Array.from({ length: 4 }, () => aMember(ws)));
    const courseId = await aCatalogueCourse(db);
    await makeAvailable(db, ws.id, courseId, 3);
    const ctx = memberCtx(db, ws.id, admin.accountId, t.app.deps);
    const ids = learners.map((l) => l.accountId);
    await expect(
      ctx.tenant((tx) => createEnrolments(ctx, tx, { workspaceId: ws.id, courseId, accountIds: ids })),
    ).rejects.toMatchObject({ status: 409, params: { reason: 'NO_CREDITS', balance: 3, needed: 4 } });
    expect(await creditState(db, ws.id, courseId)).toMatchObject({ balance: 3, ledgerSum: 3, enrolments: 0 });

    // Three fit; enrolling one of them again is skipped and spends nothing.
    const first = await ctx.tenant((tx) =>
      createEnrolments(ctx, tx, { workspaceId: ws.id, courseId, accountIds: ids.slice(0, 3) }),
    );
    expect(first).toMatchObject({ balance: 0, skipped: [] });
    const again = await ctx.tenant((tx) =>
      createEnrolments(ctx, tx, { workspaceId: ws.id, courseId, accountIds: [ids[0]!] }),
    );
    expect(again).toMatchObject({ enrolled: [], skipped: [ids[0]], balance: 0 });
    expect(await creditState(db, ws.id, courseId)).toEqual({
      balance: 0,
      ledgerSum: 0,
      spends: 3,
      enrolments: 3,
      spentFlags: 3,
    });
  });

  it('a workspace’s own course spends nothing; a catalogue course not available to it is not found', async () => {
    const db = t.database.db;
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const learner = await aMember(ws);
    const own = await aCatalogueCourse(db, { owner: ws.id });
    const ctx = memberCtx(db, ws.id, admin.accountId, t.app.deps);
    const res = await ctx.tenant((tx) =>
      createEnrolments(ctx, tx, { workspaceId: ws.id, courseId: own, accountIds: [learner.accountId] }),
    );
    expect(res).toMatchObject({ balance: null, skipped: [] });
    expect(res.enrolled).toHaveLength(1);
    expect(await creditState(db, ws.id, own)).toMatchObject({ ledgerSum: 0, enrolments: 1, spentFlags: 0 });

    const hidden = await aCatalogueCourse(db);
    await expect(
      ctx.tenant((tx) =>
        createEnrolments(ctx, tx, { workspaceId: ws.id, courseId: hidden, accountIds: [learner.accountId] }),
      ),
    ).rejects.toMatchObject({ status: 404, params: { reason: 'COURSE_NOT_FOUND' } });
  });
});

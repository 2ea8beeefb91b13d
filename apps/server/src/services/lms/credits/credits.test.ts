import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import {
  aBusinessUnit,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';
import { aCatalogueCourse, creditState, makeAvailable } from '../../../testing/lms-fixture.ts';

let t: TestApp;
let operatorToken: string;
beforeAll(async () => {
  t = await createTestApp();
  operatorToken = await (await anOperator(t)).signIn(t);
});
afterAll(() => t.close());

const op = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.request(TEST_PLATFORM_HOST, { method, url, token: operatorToken, ...(payload ? { payload } : {}) });

/** The database error a statement of the application role raises (its transaction rolled back). */
async function appRoleError(workspaceId: string, statement: ReturnType<typeof sql>) {
  return withTenant(t.database.db, { workspaceId }, (tx) => tx.execute(statement)).then(
    () => null,
    (err: { code?: string; cause?: { code?: string; message?: string }; message: string }) =>
      err.cause?.code ?? err.code ?? err.message,
  );
}

describe('the ledger and the balance are beyond the application role', () => {
  it('cannot update or delete ledger rows, insert a GRANT, or write workspace_courses; the CHECK stops an overspend', async () => {
    const ws = await aWorkspace(t);
    const courseId = await aCatalogueCourse(t.database.db);
    await makeAvailable(t.database.db, ws.id, courseId, 2);
    // 42501: insufficient privilege; RLS WITH CHECK failures are 42501 too.
    expect(await appRoleError(ws.id, sql`update credit_ledger set delta = 100`)).toBe('42501');
    expect(await appRoleError(ws.id, sql`delete from credit_ledger`)).toBe('42501');
    expect(
      await appRoleError(
        ws.id,
        sql`insert into credit_ledger (workspace_id, course_id, delta, reason) values (${ws.id}, ${courseId}, 50, 'GRANT')`,
      ),
    ).toBe('42501');
    expect(await appRoleError(ws.id, sql`update workspace_courses set balance = 1000`)).toBe('42501');
    expect(await appRoleError(ws.id, sql`delete from workspace_courses where course_id = ${courseId}`)).toBe('42501');
    expect(
      await appRoleError(
        ws.id,
        sql`insert into workspace_courses (workspace_id, course_id, balance) values (${ws.id}, ${await aCatalogueCourse(t.database.db)}, 9)`,
      ),
    ).toBe('42501');
    expect(await appRoleError(ws.id, sql`select * from workspace_courses for update`)).toBe('42501');
    // Another workspace's spend row is refused too.
    const other = await aWorkspace(t);
    expect(
      await appRoleError(
        other.id,
        sql`insert into credit_ledger (workspace_id, course_id, delta, reason) values (${ws.id}, ${courseId}, -1, 'SPEND')`,
      ),
    ).toBe('42501');
    // Even without the lock, three spends against two credits fail on the balance CHECK (23514).
    const spend = await appRoleError(
      ws.id,
      sql`insert into credit_ledger (workspace_id, course_id, delta, reason)
          select ${ws.id}, ${courseId}, -1, 'SPEND' from generate_series(1, 3)`,
    );
    expect(spend).toBe('23514');
    expect(await creditState(t.database.db, ws.id, courseId)).toMatchObject({ balance: 2, ledgerSum: 2 });
  });
});

describe('credit requests: the workspace asks, the operator decides', () => {
  // One workspace asks for credits of one catalogue course, twice; the operator grants one request in
  // part and rejects the other. The rules below read the story in order.
  let ws: Awaited<ReturnType<typeof aWorkspace>>;
  let token: string;
  let courseId: string;
  let first: Awaited<ReturnType<typeof t.request>>;
  let second: { id: string };
  const ask = (quantity: number, note?: string) =>
    t.request(ws.host, {
      method: 'POST',
      url: '/lms/api/workspace-course-credit/request-credits',
      token,
      payload: { courseId, quantity, ...(note ? { note } : {}) },
    });
  beforeAll(async () => {
    ws = await aWorkspace(t, { name: 'Acme Requests' });
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN', firstName: 'Asha', lastName: 'Admin' });
    token = await admin.session();
    courseId = await aCatalogueCourse(t.database.db, { title: 'Safe workplace' });
  });

  it('a course not made available does not exist for the workspace: asking for credits is 404', async () => {
    // Not yet available: the course does not exist for the workspace.
    expect((await ask(5)).statusCode).toBe(404);
  });

  it('the operator makes it available, with no credits; the course lists the workspace by name', async () => {
    const made = await op('POST', '/lms/api/admin/course/workspace-course', {
      workspaceId: ws.id,
      courseId,
      enabled: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ enabled: true, balance: 0, courseTitle: 'Safe workplace' });
    const listed = await op('GET', `/lms/api/admin/course/workspace-course?courseId=${courseId}&pageNo=0`);
    expect(listed.json().content).toContainEqual(
      expect.objectContaining({ workspaceId: ws.id, workspaceName: 'Acme Requests', enabled: true }),
    );
  });

  it('a request is for 1 to 10,000 credits; it is pending, with its names, and nothing the workspace may do to it', async () => {
    expect((await ask(0)).statusCode).toBe(400);
    expect((await ask(10_001)).statusCode).toBe(400);
    first = await ask(25, 'For the March batch');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'PENDING',
      quantity: 25,
      note: 'For the March batch',
      courseTitle: 'Safe workplace',
      workspaceName: 'Acme Requests',
      requestedBy: 'Asha Admin',
      actions: [],
    });
    second = (await ask(7)).json();
  });

  it('the operator’s queue lists the pending requests, filtered by workspace, each to decide', async () => {
    // The operator's queue: pending first, with names; filtered by workspace.
    const queue = await op('POST', '/lms/api/admin/course/workspace-course-credit/requests', {
      pageNo: 0,
      workspaceId: ws.id,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    expect(queue.json().content.map((r: { id: string }) => r.id)).toEqual([first.json().id, second.id]);
    expect(queue.json().content[0].actions).toEqual(['decide']);
  });

  it('the operator grants part of a request; a decided request cannot be decided again', async () => {
    // Grant 20 of the 25.
    const granted = await op('POST', `/lms/api/admin/course/buy-credits/${first.json().id}`, {
      decision: 'GRANT',
      quantity: 20,
      note: 'Twenty for now',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({
      balance: 20,
      request: { status: 'GRANTED', grantedQuantity: 20, decisionNote: 'Twenty for now', actions: [] },
    });
    // Decided once only.
    const again = await op('POST', `/lms/api/admin/course/buy-credits/${first.json().id}`, { decision: 'GRANT' });
    expect(again.statusCode).toBe(409);
    expect(again.json().params).toMatchObject({ reason: 'CREDIT_REQUEST_CLOSED' });
  });

  it('a rejected request adds nothing and is closed too; the ledger sums to the balance', async () => {
    // Reject the other.
    const rejected = await op('POST', `/lms/api/admin/course/buy-credits/${second.id}`, {
      decision: 'REJECT',
      note: 'Use the first grant',
    });
    expect(rejected.json()).toMatchObject({ balance: 20, request: { status: 'REJECTED', grantedQuantity: null } });
    expect(
      (await op('POST', `/lms/api/admin/course/buy-credits/${second.id}`, { decision: 'GRANT' })).json().params.reason,
    ).toBe('CREDIT_REQUEST_CLOSED');
    expect(await creditState(t.database.db, ws.id, courseId)).toMatchObject({ balance: 20, ledgerSum: 20 });
  });

  it('the workspace reads its balance, ledger and requests; the operator the same, naming the workspace', async () => {
    // The workspace sees its balance, ledger and requests.
    const ledger = await t.request(ws.host, {
      method: 'GET',
      url: `/lms/api/course/credits/credited/${courseId}?pageNo=0`,
      token,
    });
    expect(ledger.statusCode, ledger.body).toBe(200);
    expect(ledger.json()).toMatchObject({ balance: 20, enabled: true, courseTitle: 'Safe workplace' });
    expect(ledger.json().entries.content).toEqual([
      expect.objectContaining({ delta: 20, reason: 'GRANT', note: 'Twenty for now', requestId: first.json().id }),
    ]);
    const mine = await t.request(ws.host, {
      method: 'GET',
      url: `/lms/api/course/credits/requests/${courseId}?pageNo=0`,
      token,
    });
    expect(mine.json().content.map((r: { status: string }) => r.status)).toEqual(['REJECTED', 'GRANTED']);
    // The operator reads the same with the workspace named.
    const opLedger = await op('GET', `/lms/api/course/credits/credited/${courseId}?pageNo=0&workspaceId=${ws.id}`);
    expect(opLedger.json()).toMatchObject({ balance: 20 });
    expect((await op('GET', `/lms/api/course/credits/credited/${courseId}?pageNo=0`)).statusCode).toBe(400);
  });

  it('requests, grants, rejections and making available are audited in the workspace’s log', async () => {
    // Audited: requested, granted, rejected, made available — in the workspace's log.
    const actions = await withPlatform(t.database.db, { action: 'test.audit', audit: false }, (tx) =>
      queryRows<{ action: string }>(
        tx,
        sql`select action from audit_log where workspace_id = ${ws.id} order by occurred_at, action`,
      ),
    );
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['course.made_available', 'credits.requested', 'credits.granted', 'credits.rejected']),
    );
  });

  it('switched off, the workspace can no longer ask, and the balance stays', async () => {
    // Switched off: the workspace can no longer ask, and the operator cannot grant on a hidden row.
    expect(
      (
        await op('POST', '/lms/api/admin/course/workspace-course', { workspaceId: ws.id, courseId, enabled: false })
      ).json(),
    ).toMatchObject({ enabled: false, balance: 20 });
    expect((await ask(1)).statusCode).toBe(404);
  });

  it('only a published catalogue course can be made available', async () => {
    const ws = await aWorkspace(t);
    const draft = await aCatalogueCourse(t.database.db, { published: false });
    const res = await op('POST', '/lms/api/admin/course/workspace-course', {
      workspaceId: ws.id,
      courseId: draft,
      enabled: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().params.reason).toBe('COURSE_NOT_PUBLISHED');
    const own = await aCatalogueCourse(t.database.db, { owner: ws.id });
    expect(
      (await op('POST', '/lms/api/admin/course/workspace-course', { workspaceId: ws.id, courseId: own, enabled: true }))
        .statusCode,
    ).toBe(404);
  });

  it('an EMPLOYEE, a BRANCH_ADMIN and another workspace are refused; nobody but the operator decides', async () => {
    const a = await aWorkspace(t);
    const b = await aWorkspace(t);
    const courseId = await aCatalogueCourse(t.database.db);
    await makeAvailable(t.database.db, a.id, courseId);
    await makeAvailable(t.database.db, b.id, courseId);
    const unit = await aBusinessUnit(a);
    const employee = await (await aMember(a)).session();
    const branchAdmin = await (await aMember(a, { role: 'BRANCH_ADMIN', unit })).session();
    const adminA = await (await aMember(a, { role: 'WORKSPACE_ADMIN' })).session();
    const adminB = await (await aMember(b, { role: 'WORKSPACE_ADMIN' })).session();
    const ask = (host: string, token: string) =>
      t.request(host, {
        method: 'POST',
        url: '/lms/api/workspace-course-credit/request-credits',
        token,
        payload: { courseId, quantity: 3 },
      });
    for (const token of [employee, branchAdmin]) {
      const res = await ask(a.host, token);
      expect(res.statusCode).toBe(403);
      expect(res.json().params.reason).toBe('FORBIDDEN_REQUEST_CREDITS');
      const ledger = await t.request(a.host, {
        method: 'GET',
        url: `/lms/api/course/credits/credited/${courseId}`,
        token,
      });
      expect(ledger.statusCode).toBe(403);
    }
    // The owner of a workspace course asks nobody for credits.
    const own = await aCatalogueCourse(t.database.db, { owner: a.id });
    const ownRes = await t.request(a.host, {
      method: 'POST',
      url: '/lms/api/workspace-course-credit/request-credits',
      token: adminA,
      payload: { courseId: own, quantity: 3 },
    });
    expect(ownRes.json().params.reason).toBe('FORBIDDEN_REQUEST_CREDITS');

    const reqA = (await ask(a.host, adminA)).json();
    // B's admin sees none of A's requests, and cannot decide (neither on B's host nor with A's token elsewhere).
    const seenByB = await t.request(b.host, {
      method: 'GET',
      url: `/lms/api/course/credits/requests/${courseId}`,
      token: adminB,
    });
    expect(seenByB.statusCode).toBe(200);
    expect(seenByB.json().content).toEqual([]);
    for (const [host, token] of [
      [b.host, adminB],
      [a.host, adminA],
    ] as const) {
      const decide = await t.request(host, {
        method: 'POST',
        url: `/lms/api/admin/course/buy-credits/${reqA.id}`,
        token,
        payload: { decision: 'GRANT' },
      });
      expect(decide.statusCode).toBeGreaterThanOrEqual(400);
      expect(decide.statusCode).toBeLessThan(500);
      const queue = await t.request(host, {
        method: 'POST',
        url: '/lms/api/admin/course/workspace-course-credit/requests',
        token,
        payload: {},
      });
      expect(queue.statusCode).toBeGreaterThanOrEqual(400);
      const avail = await t.request(host, {
        method: 'POST',
        url: '/lms/api/admin/course/workspace-course',
        token,
        payload: { workspaceId: a.id, courseId, enabled: false },
      });
      expect(avail.statusCode).toBeGreaterThanOrEqual(400);
    }
    expect(await creditState(t.database.db, a.id, courseId)).toMatchObject({ balance: 0, ledgerSum: 0 });
    const pending = await op('POST', '/lms/api/admin/course/workspace-course-credit/requests', {
      status: 'PENDING',
      workspaceId: a.id,
    });
    expect(pending.json().content).toHaveLength(1);
  });
});

describe('jurisdictions', () => {
  // The operator makes 23 jurisdictions with a tag of this run; the rules below page, change and delete them in order.
  const tag = `T${Date.now().toString(36).toUpperCase()}`;
  const made: Array<{ id: string; code: string; name: string }> = [];
  beforeAll(async () => {
    for (let i = 0; i < 23; i++) {
      const res = await op('POST', '/lms/api/admin/jurisdiction/create', {
        code: `${tag}-${String(i).padStart(2, '0')}`,
        name: `Zone ${tag} ${String.fromCharCode(90 - i)}`,
        country: 'in',
      });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json());
    }
  });

  it('the operator creates them (the country upper-cased); a taken code or name (any case) and a bad code are refused', async () => {
    expect(made[0]).toMatchObject({ code: `${tag}-00`, country: 'IN', courseCount: 0, actions: ['edit', 'delete'] });
    const dupCode = await op('POST', '/lms/api/admin/jurisdiction/create', {
      code: `${tag}-00`,
      name: 'Another name',
      country: 'IN',
    });
    expect(dupCode.statusCode).toBe(409);
    expect(dupCode.json().params).toMatchObject({ reason: 'JURISDICTION_EXISTS', field: 'code' });
    const dupName = await op('POST', '/lms/api/admin/jurisdiction/create', {
      code: `${tag}-XX`,
      name: made[1]!.name.toUpperCase(),
      country: 'IN',
    });
    expect(dupName.json().params).toMatchObject({ reason: 'JURISDICTION_EXISTS', field: 'name' });
    expect(
      (await op('POST', '/lms/api/admin/jurisdiction/create', { code: 'bad code!', name: 'x', country: 'IN' }))
        .statusCode,
    ).toBe(400);
  });

  it('pages them 20 at a time, sorted by code, by name or newest first; another sort is refused', async () => {
    // Paging (20 a page) and the three sorts.
    const page = async (sortBy: string, pageNo: number) =>
      (await op('GET', `/lms/api/admin/jurisdiction/all?pageNo=${pageNo}&sortBy=${sortBy}`)).json();
    const first = await page('CODE', 0);
    expect(first.content).toHaveLength(20);
    expect(first.totalElements).toBeGreaterThanOrEqual(23);
    const codes = first.content.map((j: { code: string }) => j.code);
    expect(codes).toEqual([...codes].sort());
    const byName = (await page('NAME', 0)).content.map((j: { name: string }) => j.name.toLowerCase());
    expect(byName).toEqual([...byName].sort());
    const added = (await page('ADDED', 0)).content.map((j: { createdAt: string }) => j.createdAt);
    expect(added).toEqual([...added].sort().reverse());
    expect((await op('GET', '/lms/api/admin/jurisdiction/all?sortBy=AGE')).statusCode).toBe(400);
  });

  it('updates one with a parent; a cycle and a taken code are refused', async () => {
    // Update, with a parent; a cycle is refused.
    const [x, y] = [made[0]!, made[1]!];
    const upd = await op('POST', `/lms/api/admin/jurisdiction/update/${y.id}`, {
      code: y.code,
      name: `${y.name} (state)`,
      country: 'IN',
      parentId: x.id,
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ parentId: x.id, name: `${y.name} (state)` });
    const cycle = await op('POST', `/lms/api/admin/jurisdiction/update/${x.id}`, {
      code: x.code,
      name: x.name,
      country: 'IN',
      parentId: y.id,
    });
    expect(cycle.statusCode).toBe(400);
    const clash = await op('POST', `/lms/api/admin/jurisdiction/update/${x.id}`, {
      code: made[2]!.code,
      name: x.name,
      country: 'IN',
    });
    expect(clash.statusCode).toBe(409);
  });

  it('does not delete a parent, or one a course is tagged with; deletes another once', async () => {
    const x = made[0]!;
    // A parent, or a jurisdiction a course is tagged with, is not deleted.
    expect((await op('DELETE', `/lms/api/admin/jurisdiction/delete/${x.id}`)).json().params.reason).toBe(
      'JURISDICTION_IN_USE',
    );
    const z = made[3]!;
    const courseId = await aCatalogueCourse(t.database.db);
    await withPlatform(t.database.db, { action: 'test.tag', audit: false }, (tx) =>
      tx.execute(sql`insert into course_jurisdictions (course_id, jurisdiction_id) values (${courseId}, ${z.id})`),
    );
    const inUse = await op('DELETE', `/lms/api/admin/jurisdiction/delete/${z.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().params).toMatchObject({ reason: 'JURISDICTION_IN_USE', count: 1 });
    const del = await op('DELETE', `/lms/api/admin/jurisdiction/delete/${made[4]!.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await op('DELETE', `/lms/api/admin/jurisdiction/delete/${made[4]!.id}`)).statusCode).toBe(404);
  });

  it('workspaces read them (learning.view) but do not write; nobody signed out reads', async () => {
    // Workspaces read (learning.view) but do not write.
    const ws = await aWorkspace(t);
    const employee = await (await aMember(ws)).session();
    const read = await t.request(ws.host, {
      method: 'GET',
      url: '/lms/api/jurisdiction/all?sortBy=CODE',
      token: employee,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().content[0].actions).toEqual([]);
    const admin = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).session();
    for (const token of [employee, admin]) {
      const w = await t.request(ws.host, {
        method: 'POST',
        url: '/lms/api/admin/jurisdiction/create',
        token,
        payload: { code: `${tag}-WS`, name: 'Workspace zone', country: 'IN' },
      });
      expect(w.statusCode).toBeGreaterThanOrEqual(400);
      expect(w.statusCode).toBeLessThan(500);
    }
    expect((await t.request(ws.host, { method: 'GET', url: '/lms/api/jurisdiction/all' })).statusCode).toBe(401);
  });
});

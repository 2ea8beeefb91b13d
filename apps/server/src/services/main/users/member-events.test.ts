import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../../app.ts';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { type CoreEvents, EVENT_CHUNK, type EventName, emit } from '../../../core/events.ts';
import { defineModule } from '../../../core/module.ts';
import { csv, FIELDS } from '../../../testing/bulk-files.ts';
import {
  aBusinessUnit,
  aDepartment,
  aMember,
  anInvitation,
  aWorkspace,
  createTestApp,
  multipart,
  type TestApp,
} from '../../../testing/index.ts';

// The core member events (core/events.ts) as main emits them: every place a member joins, moves or
// is deactivated writes one job per subscribing module in the change's own transaction. A probe
// module subscribes to all three (as learning or cases would: no edit of core or main needed).

type Heard = { [E in EventName]: { event: E; payload: CoreEvents[E] } }[EventName];
const heard: Heard[] = [];
const probe = defineModule({
  name: 'probe',
  events: {
    'member.joined': async (payload) => void heard.push({ event: 'member.joined', payload }),
    'member.moved': async (payload) => void heard.push({ event: 'member.moved', payload }),
    'member.deactivated': async (payload) => void heard.push({ event: 'member.deactivated', payload }),
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ modules: [...MODULES, probe] });
});
afterAll(() => t.close());

/** What the probe heard of `event` in workspace `workspaceId`. */
const heardOf = <E extends EventName>(event: E, workspaceId: string): Array<CoreEvents[E]> =>
  heard
    .filter((h) => h.event === event && h.payload.workspaceId === workspaceId)
    .map((h) => h.payload as CoreEvents[E]);

/** The probe's jobs of `event` about `workspaceId` (any state), read as the tables' owner. */
async function probeJobs(event: EventName, workspaceId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from pgboss.job where name = ${`probe.on.${event}`} and data->>'workspaceId' = ${workspaceId}`,
  );
  return row!.n;
}

async function adminOf(ws: Awaited<ReturnType<typeof aWorkspace>>) {
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  return admin.session();
}

describe('member joined', () => {
  it('claiming an invitation tells every subscriber, once', async () => {
    const ws = await aWorkspace(t);
    const inv = await anInvitation(ws);
    const res = await t.request(ws.host, {
      method: 'POST',
      url: `/api/invite/claim/${inv.code}`,
      payload: { firstName: 'New', lastName: 'Joiner', userPassword: 'a long enough secret 42' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [used] = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      queryRows<{ id: string }>(tx, sql`select used_by as id from invitations where id = ${inv.id}`),
    );
    await expect
      .poll(() => heardOf('member.joined', ws.id), { timeout: 10_000 })
      .toEqual([{ workspaceId: ws.id, accountIds: [used!.id], at: expect.any(String) }]);
    expect(await probeJobs('member.joined', ws.id)).toBe(1);
  });

  it('a file of new users tells the subscribers of every person created, in one event', async () => {
    const ws = await aWorkspace(t, { bulkSignUp: true });
    const token = await adminOf(ws);
    const batch = Math.random().toString(36).slice(2, 8);
    const file = csv([
      [`a-${batch}@example.test`, 'A', 'One', '', 'Head Office', 'People', '', ''],
      [`b-${batch}@example.test`, 'B', 'Two', '', 'Head Office', '', '', ''],
    ]);
    const { payload, headers } = multipart(file, FIELDS);
    const res = await t.request(ws.host, { method: 'POST', url: '/api/user/create/bulk', token, payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    const ids = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`select a.id from accounts a join memberships m on m.account_id = a.id and m.workspace_id = ${ws.id}
             where a.email like ${`%-${batch}@example.test`}`,
      ),
    );
    expect(ids).toHaveLength(2);
    await expect.poll(() => heardOf('member.joined', ws.id).length, { timeout: 10_000 }).toBe(1);
    expect([...heardOf('member.joined', ws.id)[0]!.accountIds].sort()).toEqual(ids.map((r) => r.id).sort());
  });

  it('a dry run creates nobody and tells nobody', async () => {
    const ws = await aWorkspace(t, { bulkSignUp: true });
    const token = await adminOf(ws);
    const file = csv([[`dry-${Date.now()}@example.test`, 'D', 'Ry', '', 'Head Office', '', '', '']]);
    const { payload, headers } = multipart(file, FIELDS);
    const res = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/create/bulk?dryRun=true',
      token,
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await probeJobs('member.joined', ws.id)).toBe(0);
  });
});

describe('member moved and deactivated', () => {
  it("an administrator's move to another unit and department tells where from and where to", async () => {
    const ws = await aWorkspace(t);
    const token = await adminOf(ws);
    const unit = await aBusinessUnit(ws);
    const dept = await aDepartment(unit);
    const member = await aMember(ws);
    const res = await t.request(ws.host, {
      method: 'POST',
      url: `/api/user/update/${member.accountId}`,
      token,
      payload: { branchId: unit.id, departmentId: dept.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect
      .poll(() => heardOf('member.moved', ws.id), { timeout: 10_000 })
      .toEqual([
        {
          workspaceId: ws.id,
          accountId: member.accountId,
          from: { branchId: ws.branchId, departmentId: null },
          to: { branchId: unit.id, departmentId: dept.id },
          at: expect.any(String),
        },
      ]);
    // A change that moves nobody (the designation) tells nobody.
    const same = await t.request(ws.host, {
      method: 'POST',
      url: `/api/user/update/${member.accountId}`,
      token,
      payload: { designation: 'Lead' },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await probeJobs('member.moved', ws.id)).toBe(1);
  });

  it('a move that fails after the event was emitted rolls the event back with it', async () => {
    const ws = await aWorkspace(t);
    const token = await adminOf(ws);
    const unit = await aBusinessUnit(ws);
    const member = await aMember(ws);
    await aMember(ws, { phone: '+919812300001' });
    // The move is written (and its event emitted) before the phone number, taken by another account, fails.
    const res = await t.request(ws.host, {
      method: 'POST',
      url: `/api/user/update/${member.accountId}`,
      token,
      payload: { branchId: unit.id, contactNumber: '+919812300001' },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().params?.reason).toBe('PHONE_TAKEN');
    expect(await probeJobs('member.moved', ws.id)).toBe(0);
    // The same move without the phone number commits, and its event with it.
    const ok = await t.request(ws.host, {
      method: 'POST',
      url: `/api/user/update/${member.accountId}`,
      token,
      payload: { branchId: unit.id },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    await expect.poll(() => heardOf('member.moved', ws.id).length, { timeout: 10_000 }).toBe(1);
    expect(await probeJobs('member.moved', ws.id)).toBe(1);
  });

  it('deactivating a member tells the subscribers (not deleted); reactivating tells nobody', async () => {
    const ws = await aWorkspace(t);
    const token = await adminOf(ws);
    const member = await aMember(ws);
    const update = (active: boolean) =>
      t.request(ws.host, { method: 'POST', url: `/api/user/update/${member.accountId}`, token, payload: { active } });
    expect((await update(false)).statusCode).toBe(200);
    await expect
      .poll(() => heardOf('member.deactivated', ws.id), { timeout: 10_000 })
      .toEqual([{ workspaceId: ws.id, accountIds: [member.accountId], deleted: false, at: expect.any(String) }]);
    expect((await update(true)).statusCode).toBe(200);
    expect(await probeJobs('member.deactivated', ws.id)).toBe(1);
  });

  it('deleting members (the list, or a file) tells the subscribers of all of them, deleted', async () => {
    const ws = await aWorkspace(t);
    const token = await adminOf(ws);
    const a = await aMember(ws);
    const b = await aMember(ws);
    const res = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/delete/bulk',
      token,
      payload: { ids: [a.accountId, b.accountId] },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => heardOf('member.deactivated', ws.id).length, { timeout: 10_000 }).toBe(1);
    const [event] = heardOf('member.deactivated', ws.id);
    expect(event).toMatchObject({ deleted: true });
    expect([...event!.accountIds].sort()).toEqual([a.accountId, b.accountId].sort());
  });

  it('a refused delete (the last admin among them) deletes nobody and tells nobody', async () => {
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const other = await aMember(ws);
    const res = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/delete/bulk',
      token: await admin.session(),
      payload: { ids: [other.accountId, admin.accountId] },
    });
    expect(res.statusCode).toBe(409);
    expect(await probeJobs('member.deactivated', ws.id)).toBe(0);
  });
});

describe('emit', () => {
  it('writes in the caller’s transaction: rolled back, no job; committed, one per subscriber', async () => {
    const ws = await aWorkspace(t);
    const member = await aMember(ws);
    const deps = t.app.deps;
    await expect(
      withTenant(t.database.db, { workspaceId: ws.id }, async (tx) => {
        await emit(deps, tx, 'member.joined', { workspaceId: ws.id, accountIds: [member.accountId] });
        throw new Error('the change after the emit fails');
      }),
    ).rejects.toThrow('the change after the emit fails');
    expect(await probeJobs('member.joined', ws.id)).toBe(0);
    await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      emit(deps, tx, 'member.joined', { workspaceId: ws.id, accountIds: [member.accountId] }),
    );
    expect(await probeJobs('member.joined', ws.id)).toBe(1);
    // Learning subscribes too: its own job for the same event.
    const [lms] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'lms.on.member.joined' and data->>'workspaceId' = ${ws.id}`,
    );
    expect(lms!.n).toBe(1);
  });

  it(`splits a long list into events of at most ${EVENT_CHUNK} members; an empty list emits nothing`, async () => {
    const ws = await aWorkspace(t);
    const ids = Array.from({ length: EVENT_CHUNK * 2 + 1 }, () => crypto.randomUUID());
    await withTenant(t.database.db, { workspaceId: ws.id }, async (tx) => {
      await emit(t.app.deps, tx, 'member.deactivated', { workspaceId: ws.id, accountIds: ids, deleted: true });
      await emit(t.app.deps, tx, 'member.deactivated', { workspaceId: ws.id, accountIds: [], deleted: true });
    });
    expect(await probeJobs('member.deactivated', ws.id)).toBe(3);
    await expect
      .poll(() => heardOf('member.deactivated', ws.id).flatMap((e) => e.accountIds).length, { timeout: 10_000 })
      .toBe(ids.length);
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/database.ts';
import { withPlatform } from '../../core/db/tenant.ts';
import { aBusinessUnit, aMember, aWorkspace, createTestApp, type TestApp } from '../../testing/index.ts';
import { aCatalogueCourse } from '../../testing/lms-fixture.ts';

/**
 * The escalation settings module (`/api/escalation-setting/…`): typed COURSE, POLICY or CASE, one
 * per business unit and type plus the workspace's default; who may manage them; who they reach.
 * What learning's daily pass does with a COURSE setting is tested in lms/reminders/reminders.test.ts.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const setting = (targetId: string, over: object = {}) => ({
  branchId: null,
  escalationType: 'COURSE',
  firstThresholdDate: 3,
  secondThresholdDate: 7,
  targetId,
  ...over,
});

describe('settings per type and business unit', () => {
  it('keeps one setting per type and unit: COURSE, POLICY and CASE side by side, listed by type', async () => {
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.session();
    const unit = await aBusinessUnit(ws, { name: 'Pune' });
    const save = (payload: object) =>
      t.request(ws.host, { method: 'POST', url: '/api/escalation-setting/save', token, payload });
    for (const escalationType of ['COURSE', 'POLICY', 'CASE'])
      expect((await save(setting(admin.accountId, { escalationType }))).statusCode).toBe(200);
    const own = await save(
      setting(admin.accountId, { escalationType: 'CASE', branchId: unit.id, firstThresholdDate: 1 }),
    );
    expect(own.json()).toMatchObject({
      escalationType: 'CASE',
      branchId: unit.id,
      branchName: 'Pune',
      firstThresholdDate: 1,
    });
    const all = await t.request(ws.host, { method: 'GET', url: '/api/escalation-setting/all', token });
    expect(
      all
        .json()
        .settings.map((s: { escalationType: string; branchName: string | null }) => [s.escalationType, s.branchName]),
    ).toEqual([
      ['CASE', null],
      ['CASE', 'Pune'],
      ['COURSE', null],
      ['POLICY', null],
    ]);
    const cases = await t.request(ws.host, {
      method: 'GET',
      url: '/api/escalation-setting/all?escalationType=CASE',
      token,
    });
    expect(cases.json().settings).toHaveLength(2);
  });
});

describe('who may manage them', () => {
  it('refuses an employee and a business unit admin every route; a workspace-wide course manager may', async () => {
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const saved = await t.request(ws.host, {
      method: 'POST',
      url: '/api/escalation-setting/save',
      token: await admin.session(),
      payload: setting(admin.accountId),
    });
    const id = saved.json().id as string;
    for (const role of ['EMPLOYEE', 'BRANCH_ADMIN'] as const) {
      const token = await (await aMember(ws, { role })).session();
      const calls = [
        { method: 'GET' as const, url: '/api/escalation-setting/all' },
        { method: 'POST' as const, url: '/api/escalation-setting/save', payload: setting(admin.accountId) },
        { method: 'DELETE' as const, url: `/api/escalation-setting/${id}` },
      ];
      for (const call of calls) {
        const res = await t.request(ws.host, { ...call, token });
        expect(res.statusCode, `${role} ${call.method} ${call.url}`).toBe(403);
        expect(res.json().params.reason).toBe('FORBIDDEN_MANAGE_ESCALATION');
      }
    }
    const employer = await (await aMember(ws, { role: 'EMPLOYER' })).session();
    expect(
      (await t.request(ws.host, { method: 'GET', url: '/api/escalation-setting/all', token: employer })).statusCode,
    ).toBe(200);
  });

  it('refuses an employee and a business unit admin; another workspace’s course is not found; a bad course id is a 400', async () => {
    const ws = await aWorkspace(t);
    const other = await aWorkspace(t);
    const otherCourse = await aCatalogueCourse(t.database.db, { owner: other.id });
    const url = '/api/escalation-setting/recipients';
    for (const role of ['EMPLOYEE', 'BRANCH_ADMIN'] as const) {
      const token = await (await aMember(ws, { role })).session();
      const res = await t.request(ws.host, { method: 'GET', url, token });
      expect(res.statusCode).toBe(403);
    }
    const token = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).session();
    expect((await t.request(ws.host, { method: 'GET', url: `${url}?courseId=${otherCourse}`, token })).statusCode).toBe(
      404,
    );
    expect((await t.request(ws.host, { method: 'GET', url: `${url}?courseId=nope`, token })).statusCode).toBe(400);
  });

  it('escalation settings: another workspace’s rows are invisible; a stranger as target, or second < first, is refused', async () => {
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.session();
    const otherWs = await aWorkspace(t);
    const otherToken = await (await aMember(otherWs, { role: 'WORKSPACE_ADMIN' })).session();
    const stranger = await aMember(otherWs);
    const save = (payload: object, tk = token, host = ws.host) =>
      t.request(host, { method: 'POST', url: '/api/escalation-setting/save', token: tk, payload });
    const base = { branchId: null, escalationType: 'COURSE', firstThresholdDate: 3, secondThresholdDate: 7 };
    const bad = await save({ ...base, targetId: stranger.accountId });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params.reason).toBe('ESCALATION_TARGET_NOT_MEMBER');
    const inverted = await save({ ...base, secondThresholdDate: 2, targetId: admin.accountId });
    expect(inverted.statusCode).toBe(400);
    expect((await save({ ...base, firstThresholdDate: 0, targetId: admin.accountId })).statusCode).toBe(400);
    expect((await save({ ...base, escalationType: 'OTHER', targetId: admin.accountId })).statusCode).toBe(400);
    const foreignUnit = await save({ ...base, branchId: otherWs.branchId, targetId: admin.accountId });
    expect(foreignUnit.statusCode).toBe(404);
    const ok = await save({ ...base, escalationType: 'POLICY', targetId: admin.accountId });
    expect(ok.statusCode).toBe(200);
    const id = ok.json().id as string;
    // Saved again: replaced, not doubled.
    const again = await save({ ...base, escalationType: 'POLICY', firstThresholdDate: 4, targetId: admin.accountId });
    expect(again.json().id).toBe(id);
    const theirs = await t.request(otherWs.host, {
      method: 'GET',
      url: '/api/escalation-setting/all',
      token: otherToken,
    });
    expect(theirs.json().settings).toEqual([]);
    const del = await t.request(otherWs.host, {
      method: 'DELETE',
      url: `/api/escalation-setting/${id}`,
      token: otherToken,
    });
    expect(del.statusCode).toBe(404);
    const mine = await t.request(ws.host, { method: 'DELETE', url: `/api/escalation-setting/${id}`, token });
    expect(mine.statusCode).toBe(200);
    const audit = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      queryRows<{ action: string }>(
        tx,
        sql`select action from audit_log where workspace_id = ${ws.id} and action like 'escalation_setting.%' order by occurred_at`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual([
      'escalation_setting.saved',
      'escalation_setting.saved',
      'escalation_setting.deleted',
    ]);
  });
});

import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../app.ts';
import { queryRows } from '../../core/db/database.ts';
import { withPlatform } from '../../core/db/tenant.ts';
import type { CoreEvents } from '../../core/events.ts';
import { jobRun } from '../../core/job-context.ts';
import { defineModule } from '../../core/module.ts';
import { captureMailer } from '../../testing/capture.ts';
import { type AMember, aBusinessUnit, aMember, aWorkspace } from '../../testing/factories.ts';
import { aLearningCourse, anEnrolment } from '../../testing/learning.ts';
import { multipart } from '../../testing/multipart.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { runTermWarnings } from './notices/term-warnings.ts';

// The Internal Committee register through its HTTP interface (issue 24): refused compositions with
// their sections and nothing written, a lawful one, history kept across a change, units moved, the
// register's flags, the employee's card and the order (a PDF checked by its bytes), Canada's
// designated recipients with training read from learning, dissolution; and the term warnings moved
// through with the clock.

const mail = captureMailer();
/** What a module subscribing to `committee.changed` heard (the register will re-check its s.4 / s.14 occurrences so). */
const heard: CoreEvents['committee.changed'][] = [];
const listener = defineModule({
  name: 'probe',
  service: 'main',
  events: { 'committee.changed': async (event) => void heard.push(event) },
});
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, modules: [...MODULES, listener] });
});
afterAll(() => t.close());
afterEach(() => t.clock.reset());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Session = { ws: { host: string }; token: string };
const as = async (m: AMember): Promise<Session> => ({ ws: m.workspace, token: await m.session() });
const get = (s: Session, url: string) => t.request(s.ws.host, { method: 'GET', url, token: s.token });
const post = (s: Session, url: string, payload: object) =>
  t.request(s.ws.host, { method: 'POST', url, token: s.token, payload });

const rows = <T>(query: ReturnType<typeof sql>) =>
  withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) => queryRows<T>(tx, query));

const TERM = { termStart: '2026-06-01', termEnd: '2029-05-31' };
const ext = (name = 'Devi Nair') => ({ name, organisation: 'Sakhi Trust', email: 'devi@sakhi.example', phone: null });

/** An Indian workspace with an admin and five employees (three women, one senior). */
async function indianWorkspace() {
  const ws = await aWorkspace(t, { name: 'Bharat Textiles', country: 'IN', timeZone: 'Asia/Kolkata' });
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN', language: 'hi', firstName: 'Meera' });
  const asha = await aMember(ws, { firstName: 'Asha', lastName: 'Rao' });
  const bina = await aMember(ws, { firstName: 'Bina', lastName: 'Shah' });
  const chetan = await aMember(ws, { firstName: 'Chetan', lastName: 'Iyer' });
  const farah = await aMember(ws, { firstName: 'Farah', lastName: 'Khan' });
  const employee = await aMember(ws, { firstName: 'Gopal' });
  return { ws, admin, asha, bina, chetan, farah, employee };
}

const lawfulBody = (p: Awaited<ReturnType<typeof indianWorkspace>>, over: object = {}) => ({
  kind: 'INTERNAL_COMMITTEE',
  name: 'Internal Committee, Head Office',
  workspaceWide: false,
  branchIds: [p.ws.hq.id],
  orderDate: '2026-06-01',
  howToRaise: null,
  members: [
    { role: 'PRESIDING_OFFICER', accountId: p.asha.accountId, external: null, gender: 'WOMAN', senior: true, ...TERM },
    { role: 'MEMBER', accountId: p.bina.accountId, external: null, gender: 'WOMAN', senior: false, ...TERM },
    { role: 'MEMBER', accountId: p.chetan.accountId, external: null, gender: 'MAN', senior: false, ...TERM },
    { role: 'EXTERNAL_MEMBER', accountId: null, external: ext(), gender: 'WOMAN', senior: false, ...TERM },
  ],
  ...over,
});

/** Waits until no term-warning pass or mail job is waiting or running. */
async function settle() {
  const until = Date.now() + 20_000;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job
           where name in ('committee.term-warnings', 'mail.send') and state in ('created', 'retry', 'active')`,
    );
    if (row!.n === 0) return;
    if (Date.now() > until) throw new Error('jobs did not settle');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const countCommittees = async (workspaceId: string) =>
  (await rows<{ n: number }>(sql`select count(*)::int as n from committees where workspace_id = ${workspaceId}`))[0]!.n;

describe('composing an Internal Committee', () => {
  it('refuses what s.4 forbids, citing each section, writes nothing; then accepts a lawful one', async () => {
    t.clock.set('2026-07-01T06:00:00Z');
    const p = await indianWorkspace();
    const admin = await as(p.admin);
    const body = lawfulBody(p);

    // 1. A man presiding, not senior.
    const first = await post(admin, '/api/committee/create', {
      ...body,
      members: [{ ...body.members[0]!, gender: 'MAN', senior: false }, ...body.members.slice(1)],
    });
    expect(first.statusCode, first.body).toBe(422);
    expect(first.json().code).toBe('COMMITTEE_COMPOSITION_UNLAWFUL');
    expect(
      first.json().details.map((d: { code: string; params: { section: string } }) => `${d.code} ${d.params.section}`),
    ).toEqual(['PRESIDING_OFFICER_NOT_WOMAN s.4(2)(a)', 'PRESIDING_OFFICER_NOT_SENIOR s.4(2)(a)']);
    // 2. No external member, one employee member.
    const second = await post(admin, '/api/committee/create', { ...body, members: body.members.slice(0, 2) });
    expect(second.statusCode).toBe(422);
    expect(second.json().details.map((d: { code: string }) => d.code)).toEqual([
      'EMPLOYEE_MEMBERS_FEWER_THAN_TWO',
      'EXTERNAL_MEMBER_MISSING',
    ]);
    expect(second.json().details[1].params.section).toBe('s.4(2)(c)');
    // 3. A term over three years.
    const third = await post(admin, '/api/committee/create', {
      ...body,
      members: [...body.members.slice(0, 3), { ...body.members[3]!, termEnd: '2029-06-01' }],
    });
    expect(third.statusCode).toBe(422);
    expect(third.json().details).toEqual([
      expect.objectContaining({
        code: 'TERM_OVER_THREE_YEARS',
        params: expect.objectContaining({ section: 's.4(3)', member: 'Devi Nair' }),
      }),
    ]);
    // Designated recipients are Canada's.
    const kind = await post(admin, '/api/committee/create', { ...body, kind: 'DESIGNATED_RECIPIENT' });
    expect(kind.statusCode).toBe(422);
    expect(kind.json().code).toBe('COMMITTEE_KIND_NOT_FOR_COUNTRY');
    // An inactive account cannot sit on it.
    const gone = await aMember(p.ws, { active: false });
    const inactive = await post(admin, '/api/committee/create', {
      ...body,
      members: [...body.members, { ...body.members[1]!, accountId: gone.accountId }],
    });
    expect(inactive.statusCode).toBe(422);
    expect(inactive.json().code).toBe('COMMITTEE_MEMBER_NOT_ACTIVE');
    expect(await countCommittees(p.ws.id)).toBe(0);

    // 4. Lawful.
    const ok = await post(admin, '/api/committee/create', body);
    expect(ok.statusCode, ok.body).toBe(200);
    const c = ok.json();
    expect(c).toMatchObject({ status: 'LAWFUL', violations: [], units: [{ id: p.ws.hq.id }] });
    expect(c.members.map((m: { name: string; role: string }) => `${m.role} ${m.name}`)).toEqual([
      'PRESIDING_OFFICER Asha Rao',
      'MEMBER Bina Shah',
      'MEMBER Chetan Iyer',
      'EXTERNAL_MEMBER Devi Nair',
    ]);
    expect(c.actions).toEqual(['update', 'uploadOrder', 'dissolve', 'history']);
    const audit = await rows<{ action: string }>(
      sql`select action from audit_log where workspace_id = ${p.ws.id} and target_id = ${c.id}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['committee.created']);
    // committee.changed reached a subscriber once, for this committee and its unit (the refusals told nobody).
    await expect.poll(() => heard.filter((e) => e.workspaceId === p.ws.id).length).toBe(1);
    expect(heard.find((e) => e.workspaceId === p.ws.id)).toMatchObject({ committeeId: c.id, branchIds: [p.ws.hq.id] });
  });

  it('keeps history across a change: the composition on a past date stays true', async () => {
    t.clock.set('2026-07-01T06:00:00Z');
    const p = await indianWorkspace();
    let admin = await as(p.admin);
    const created = (await post(admin, '/api/committee/create', lawfulBody(p))).json();
    const [, bina, chetan, devi] = created.members;

    // On 1 September Farah replaces Chetan; Devi's email is corrected (in place); Bina becomes senior (in place).
    t.clock.set('2026-09-01T06:00:00Z');
    admin = await as(p.admin);
    const body = lawfulBody(p);
    const update = await post(admin, `/api/committee/update/${created.id}`, {
      ...body,
      members: [
        { ...body.members[0]!, id: created.members[0].id },
        { ...body.members[1]!, id: bina.id, senior: true },
        {
          role: 'MEMBER',
          accountId: p.farah.accountId,
          external: null,
          gender: 'WOMAN',
          senior: false,
          termStart: '2026-09-01',
          termEnd: '2029-08-31',
        },
        { ...body.members[3]!, id: devi.id, external: { ...ext(), email: 'devi.nair@sakhi.example' } },
      ],
    });
    expect(update.statusCode, update.body).toBe(200);
    const now = update.json();
    expect(now.members.map((m: { name: string }) => m.name)).toEqual([
      'Asha Rao',
      'Bina Shah',
      'Farah Khan',
      'Devi Nair',
    ]);
    expect(now.members.find((m: { id: string }) => m.id === devi.id).email).toBe('devi.nair@sakhi.example');

    const before = (await get(admin, `/api/committee/details/${created.id}?asOf=2026-08-15`)).json();
    expect(before.asOf).toBe('2026-08-15');
    expect(before.members.map((m: { name: string }) => m.name)).toEqual([
      'Asha Rao',
      'Bina Shah',
      'Chetan Iyer',
      'Devi Nair',
    ]);
    expect(before.members.find((m: { id: string }) => m.id === chetan.id).leftOn).toBe('2026-08-31');
    // Before the committee existed: nobody.
    const earlier = (await get(admin, `/api/committee/details/${created.id}?asOf=2026-05-01`)).json();
    expect(earlier).toMatchObject({ members: [], status: 'EXPIRED' });

    // A change of role ends the old seat and starts a new one.
    t.clock.set('2026-10-01T06:00:00Z');
    admin = await as(p.admin);
    const swap = await post(admin, `/api/committee/update/${created.id}`, {
      ...body,
      members: [
        { ...body.members[0]!, id: created.members[0].id, role: 'MEMBER' },
        { ...body.members[1]!, id: bina.id, senior: true, role: 'PRESIDING_OFFICER' },
        {
          role: 'MEMBER',
          accountId: p.farah.accountId,
          external: null,
          gender: 'WOMAN',
          senior: false,
          termStart: '2026-09-01',
          termEnd: '2029-08-31',
          id: now.members[2].id,
        },
        { ...body.members[3]!, id: devi.id, external: { ...ext(), email: 'devi.nair@sakhi.example' } },
      ],
    });
    expect(swap.statusCode, swap.body).toBe(200);
    const roles = (d: { members: { role: string; name: string }[] }) => d.members.map((m) => `${m.role} ${m.name}`);
    expect(roles(swap.json())).toContain('PRESIDING_OFFICER Bina Shah');
    const september = (await get(admin, `/api/committee/details/${created.id}?asOf=2026-09-15`)).json();
    expect(roles(september)).toContain('PRESIDING_OFFICER Asha Rao');
    expect(roles(september)).toContain('MEMBER Bina Shah');
    const audit = await rows<{ action: string }>(
      sql`select action from audit_log where workspace_id = ${p.ws.id} and target_id = ${created.id} order by occurred_at`,
    );
    expect(audit.map((a) => a.action)).toEqual(['committee.created', 'committee.updated', 'committee.updated']);
  });
});

describe('bad input', () => {
  it('refuses unknown units, members of another committee, a departure before the start; shows an expired term as such', async () => {
    t.clock.set('2026-07-01T06:00:00Z');
    const p = await indianWorkspace();
    let admin = await as(p.admin);
    const other = await aWorkspace(t);
    const c = (await post(admin, '/api/committee/create', lawfulBody(p))).json();
    const unknownUnit = await post(admin, '/api/committee/create', { ...lawfulBody(p), branchIds: [other.hq.id] });
    expect(unknownUnit.statusCode).toBe(400);
    expect(unknownUnit.json().params.reason).toBe('COMMITTEE_UNIT_UNKNOWN');
    const noUnit = await post(admin, '/api/committee/create', { ...lawfulBody(p), branchIds: [] });
    expect(noUnit.json().params.reason).toBe('COMMITTEE_SERVES_NOTHING');
    const body = lawfulBody(p);
    const second = (await post(admin, '/api/committee/create', { ...body, name: 'Second' })).json();
    const foreign = await post(admin, `/api/committee/update/${c.id}`, {
      ...body,
      members: [{ ...body.members[0]!, id: second.members[0].id }, ...body.members.slice(1)],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().details[0]).toMatchObject({ path: 'body.members.0.id', code: 'COMMITTEE_MEMBER_UNKNOWN' });
    const early = await post(admin, '/api/committee/create', {
      ...body,
      members: [{ ...body.members[0]!, leftOn: '2026-05-01' }, ...body.members.slice(1)],
    });
    expect(early.statusCode).toBe(400);
    const twice = await post(admin, '/api/committee/create', { ...body, members: [...body.members, body.members[1]!] });
    expect(twice.json().details[0].code).toBe('COMMITTEE_MEMBER_TWICE');
    const schema = await post(admin, '/api/committee/create', {
      ...body,
      members: [{ ...body.members[0]!, termEnd: '2026-01-01' }],
    });
    expect(schema.statusCode).toBe(400);
    expect(await countCommittees(p.ws.id)).toBe(2);

    // The presiding officer's term runs out: she is shown EXPIRED, the committee UNLAWFUL (s.4(2)(a)).
    const short = (
      await post(admin, '/api/committee/create', {
        ...body,
        name: 'Short',
        members: [{ ...body.members[0]!, termEnd: '2026-12-31' }, ...body.members.slice(1)],
      })
    ).json();
    t.clock.set('2027-01-05T06:00:00Z');
    admin = await as(p.admin);
    const after = (await get(admin, `/api/committee/details/${short.id}`)).json();
    expect(after.status).toBe('UNLAWFUL');
    expect(after.violations.map((v: { rule: string }) => v.rule)).toEqual(['PRESIDING_OFFICER_MISSING']);
    expect(after.members[0]).toMatchObject({ name: 'Asha Rao', termState: 'EXPIRED' });
    expect(after.members[1].termState).toBe('IN_TERM');
  });
});

describe('the register', () => {
  it('flags units by headcount (s.4(1), s.6(1)); a workspace-wide committee covers units without their own; units move', async () => {
    t.clock.set('2026-07-01T06:00:00Z');
    const p = await indianWorkspace();
    const admin = await as(p.admin);
    const mumbai = await aBusinessUnit(p.ws, { name: 'Mumbai' });
    const pune = await aBusinessUnit(p.ws, { name: 'Pune' });
    for (let i = 0; i < 10; i++) await aMember(p.ws, { unit: mumbai });
    await aMember(p.ws, { unit: pune });
    const flags = async () =>
      Object.fromEntries(
        (await get(admin, '/api/committee/register'))
          .json()
          .units.map((u: { name: string; flag: string; section: string; headcount: number }) => [
            u.name,
            `${u.flag} ${u.section} ${u.headcount}`,
          ]),
      );
    expect(await flags()).toEqual({
      'Head Office': 'LOCAL_COMMITTEE s.6(1) 6',
      Mumbai: 'NEEDS_COMMITTEE s.4(1) 10',
      Pune: 'LOCAL_COMMITTEE s.6(1) 1',
    });

    const hq = (await post(admin, '/api/committee/create', lawfulBody(p))).json();
    const wide = await post(admin, '/api/committee/create', {
      ...lawfulBody(p),
      name: 'Workspace committee',
      branchIds: [],
      workspaceWide: true,
    });
    expect(wide.statusCode, wide.body).toBe(200);
    expect(await flags()).toEqual({
      'Head Office': 'COVERED s.4(1) 6',
      Mumbai: 'COVERED s.4(1) 10',
      Pune: 'COVERED s.4(1) 1',
    });
    const register = (await get(admin, '/api/committee/register')).json();
    expect(register.units.find((u: { name: string }) => u.name === 'Mumbai').committee.id).toBe(wide.json().id);
    expect(register.units.find((u: { name: string }) => u.name === 'Head Office').committee.id).toBe(hq.id);
    // A second workspace-wide committee is refused.
    const again = await post(admin, '/api/committee/create', {
      ...lawfulBody(p),
      name: 'Another',
      branchIds: [],
      workspaceWide: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().params.reason).toBe('COMMITTEE_WORKSPACE_WIDE_EXISTS');

    // A month later, a new committee for Head Office and Mumbai: Head Office moves from the first one.
    t.clock.set('2026-08-01T06:00:00Z');
    const admin2 = await as(p.admin);
    const moved = await post(admin2, '/api/committee/create', {
      ...lawfulBody(p),
      name: 'West',
      branchIds: [p.ws.hq.id, mumbai.id],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const first = (await get(admin2, `/api/committee/details/${hq.id}`)).json();
    expect(first.units).toEqual([]);
    const yesterday = (await get(admin2, `/api/committee/details/${hq.id}?asOf=2026-07-31`)).json();
    expect(yesterday.units.map((u: { name: string }) => u.name)).toEqual(['Head Office']);
  });
});

describe('the employee’s card and the order', () => {
  it('shows the unit’s committee with contacts, and its order after upload (a PDF, by its bytes)', async () => {
    t.clock.set('2026-07-01T06:00:00Z');
    const p = await indianWorkspace();
    const admin = await as(p.admin);
    const employee = await as(p.employee);
    expect((await get(employee, '/api/committee/my')).json()).toEqual({
      country: 'IN',
      committee: null,
      localCommittee: true,
    });
    const c = (await post(admin, '/api/committee/create', lawfulBody(p))).json();
    const card = (await get(employee, '/api/committee/my')).json();
    expect(card.committee).toMatchObject({ id: c.id, orderAvailable: false, orderDate: '2026-06-01' });
    expect(card.committee.members[0]).toEqual({
      role: 'PRESIDING_OFFICER',
      name: 'Asha Rao',
      email: p.asha.email,
      phone: null,
    });
    expect((await get(employee, '/api/committee/my/order')).statusCode).toBe(404);
    // The employee may not manage it.
    expect((await get(employee, '/api/committee/register')).statusCode).toBe(403);

    const upload = (
      file: Buffer | string,
      name = 'order.pdf',
      fields: Record<string, string> = { orderDate: '2026-06-02' },
    ) =>
      t.request(p.ws.host, {
        method: 'POST',
        url: `/api/committee/${c.id}/order`,
        token: admin.token,
        ...multipart(file, fields, name),
      });
    // A file named .pdf that is not one; an HTML page; a missing date.
    const fake = await upload('<html><script>alert(1)</script></html>');
    expect(fake.statusCode).toBe(415);
    expect((await upload(Buffer.from('MZ\x90\x00 not a pdf'), 'order.exe')).statusCode).toBe(415);
    expect((await upload(PDF, 'order.pdf', {})).statusCode).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    expect((await upload(big)).statusCode).toBe(413);
    const ok = await upload(PDF);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().order).toEqual({
      fileName: 'order.pdf',
      sizeBytes: PDF.length,
      sha256: createHash('sha256').update(PDF).digest('hex'),
    });
    expect(ok.json().orderDate).toBe('2026-06-02');
    const mine = await get(employee, '/api/committee/my/order');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.rawPayload.equals(PDF)).toBe(true);
    expect((await get(admin, `/api/committee/${c.id}/order`)).statusCode).toBe(200);
    // An employee of another unit (no committee there) does not get it.
    const other = await as(await aMember(p.ws, { unit: await aBusinessUnit(p.ws, { name: 'Elsewhere' }) }));
    expect((await get(other, '/api/committee/my/order')).statusCode).toBe(404);
  });
});

describe('designated recipients (Canada)', () => {
  it('names a recipient per unit, with training recorded by hand or read from a course taken here', async () => {
    t.clock.set('2026-07-01T14:00:00Z');
    const ws = await aWorkspace(t, { country: 'CA', timeZone: 'America/Toronto' });
    const admin = await as(await aMember(ws, { role: 'WORKSPACE_ADMIN' }));
    const dana = await aMember(ws, { firstName: 'Dana', lastName: 'Roy' });
    expect((await get(admin, '/api/committee/register')).json().units[0]).toMatchObject({
      flag: 'NEEDS_DESIGNATED_RECIPIENT',
      section: 's.14',
    });
    const course = await aLearningCourse(t.database.db, ws.id, { title: 'Designated recipient training' });
    const enrolment = await anEnrolment(t.database.db, { workspaceId: ws.id, ...course, accountId: dana.accountId });
    await withPlatform(t.database.db, { action: 'test.complete', audit: false }, (tx) =>
      tx.execute(sql`update enrolments set completed_at = '2026-06-20T15:00:00Z' where id = ${enrolment}`),
    );
    const base = {
      kind: 'DESIGNATED_RECIPIENT',
      name: 'Designated recipient',
      workspaceWide: false,
      branchIds: [ws.hq.id],
      orderDate: null,
      howToRaise: null,
    };
    const ic = await post(admin, '/api/committee/create', { ...base, kind: 'INTERNAL_COMMITTEE', members: [] });
    expect(ic.json().code).toBe('COMMITTEE_KIND_NOT_FOR_COUNTRY');
    const none = await post(admin, '/api/committee/create', { ...base, members: [] });
    expect(
      none.json().details.map((d: { code: string; params: { section: string } }) => `${d.code} ${d.params.section}`),
    ).toEqual(['DESIGNATED_RECIPIENT_MISSING s.14']);
    const res = await post(admin, '/api/committee/create', {
      ...base,
      members: [
        {
          role: 'DESIGNATED_RECIPIENT',
          accountId: dana.accountId,
          external: null,
          gender: 'OTHER',
          senior: true,
          termStart: '2026-07-01',
          termEnd: '2030-06-30',
          trainingCompletedOn: '2026-05-01',
          trainingNote: 'Workshop by counsel',
          trainingCourseId: course.courseId,
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().members[0].training).toEqual({
      completedOn: '2026-05-01',
      note: 'Workshop by counsel',
      courseId: course.courseId,
      courseTitle: 'Designated recipient training',
      completedHereOn: '2026-06-20',
    });
    expect((await get(admin, '/api/committee/register')).json().units[0]).toMatchObject({
      flag: 'COVERED',
      section: 's.14',
    });
  });
});

describe('dissolving', () => {
  it('ends the committee on its last day and keeps who sat on it before', async () => {
    t.clock.set('2026-07-01T06:00:00Z');
    const p = await indianWorkspace();
    let admin = await as(p.admin);
    const c = (await post(admin, '/api/committee/create', lawfulBody(p))).json();
    t.clock.set('2026-12-01T06:00:00Z');
    admin = await as(p.admin);
    const res = await post(admin, `/api/committee/${c.id}/dissolve`, { dissolvedOn: '2026-11-30' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'DISSOLVED', dissolvedOn: '2026-11-30', actions: ['history'] });
    expect((await post(admin, `/api/committee/${c.id}/dissolve`, { dissolvedOn: '2026-11-30' })).statusCode).toBe(409);
    const before = (await get(admin, `/api/committee/details/${c.id}?asOf=2026-11-30`)).json();
    expect(before).toMatchObject({ status: 'LAWFUL' });
    expect(before.members).toHaveLength(4);
    expect((await get(await as(p.employee), '/api/committee/my')).json().committee).toBeNull();
    expect((await post(admin, `/api/committee/update/${c.id}`, lawfulBody(p))).statusCode).toBe(409);
  });
});

describe('term warnings', () => {
  it('mails the administrators and the presiding officer 60 and 14 days before a term ends, each once, in their language', async () => {
    t.clock.set('2026-07-01T06:00:00Z');
    const p = await indianWorkspace();
    const admin = await as(p.admin);
    const employer = await aMember(p.ws, { role: 'EMPLOYER', firstName: 'Ravi' });
    const body = lawfulBody(p);
    // Chetan's term ends on 31 March 2027; the others' in 2029.
    const c = await post(admin, '/api/committee/create', {
      ...body,
      members: body.members.map((m) => (m.accountId === p.chetan.accountId ? { ...m, termEnd: '2027-03-31' } : m)),
    });
    expect(c.statusCode, c.body).toBe(200);
    const ZONE = 'Asia/Kolkata';
    const day = (d: string) => t.clock.set(`${d}T02:30:00Z`); // 08:00 in India
    let run = 0;
    // The pass as the schedule's job runs it (the schedule itself fires once below: a firing slot lasts a while).
    const fire = async () => {
      await runTermWarnings(jobRun(t.app.deps, `term-test-${run++}`), ZONE);
      await settle();
    };
    const count = (m: AMember) =>
      mail.to(m.email).filter((x) => /Internal Committee, Head Office/.test(x.subject)).length;

    day('2027-01-29'); // 61 days left: nothing
    await fire();
    day('2027-01-30'); // 60 days left
    await fire();
    const hindi = await mail.next(p.admin.email, 0);
    expect(hindi.subject).toContain('60 दिन');
    expect(hindi.text).toContain('Chetan Iyer');
    const po = await mail.next(p.asha.email, 0);
    expect(po.subject).toContain('60 days');
    expect(po.text).toContain('Chetan Iyer —');
    expect((await mail.next(employer.email, 0)).subject).toContain('60 days');
    // The same day again, and the next: nothing more.
    await fire();
    day('2027-01-31');
    await fire();
    day('2027-03-17'); // 14 days left: through the schedule's own job for India's zone
    expect(await t.app.deps.jobs.fire('committee.term-warnings', ZONE)).toBeTruthy();
    await settle();
    expect((await mail.next(p.admin.email, 1)).subject).toContain('14 दिन');
    await mail.next(p.asha.email, 1);
    await mail.next(employer.email, 1);
    day('2027-03-18');
    await fire();
    expect([count(p.admin), count(p.asha), count(employer), count(p.employee), count(p.bina)]).toEqual([2, 2, 2, 0, 0]);
    const notices = await rows<{ d: number }>(
      sql`select n.days_before as d from committee_term_notices n where n.workspace_id = ${p.ws.id} order by 1`,
    );
    expect(notices.map((n) => n.d)).toEqual([14, 60]);
  });

  it('Canada: the designated recipient’s term warning reaches the administrators in French, at 08:00 Toronto time', async () => {
    t.clock.set('2026-07-01T14:00:00Z');
    const ws = await aWorkspace(t, { country: 'CA', timeZone: 'America/Toronto', name: 'Maple Foods' });
    const frAdmin = await aMember(ws, { role: 'WORKSPACE_ADMIN', language: 'fr' });
    const dana = await aMember(ws, { firstName: 'Dana', lastName: 'Roy' });
    const admin = await as(frAdmin);
    const res = await post(admin, '/api/committee/create', {
      kind: 'DESIGNATED_RECIPIENT',
      name: 'Personne désignée',
      workspaceWide: true,
      branchIds: [],
      orderDate: null,
      howToRaise: null,
      members: [
        {
          role: 'DESIGNATED_RECIPIENT',
          accountId: dana.accountId,
          external: null,
          gender: 'OTHER',
          senior: false,
          termStart: '2026-07-01',
          termEnd: '2027-06-30',
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    t.clock.set('2027-05-01T12:00:00Z'); // 08:00 in Toronto (daylight time), 60 days before 30 June
    await runTermWarnings(jobRun(t.app.deps, 'term-test-ca'), 'America/Toronto');
    await settle();
    const fr = await mail.next(frAdmin.email, 0);
    expect(fr.subject).toBe('Maple Foods : des mandats prennent fin dans 60 jours (Personne désignée)');
    expect(fr.text).toContain('Dana Roy — ');
    // No presiding officer in a designated recipient committee; the recipient is not an administrator.
    expect(mail.to(dana.email)).toHaveLength(0);
  });
});

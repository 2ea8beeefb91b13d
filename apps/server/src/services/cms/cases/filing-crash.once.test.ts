import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '../../../core/db/database.ts';
import { withTenant } from '../../../core/db/tenant.ts';
import { seedCmsDemo } from '../../../seed/cms-demo.ts';
import { freePort, freshData, startChildServer } from '../../../testing/child-server.ts';
import { aMember, aWorkspace, TEST_PASSWORD } from '../../../testing/factories.ts';

/*
 * kill -9 during filing (issue 26): the real server in its own process; a complainant submits 16
 * drafts at once, each with its own Idempotency-Key, and the server is killed with -9 as soon as the
 * first answer arrives (the others in flight). Started again on the same data, every draft is either
 * fully filed — the same Idempotency-Key answers the same receipt, and its rows are consistent:
 * access for the complainant and the committee, every key wrapped to everyone with access, its
 * steps, one ANSWERS item — or still a draft with nothing of a filed case; and every submission
 * that was answered 200 before the kill is filed with the reference it was given. Then a meeting's
 * save killed the same way: every meeting whole (its row and its sealed record) or absent.
 */

const DRAFTS = 16;
const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

const startServer = (port: number, env: Record<string, string>) => startChildServer(port, env, cleanups);

const open = (env: Record<string, string>) =>
  openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 2 } : { dataDir: env.DATA_DIR! });

describe('kill -9 during filing and during a meeting’s save', () => {
  it('every draft is fully filed (same receipt on retry, rows consistent) or still a draft; nothing answered 200 is lost', async () => {
    const port = await freePort();
    const data = await freshData('fcrash', cleanups);
    const database = await open(data);
    let ids: { ws: string; host: string; admin: string; emails: Record<string, string> };
    try {
      await database.migrate();
      const ws = await aWorkspace(database.db, { platformHost: `localhost:${port}` });
      const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
      const people: Record<string, { accountId: string; email: string }> = {};
      for (const name of ['po', 'm1', 'm2', 'complainant']) {
        const m = await aMember(ws, { firstName: name });
        people[name] = { accountId: m.accountId, email: m.email! };
      }
      await seedCmsDemo(database.db, [{ workspaceId: ws.id, adminId: admin.accountId, template: 'POSH_INQUIRY' }]);
      ids = {
        ws: ws.id,
        host: ws.host,
        admin: admin.email!,
        emails: Object.fromEntries(Object.entries(people).map(([k, v]) => [k, v.email])),
      };
      Object.assign(ids, { people });
    } finally {
      await database.close();
    }
    const people = (ids as unknown as { people: Record<string, { accountId: string }> }).people;
    const env = { ...data, DEMO_DATA: 'false' };
    const origin = `http://${ids.host}`;
    let server = await startServer(port, env);
    const base = `http://127.0.0.1:${port}`;
    const signIn = async (email: string) => {
      const res = await fetch(`${base}/api/user/signin`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ userEmail: email, userPassword: TEST_PASSWORD }),
      });
      expect(res.status).toBe(200);
      return ((await res.json()) as { accessToken: string }).accessToken;
    };
    const call = (token: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
      fetch(`${base}${url}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { origin, authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });

    const adminToken = await signIn(ids.admin);
    const term = { termStart: '2026-01-01', termEnd: '2028-12-31', external: null };
    const committee = await call(adminToken, '/api/committee/create', {
      kind: 'INTERNAL_COMMITTEE',
      name: 'Internal Committee',
      workspaceWide: true,
      branchIds: [],
      orderDate: '2026-01-01',
      howToRaise: null,
      effectiveDate: '2026-01-01',
      members: [
        { role: 'PRESIDING_OFFICER', accountId: people.po!.accountId, gender: 'WOMAN', senior: true, ...term },
        { role: 'MEMBER', accountId: people.m1!.accountId, gender: 'WOMAN', senior: false, ...term },
        { role: 'MEMBER', accountId: people.m2!.accountId, gender: 'MAN', senior: false, ...term },
        {
          role: 'EXTERNAL_MEMBER',
          accountId: null,
          external: { name: 'NGO', organisation: 'Trust', email: 'ngo@example.org', phone: null },
          gender: 'WOMAN',
          senior: false,
          termStart: '2026-01-01',
          termEnd: '2028-12-31',
        },
      ],
    });
    expect(committee.status, await committee.clone().text()).toBe(200);
    const token = await signIn(ids.emails.complainant!);
    expect((await call(token, '/cms/api/case-key/unlock', { secret: TEST_PASSWORD })).status).toBe(200);
    const forms = (await (await call(token, '/cms/api/complaint/forms')).json()) as {
      forms: Array<{ workflowId: string }>;
    };
    const workflowId = forms.forms[0]!.workflowId;
    const drafts: Array<{ id: string; revision: number; key: string }> = [];
    for (let i = 0; i < DRAFTS; i++) {
      const d = (await (await call(token, '/cms/api/complaint/draft', { workflowId })).json()) as {
        id: string;
        revision: number;
      };
      drafts.push({ ...d, key: `crash-${d.id}` });
    }
    const answers = {
      COMPLAINANT_NAME: 'Kavya',
      COMPLAINANT_EMAIL: ids.emails.complainant,
      INCIDENT_DETAILS: 'Remarks in the review meeting.',
      INCIDENT_DATE: '2026-01-05',
      RESPONDENT_NAME: 'Somebody',
      RESPONDENT_EMAIL: 'somebody@example.org',
    };
    const submit = (d: (typeof drafts)[number]) =>
      call(token, `/cms/api/complaint/submit/${d.id}`, { answers, revision: d.revision }, { 'idempotency-key': d.key });

    // All at once; killed with -9 as soon as the first answer arrives.
    const acknowledged = new Map<string, string>();
    let killed = false;
    const kill = () => {
      if (killed) return;
      killed = true;
      server.kill('SIGKILL');
    };
    await Promise.all(
      drafts.map(async (d) => {
        try {
          const res = await submit(d);
          if (res.status === 200) acknowledged.set(d.id, ((await res.json()) as { reference: string }).reference);
        } catch {
          // the connection died with the server
        } finally {
          kill();
        }
      }),
    );
    await new Promise((r) =>
      server.exitCode !== null || server.signalCode !== null ? r(null) : server.once('exit', r),
    );

    server = await startServer(port, env);
    const filed = new Map<string, string>();
    for (const d of drafts) {
      const res = await call(token, `/cms/api/complaint/draft/${d.id}`);
      if (res.status === 200) continue; // still a draft
      expect(res.status, d.id).toBe(409);
      // Filed: the same key answers the same receipt.
      const again = await submit(d);
      expect(again.status, d.id).toBe(200);
      const receipt = (await again.json()) as { caseId: string; reference: string };
      expect(receipt.caseId).toBe(d.id);
      filed.set(d.id, receipt.reference);
    }
    for (const [id, reference] of acknowledged) expect(filed.get(id), `acknowledged ${id}`).toBe(reference);
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    console.log(
      `filing crash: ${acknowledged.size} of ${DRAFTS} answered before the kill, ${filed.size} filed after the restart`,
    );

    // The rows, as the presiding officer reads them (row-level security): whole, or nothing of a filing.
    const db2 = await open(data);
    try {
      await withTenant(db2.db, { workspaceId: ids.ws, accountId: people.po!.accountId }, async (tx) => {
        for (const d of drafts) {
          const [row] = await queryRows<{ status: string }>(tx, sql`select status from cases where id = ${d.id}`);
          if (!filed.has(d.id)) {
            // A draft: the committee does not even see it.
            expect(row, d.id).toBeUndefined();
            continue;
          }
          expect(row?.status, d.id).toBe('OPEN');
          const access = await queryRows<{ relation: string }>(
            tx,
            sql`select relation from case_access where case_id = ${d.id} and revoked_at is null`,
          );
          expect(access.filter((a) => a.relation === 'COMMITTEE')).toHaveLength(3);
          expect(access.filter((a) => a.relation === 'COMPLAINANT')).toHaveLength(1);
          const missing = await queryRows(tx, sql`select * from app_case_missing_wraps(${d.id}::uuid)`);
          expect(missing, d.id).toEqual([]);
          const [steps] = await queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from case_steps where case_id = ${d.id}`,
          );
          expect(steps!.n).toBeGreaterThan(0);
          const [items] = await queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from case_items where case_id = ${d.id} and kind = 'ANSWERS'`,
          );
          expect(items!.n).toBe(1);
        }
      });
      // The drafts left: their complainant sees each still a draft, with no step and no committee access.
      await withTenant(db2.db, { workspaceId: ids.ws, accountId: people.complainant!.accountId }, async (tx) => {
        for (const d of drafts.filter((x) => !filed.has(x.id))) {
          const [row] = await queryRows<{ status: string; steps: number; committee: number }>(
            tx,
            sql`select c.status, (select count(*)::int from case_steps s where s.case_id = c.id) as steps,
                       (select count(*)::int from case_access a where a.case_id = c.id and a.relation = 'COMMITTEE') as committee
                  from cases c where c.id = ${d.id}`,
          );
          expect(row, d.id).toMatchObject({ status: 'DRAFT', steps: 0, committee: 0 });
        }
      });
    } finally {
      await db2.close();
    }

    // kill -9 during a meeting's save: the presiding officer brings a filed case to its hearing and
    // schedules several meetings of it at once; the server is killed at the first answer. After the
    // restart every meeting is whole — its row and its sealed record (the MEETING item) — or absent,
    // and every meeting answered 200 is there.
    const caseId = [...filed.keys()][0]!;
    server = await startServer(port, env);
    const po = await signIn(ids.emails.po!);
    expect((await call(po, '/cms/api/case-key/unlock', { secret: TEST_PASSWORD })).status).toBe(200);
    type View = { revision: number; steps: Array<{ id: string; stepKey: string; status: string }> };
    const view = async () => (await (await call(po, `/cms/api/case/${caseId}`)).json()) as View;
    for (const key of ['COMPLAINT_RECEIVED', 'COPY_TO_RESPONDENT', 'INQUIRY_START']) {
      const v = await view();
      const step = v.steps.find((x) => x.stepKey === key && x.status === 'ACTIVE')!;
      const done = await call(po, `/cms/api/case/${caseId}/step/${step.id}/complete`, {
        revision: v.revision,
        lateReason: 'The incident was months ago: the committee recorded why it extended the time (s.9(1)).',
      });
      expect(done.status, `${key}: ${await done.clone().text()}`).toBe(200);
    }
    const hearing = (await view()).steps.find((x) => x.stepKey === 'HEARING' && x.status === 'ACTIVE')!;
    const MEETINGS = 10;
    const scheduled = new Set<string>();
    let meetingKilled = false;
    await Promise.all(
      Array.from({ length: MEETINGS }, async (_, i) => {
        try {
          const res = await call(po, `/cms/api/case/${caseId}/meeting`, {
            stepId: hearing.id,
            fields: {
              MEETING_TITLE: `Hearing ${i}`,
              MEETING_DESCRIPTION: 'Statements of both parties.',
              MEETING_START_TIME: `2027-02-${String(10 + i).padStart(2, '0')}T05:30:00Z`,
              MEETING_END_TIME: `2027-02-${String(10 + i).padStart(2, '0')}T07:00:00Z`,
              MEETING_LOCATION: 'Board room, 4th floor',
              MEETING_GUEST: [{ name: 'NGO member', email: 'ngo@example.org' }],
            },
          });
          if (res.status === 200) {
            const body = (await res.json()) as { meetingId?: string; id?: string };
            scheduled.add(body.meetingId ?? body.id ?? `answered-${i}`);
          }
        } catch {
          // the connection died with the server
        } finally {
          if (!meetingKilled) {
            meetingKilled = true;
            server.kill('SIGKILL');
          }
        }
      }),
    );
    await new Promise((r) =>
      server.exitCode !== null || server.signalCode !== null ? r(null) : server.once('exit', r),
    );
    server = await startServer(port, env);
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    const db3 = await open(data);
    try {
      await withTenant(db3.db, { workspaceId: ids.ws, accountId: people.po!.accountId }, async (tx) => {
        const meetings = await queryRows<{ id: string; itemId: string }>(
          tx,
          sql`select id, item_id as "itemId" from case_meetings where case_id = ${caseId}`,
        );
        const items = await queryRows<{ id: string }>(
          tx,
          sql`select id from case_items where case_id = ${caseId} and kind = 'MEETING'`,
        );
        // Each meeting row has its sealed record, and no record is left without its meeting.
        expect(new Set(meetings.map((m) => m.itemId))).toEqual(new Set(items.map((i) => i.id)));
        const ids = new Set(meetings.map((m) => m.id));
        for (const id of scheduled)
          if (!id.startsWith('answered-')) expect(ids.has(id), `acknowledged ${id}`).toBe(true);
        expect(meetings.length).toBeGreaterThanOrEqual(scheduled.size);
        console.log(
          `meeting crash: ${scheduled.size} of ${MEETINGS} answered before the kill, ${meetings.length} saved`,
        );
      });
    } finally {
      await db3.close();
    }
  }, 300_000);
});

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../core/db/database.ts';
import { withPlatform, withTenant } from '../core/db/tenant.ts';
import { addCalendarDays } from '../core/due-rules.ts';
import { DEMO_PASSWORD, demoHosts } from './demo.ts';

/*
 * The complaint-case demo data (issue 26): each workspace's committee in the register, and a few
 * cases in different stages — made through the server's own routes (sign-in, the case key,
 * filing, the committee's actions), so the demo holds exactly what a person would have made: sealed
 * contents, wrapped keys, trails, clocks from the deadline engine. The people and the events are
 * made up for this product. Idempotent: a workspace that has a committee or a case is left alone.
 *
 * Acme (India, POSH):
 *   - C-…-0001 (Rahul Sharma about his team lead): accepted, the copy sent to the respondent under
 *     Rule 7(2), his reply awaited; a message from the committee.
 *   - C-…-0002 (Jordan Kapoor about a delivery contractor, a third party): just filed.
 * Globex (Canada) keeps no committee in the demo, so that its home page shows what a workspace
 * without one sees (the contact card citing SOR/2020-130 s.14); the Canada process is in the tests.
 * The demo accounts' case keys are set up here with the demo password; their recovery codes are
 * not shown to anyone (a real person sees theirs once, the first time).
 */

type Inject = FastifyInstance['inject'];

async function call(
  inject: Inject,
  host: string,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<Record<string, unknown>> {
  const res = await inject({
    method,
    url,
    headers: {
      host,
      origin: `http://${host}`,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  if (res.statusCode !== 200)
    throw new Error(`demo cases: ${method} ${url} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
  return res.json();
}

async function signIn(inject: Inject, host: string, email: string): Promise<string> {
  const body = await call(inject, host, null, 'POST', '/api/user/signin', {
    userEmail: email,
    userPassword: DEMO_PASSWORD,
  });
  return body.accessToken as string;
}

type Ids = { workspaceId: string; branchId: string; people: Record<string, string> };

async function idsOf(app: FastifyInstance, host: string, branch: string, emails: string[]): Promise<Ids | null> {
  return withPlatform(app.deps.db, { action: 'seed.cases-demo', audit: false }, async (tx) => {
    const [ws] = await queryRows<{ id: string; branchId: string }>(
      tx,
      sql`select w.id, b.id as "branchId" from workspaces w join branches b on b.workspace_id = w.id and b.name = ${branch}
           where w.host = ${host}`,
    );
    if (!ws) return null;
    const rows = await queryRows<{ id: string; email: string }>(
      tx,
      sql`select id, email from accounts where email = any(${`{${emails.join(',')}}`}::text[])`,
    );
    return { workspaceId: ws.id, branchId: ws.branchId, people: Object.fromEntries(rows.map((r) => [r.email, r.id])) };
  });
}

/** Whether the workspace has a committee already (then the demo leaves it alone). */
async function hasCommittee(app: FastifyInstance, workspaceId: string, adminId: string): Promise<boolean> {
  const rows = await withTenant(app.deps.db, { workspaceId, accountId: adminId }, (tx) =>
    queryRows<{ id: string }>(tx, sql`select id from committees where workspace_id = ${workspaceId} limit 1`),
  );
  return rows.length > 0;
}

function today(app: FastifyInstance, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(app.deps.clock.now());
}

/** Files a complaint as `token`'s owner (unlocking their key first); answers the case id. */
async function file(
  inject: Inject,
  host: string,
  token: string,
  workflowId: string,
  answers: Record<string, unknown>,
): Promise<string> {
  await call(inject, host, token, 'POST', '/cms/api/case-key/unlock', { secret: DEMO_PASSWORD });
  const draft = await call(inject, host, token, 'POST', '/cms/api/complaint/draft', { workflowId });
  const receipt = await call(
    inject,
    host,
    token,
    'POST',
    `/cms/api/complaint/submit/${draft.id}`,
    { answers, revision: draft.revision },
    { 'idempotency-key': `demo-${draft.id}` },
  );
  return receipt.caseId as string;
}

type View = { revision: number; steps: Array<{ id: string; stepKey: string; status: string }> };

async function view(inject: Inject, host: string, token: string, caseId: string): Promise<View> {
  return (await call(inject, host, token, 'GET', `/cms/api/case/${caseId}`)) as unknown as View;
}

/** Performs a step's action, then completes the step, as the committee member `token`. */
async function act(
  inject: Inject,
  host: string,
  token: string,
  caseId: string,
  stepKey: string,
  action: { key: string; input: Record<string, unknown> } | null,
): Promise<void> {
  let v = await view(inject, host, token, caseId);
  const step = v.steps.find((s) => s.stepKey === stepKey && s.status === 'ACTIVE');
  if (!step) throw new Error(`demo cases: step ${stepKey} is not active`);
  if (action) {
    await call(inject, host, token, 'POST', `/cms/api/case/${caseId}/action/${step.id}/${action.key}`, {
      ...action.input,
      revision: v.revision,
    });
    v = await view(inject, host, token, caseId);
  }
  await call(inject, host, token, 'POST', `/cms/api/case/${caseId}/step/${step.id}/complete`, { revision: v.revision });
}

async function workflowOf(app: FastifyInstance, workspaceId: string, adminId: string): Promise<string> {
  const [w] = await withTenant(app.deps.db, { workspaceId, accountId: adminId }, (tx) =>
    queryRows<{ id: string }>(
      tx,
      sql`select workflow_id as id from workflow_versions where workspace_id = ${workspaceId} limit 1`,
    ),
  );
  if (!w) throw new Error('demo cases: no published workflow');
  return w.id;
}

export async function seedCaseDemo(app: FastifyInstance, platformHost: string): Promise<void> {
  // The seed's own requests are not news for whoever starts the server: only warnings are logged meanwhile.
  const level = app.log.level;
  app.log.level = 'warn';
  try {
    await seedCases(app, platformHost);
  } finally {
    app.log.level = level;
  }
}

async function seedCases(app: FastifyInstance, platformHost: string): Promise<void> {
  const inject = app.inject.bind(app);
  const hosts = demoHosts(platformHost);

  // --- Acme: the Internal Committee of Bengaluru HQ, two complaints -----------------------------
  const acme = await idsOf(app, hosts.acme, 'Bengaluru HQ', [
    'admin@acme.test',
    'ic.presiding@acme.test',
    'ic.member@acme.test',
    'ic.member2@acme.test',
    'employee@acme.test',
    'manager@acme.test',
    'both@demo.test',
  ]);
  if (acme && !(await hasCommittee(app, acme.workspaceId, acme.people['admin@acme.test']!))) {
    const p = acme.people;
    const admin = await signIn(inject, hosts.acme, 'admin@acme.test');
    const start = '2026-04-01';
    const end = '2029-03-31';
    await call(inject, hosts.acme, admin, 'POST', '/api/committee/create', {
      kind: 'INTERNAL_COMMITTEE',
      name: 'Internal Committee — Bengaluru HQ',
      workspaceWide: false,
      branchIds: [acme.branchId],
      orderDate: start,
      howToRaise:
        'Write to the presiding officer, Meenakshi Iyer, or file a complaint on this platform under Complaints. You may ask a committee member to write it down for you.',
      effectiveDate: start,
      members: [
        {
          role: 'PRESIDING_OFFICER',
          accountId: p['ic.presiding@acme.test'],
          external: null,
          gender: 'WOMAN',
          senior: true,
          termStart: start,
          termEnd: end,
        },
        {
          role: 'MEMBER',
          accountId: p['ic.member@acme.test'],
          external: null,
          gender: 'MAN',
          senior: false,
          termStart: start,
          termEnd: end,
        },
        {
          role: 'MEMBER',
          accountId: p['ic.member2@acme.test'],
          external: null,
          gender: 'WOMAN',
          senior: false,
          termStart: start,
          termEnd: end,
        },
        {
          role: 'EXTERNAL_MEMBER',
          accountId: null,
          external: {
            name: 'Dr. Kavitha Rao (example)',
            organisation: 'An NGO committed to the cause of women (example)',
            email: 'external.member@example.org',
            phone: null,
          },
          gender: 'WOMAN',
          senior: false,
          termStart: start,
          termEnd: end,
        },
      ],
    });
    const workflowId = await workflowOf(app, acme.workspaceId, p['admin@acme.test']!);
    const day = today(app, 'Asia/Kolkata');
    const rahul = await signIn(inject, hosts.acme, 'employee@acme.test');
    const first = await file(inject, hosts.acme, rahul, workflowId, {
      COMPLAINANT_NAME: 'Rahul Sharma',
      COMPLAINANT_EMAIL: 'employee@acme.test',
      RESPONDENT_NAME: 'Arjun Malhotra',
      RESPONDENT_EMAIL: 'manager@acme.test',
      INCIDENT_DATE: addCalendarDays(day, -12),
      INCIDENT_DETAILS:
        'In the sprint review my team lead made remarks about my body in front of the team, and afterwards sent me messages late at night asking me to meet him alone. I asked him to stop; the messages continued for a week.',
      WITNESSES: 'Two colleagues of the platform team were in the review.',
    });
    const po = await signIn(inject, hosts.acme, 'ic.presiding@acme.test');
    await call(inject, hosts.acme, po, 'POST', '/cms/api/case-key/unlock', { secret: DEMO_PASSWORD });
    await act(inject, hosts.acme, po, first, 'COMPLAINT_RECEIVED', { key: 'ACCEPT_COMPLAINT', input: {} });
    await act(inject, hosts.acme, po, first, 'COPY_TO_RESPONDENT', {
      key: 'SEND_COMPLAINT_COPY',
      input: { accountId: p['manager@acme.test'] },
    });
    await call(inject, hosts.acme, po, 'POST', `/cms/api/case/${first}/message`, {
      body: 'We have received your complaint and sent a copy to the respondent, as Rule 7(2) requires. He has 10 working days to reply. We will write to you here with the date of the hearing.',
      to: 'COMPLAINANT',
    });
    const jordan = await signIn(inject, hosts.acme, 'both@demo.test');
    await file(inject, hosts.acme, jordan, workflowId, {
      COMPLAINANT_NAME: 'Jordan Kapoor',
      COMPLAINANT_EMAIL: 'both@demo.test',
      RESPONDENT_NAME: 'A delivery contractor at the reception (name not known)',
      INCIDENT_DATE: addCalendarDays(day, -3),
      INCIDENT_DETAILS:
        'A contractor who delivers to the office followed me from the reception to the lift twice this week and made comments about my clothes. Reception staff know him by sight.',
    });
  }
}

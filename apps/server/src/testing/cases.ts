import type { TAnswers, TWorkflowTemplateKey } from '@app/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../core/db/database.ts';
import { withTenant } from '../core/db/tenant.ts';
import { seedCmsDemo } from '../seed/cms-demo.ts';
import { type AMember, type AWorkspace, aMember, aWorkspace, TEST_PASSWORD } from './factories.ts';
import type { TestApp } from './test-app.ts';

/*
 * Complaint cases in tests (issue 26): a workspace with a lawful committee, a published template,
 * people with sessions, and helpers to unlock a key, file a complaint and open a case through the
 * real routes.
 */

export type Person = AMember & { token: string };

export type CaseWorld = {
  t: TestApp;
  ws: AWorkspace;
  admin: Person;
  complainant: Person;
  respondent: Person;
  /** The committee (POSH: presiding officer, two members; plus an external member without an account). */
  po: Person;
  m1: Person;
  m2: Person;
  /** Another employee, not related to any case. */
  other: Person;
  committeeId: string;
  workflowId: string;
  versionId: string;
  template: TWorkflowTemplateKey;
};

async function person(ws: AWorkspace, opts: Parameters<typeof aMember>[1] = {}): Promise<Person> {
  const m = await aMember(ws, opts);
  return Object.assign(m, { token: await m.session() });
}

/**
 * A workspace ready for complaints: India (POSH inquiry) by default, or Canada (designated recipient:
 * `po` is the recipient, `m1` and `m2` are not on it).
 */
export async function aCaseWorld(t: TestApp, opts: { country?: 'IN' | 'CA' } = {}): Promise<CaseWorld> {
  const country = opts.country ?? 'IN';
  const ws = await aWorkspace(t, { country, ...(country === 'CA' ? { timeZone: 'America/Toronto' } : {}) });
  const admin = await person(ws, { role: 'WORKSPACE_ADMIN' });
  const po = await person(ws, { firstName: 'Priya', lastName: 'Officer' });
  const m1 = await person(ws, { firstName: 'Meera', lastName: 'Member' });
  const m2 = await person(ws, { firstName: 'Mohan', lastName: 'Member' });
  const complainant = await person(ws, { firstName: 'Kavya', lastName: 'Complainant' });
  const respondent = await person(ws, { firstName: 'Ravi', lastName: 'Respondent' });
  const other = await person(ws, { firstName: 'Omar', lastName: 'Other' });
  const today = '2026-01-01';
  const members =
    country === 'IN'
      ? [
          {
            role: 'PRESIDING_OFFICER',
            accountId: po.accountId,
            external: null,
            gender: 'WOMAN',
            senior: true,
            termStart: today,
            termEnd: '2028-12-31',
          },
          {
            role: 'MEMBER',
            accountId: m1.accountId,
            external: null,
            gender: 'WOMAN',
            senior: false,
            termStart: today,
            termEnd: '2028-12-31',
          },
          {
            role: 'MEMBER',
            accountId: m2.accountId,
            external: null,
            gender: 'MAN',
            senior: false,
            termStart: today,
            termEnd: '2028-12-31',
          },
          {
            role: 'EXTERNAL_MEMBER',
            accountId: null,
            external: {
              name: 'Anita NGO',
              organisation: 'Women’s Rights Trust',
              email: 'anita@example.org',
              phone: null,
            },
            gender: 'WOMAN',
            senior: false,
            termStart: today,
            termEnd: '2028-12-31',
          },
        ]
      : [
          {
            role: 'DESIGNATED_RECIPIENT',
            accountId: po.accountId,
            external: null,
            gender: 'WOMAN',
            senior: true,
            termStart: today,
            termEnd: '2028-12-31',
            trainingCompletedOn: today,
          },
        ];
  const res = await t.request(ws.host, {
    method: 'POST',
    url: '/api/committee/create',
    token: admin.token,
    payload: {
      kind: country === 'IN' ? 'INTERNAL_COMMITTEE' : 'DESIGNATED_RECIPIENT',
      name: country === 'IN' ? 'Internal Committee' : 'Designated recipient',
      workspaceWide: true,
      branchIds: [ws.hq.id],
      orderDate: country === 'IN' ? today : null,
      howToRaise: null,
      members,
      effectiveDate: today,
    },
  });
  if (res.statusCode !== 200) throw new Error(`committee: ${res.statusCode} ${res.body}`);
  const committeeId = res.json().id as string;
  const template: TWorkflowTemplateKey = country === 'IN' ? 'POSH_INQUIRY' : 'CA_RESOLUTION';
  await seedCmsDemo(t.database.db, [{ workspaceId: ws.id, adminId: admin.accountId, template }]);
  const [v] = await withTenant(t.database.db, { workspaceId: ws.id, accountId: admin.accountId }, (tx) =>
    queryRows<{ id: string; workflowId: string }>(
      tx,
      sql`select id, workflow_id as "workflowId" from workflow_versions where workspace_id = ${ws.id} order by published_at desc limit 1`,
    ),
  );
  return {
    t,
    ws,
    admin,
    complainant,
    respondent,
    po,
    m1,
    m2,
    other,
    committeeId,
    workflowId: v!.workflowId,
    versionId: v!.id,
    template,
  };
}

/** Opens (or sets up) a person's case key for their session. */
export async function unlockKey(
  w: Pick<CaseWorld, 't' | 'ws'>,
  p: Person,
  secret = TEST_PASSWORD,
): Promise<string | null> {
  const res = await w.t.request(w.ws.host, {
    method: 'POST',
    url: '/cms/api/case-key/unlock',
    token: p.token,
    payload: { secret },
  });
  if (res.statusCode !== 200) throw new Error(`unlock: ${res.statusCode} ${res.body}`);
  return res.json().recoveryCode as string | null;
}

/** Answers that complete the default form (the spec's four mandatory fields, and the respondent). */
export function someAnswers(w: CaseWorld, extra: TAnswers = {}): TAnswers {
  return {
    COMPLAINANT_NAME: 'Kavya Complainant',
    COMPLAINANT_EMAIL: w.complainant.email ?? 'kavya@example.com',
    INCIDENT_DETAILS:
      'During the review meeting on 3 November he made remarks about my appearance and touched my shoulder.',
    INCIDENT_DATE: '2026-11-03',
    RESPONDENT_NAME: 'Ravi Respondent',
    RESPONDENT_EMAIL: w.respondent.email ?? '',
    ...extra,
  };
}

/** Files a complaint through the routes (unlocking the complainant's key first); answers the receipt. */
export async function fileACase(
  w: CaseWorld,
  opts: { answers?: TAnswers; by?: Person; idempotencyKey?: string } = {},
): Promise<{ caseId: string; reference: string; receipt: Record<string, unknown> }> {
  const by = opts.by ?? w.complainant;
  await unlockKey(w, by);
  const draft = await w.t.request(w.ws.host, {
    method: 'POST',
    url: '/cms/api/complaint/draft',
    token: by.token,
    payload: { workflowId: w.workflowId },
  });
  if (draft.statusCode !== 200) throw new Error(`draft: ${draft.statusCode} ${draft.body}`);
  const d = draft.json();
  const res = await w.t.request(w.ws.host, {
    method: 'POST',
    url: `/cms/api/complaint/submit/${d.id}`,
    token: by.token,
    headers: { 'idempotency-key': opts.idempotencyKey ?? `test-${d.id}` },
    payload: { answers: opts.answers ?? someAnswers(w), revision: d.revision },
  });
  if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
  const receipt = res.json();
  return { caseId: receipt.caseId, reference: receipt.reference, receipt };
}

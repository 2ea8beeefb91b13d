import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/db/database.ts';
import { withTenant } from '../../core/db/tenant.ts';
import { seedCmsDemo } from '../../seed/cms-demo.ts';
import { aMember, TEST_PASSWORD } from '../factories.ts';
import type { AuthzFixture } from './fixture.ts';
import type { AuthzEntry, AuthzTable, NotApplicable, Prepared, Req } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/*
 * Complaint cases (issue 26): who may do what is decided by the caller's RELATIONSHIP to the case
 * (DESIGN §9, docs/cases-security.md §1), never by role. So the control caller of every case route
 * is related to a case: workspace A gets an Internal Committee whose presiding officer is the cast's
 * `employee` (with two members of its own and an external member without an account), and every
 * case is filed by the cast's `learner`. Committee routes' control is `employee`, the complainant's
 * routes' is `learner`; A's workspace admin is refused like any unrelated person (relationship, not
 * role), and so is the operator. Every cast member has unlocked their case key, so that a refusal is
 * about who asks and never about a locked key.
 */

type CaseWorld = {
  workflowId: string;
  committeeId: string;
  /** The committee's two other members (not in the cast): tokens and ids. */
  m1: { accountId: string; token: string };
  m2: { accountId: string; token: string };
};

const worlds = new WeakMap<AuthzFixture, Promise<CaseWorld>>();

async function call(
  f: AuthzFixture,
  as: { token: string; host: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) {
  return f.t.request(as.host, {
    method,
    url,
    token: as.token,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(headers ? { headers } : {}),
  });
}

async function ok(
  f: AuthzFixture,
  as: { token: string; host: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) {
  const res = await call(f, as, method, url, payload, headers);
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const unlock = (f: AuthzFixture, as: { token: string; host: string }) =>
  ok(f, as, 'POST', '/cms/api/case-key/unlock', { secret: TEST_PASSWORD });

/** Workspace A's committee, its published POSH inquiry, and every cast member's key unlocked (once per fixture). */
export function caseWorld(f: AuthzFixture): Promise<CaseWorld> {
  let w = worlds.get(f);
  if (!w) {
    w = (async () => {
      const a = f.people.adminA;
      const member = async (firstName: string) => {
        const m = await aMember(f.a, { firstName, lastName: 'Member' });
        return { accountId: m.accountId, token: await m.session(), host: f.a.host };
      };
      const m1 = await member('Meera');
      const m2 = await member('Mohan');
      const term = { termStart: '2026-01-01', termEnd: '2028-12-31' };
      const res = await call(f, a, 'POST', '/api/committee/create', {
        kind: 'INTERNAL_COMMITTEE',
        name: 'Internal Committee',
        workspaceWide: true,
        branchIds: [f.a.hq.id],
        orderDate: '2026-01-01',
        howToRaise: null,
        effectiveDate: '2026-01-01',
        members: [
          {
            role: 'PRESIDING_OFFICER',
            accountId: f.people.employee.accountId,
            external: null,
            gender: 'WOMAN',
            senior: true,
            ...term,
          },
          { role: 'MEMBER', accountId: m1.accountId, external: null, gender: 'WOMAN', senior: false, ...term },
          { role: 'MEMBER', accountId: m2.accountId, external: null, gender: 'MAN', senior: false, ...term },
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
            ...term,
          },
        ],
      });
      if (res.statusCode !== 200) throw new Error(`committee: ${res.statusCode} ${res.body}`);
      await seedCmsDemo(f.t.database.db, [{ workspaceId: f.a.id, adminId: a.accountId, template: 'POSH_INQUIRY' }]);
      const [v] = await withTenant(f.t.database.db, { workspaceId: f.a.id, accountId: a.accountId }, (tx) =>
        queryRows<{ workflowId: string }>(
          tx,
          sql`select workflow_id as "workflowId" from workflow_versions where workspace_id = ${f.a.id}
               order by published_at desc limit 1`,
        ),
      );
      for (const who of ['adminA', 'adminB', 'unitAdminOutside', 'unitAdminTarget', 'learner', 'employee'] as const)
        await unlock(f, f.people[who]);
      await unlock(f, m1);
      await unlock(f, m2);
      return { workflowId: v!.workflowId, committeeId: res.json().id, m1, m2 };
    })();
    worlds.set(f, w);
  }
  return w;
}

/** Complete answers of the default form (no respondent with an account: nobody of the cast is a party). */
const answers = (f: AuthzFixture) => ({
  COMPLAINANT_NAME: 'A Learner',
  COMPLAINANT_EMAIL: f.people.learner.member?.email ?? 'learner@example.com',
  INCIDENT_DETAILS: 'Remarks about my appearance in the review meeting.',
  INCIDENT_DATE: '2026-01-05',
  RESPONDENT_NAME: 'Somebody Else',
  RESPONDENT_EMAIL: 'somebody.else@example.org',
});

/** A draft of the learner's: its id and revision. */
async function aDraft(f: AuthzFixture): Promise<Prepared> {
  const w = await caseWorld(f);
  const d = await ok(f, f.people.learner, 'POST', '/cms/api/complaint/draft', { workflowId: w.workflowId });
  return { caseId: d.id, revision: String(d.revision), workflowId: w.workflowId };
}

/** A case the learner filed, handled by the committee the employee presides. */
export async function aCase(f: AuthzFixture): Promise<Prepared> {
  const d = await aDraft(f);
  await ok(
    f,
    f.people.learner,
    'POST',
    `/cms/api/complaint/submit/${d.caseId}`,
    { answers: answers(f), revision: Number(d.revision) },
    { 'idempotency-key': `authz-${d.caseId}` },
  );
  return { caseId: d.caseId! };
}

/** The case's steps (as the presiding officer reads them). */
async function stepsOf(f: AuthzFixture, caseId: string) {
  return withTenant(f.t.database.db, { workspaceId: f.a.id, accountId: f.people.employee.accountId }, (tx) =>
    queryRows<{ id: string; stepKey: string; status: string }>(
      tx,
      sql`select id, step_key as "stepKey", status from case_steps where case_id = ${caseId} order by created_at, occurrence`,
    ),
  );
}

/** A case with a hearing scheduled by the presiding officer, the learner invited. */
async function aMeeting(f: AuthzFixture): Promise<Prepared> {
  const p = await aCase(f);
  const hearing = (await stepsOf(f, p.caseId!)).find((s) => s.stepKey === 'HEARING')!;
  const po = f.people.employee;
  await call(f, po, 'POST', `/cms/api/case/${p.caseId}/step/${hearing.id}/start`, {});
  const m = await ok(f, po, 'POST', `/cms/api/case/${p.caseId}/meeting`, meetingPayload(f, hearing.id));
  return { ...p, stepId: hearing.id, meetingId: m.id ?? m.meeting?.id ?? m.meetings?.[0]?.id };
}

function meetingPayload(f: AuthzFixture, stepId: string) {
  const start = new Date(Date.now() + 7 * 86_400_000);
  start.setUTCHours(5, 0, 0, 0);
  const end = new Date(start.getTime() + 3_600_000);
  return {
    stepId,
    fields: {
      MEETING_TITLE: 'Hearing',
      MEETING_DESCRIPTION: 'The first hearing',
      MEETING_START_TIME: start.toISOString(),
      MEETING_END_TIME: end.toISOString(),
      MEETING_LOCATION: 'Room 4',
      MEETING_GUEST: [f.people.learner.accountId],
    },
    guestAccountIds: [f.people.learner.accountId],
  };
}

/** A file the learner uploaded to her case (not attached to anything yet). */
async function aFile(f: AuthzFixture): Promise<Prepared> {
  const p = await aCase(f);
  const res = await f.t.request(f.a.host, uploadOf(f, p.caseId!, f.people.learner.token));
  if (res.statusCode !== 200) throw new Error(`upload: ${res.statusCode} ${res.body}`);
  return { ...p, fileId: res.json().id };
}

const uploadOf = (_f: AuthzFixture, caseId: string, token: string) => ({
  method: 'POST' as const,
  url: `/cms/api/case/${caseId}/file`,
  token,
  payload: 'Evidence: the message he sent on 5 January.',
  headers: { 'content-type': 'text/plain', 'x-file-name': encodeURIComponent('evidence.txt') },
});

// --- the entries --------------------------------------------------------------------------------

const UNRELATED =
  'a case reads as missing (404) to anyone not related to it, whatever their role: the admin of A too (relationship, not role)';

/** A committee route: control the presiding officer; refused to every unrelated caller, the admin and the complainant included. */
function committee(rule: string, request: AuthzEntry['request'], extra: Partial<AuthzEntry> = {}): AuthzEntry {
  return {
    rule: `${rule} — a committee member assigned to the case and not conflicted (relationship; the permission matrix grants nothing)`,
    as: 'employee',
    prepare: aCase,
    request,
    anotherWorkspace: 'refused',
    lowerRole: 'unitAdminTarget',
    unitAdminOutside: 'refused',
    moreThanHeld: na('acts on a case the member already sits on; it gives nobody access'),
    alsoRefused: [
      { as: 'adminA', why: UNRELATED },
      { as: 'learner', why: 'the complainant is related, but this is the committee’s to do', status: [403, 404] },
      { as: 'operator', why: 'the operator has no path to cases (docs/cases-security.md §2)' },
    ],
    ...extra,
  };
}

/** A complainant route: control the learner (who filed); refused to the unrelated, the admin included. */
function complainant(rule: string, request: AuthzEntry['request'], extra: Partial<AuthzEntry> = {}): AuthzEntry {
  return {
    rule: `${rule} (relationship: the complainant of the case; the permission matrix grants nothing)`,
    as: 'learner',
    prepare: aCase,
    request,
    anotherWorkspace: 'refused',
    lowerRole: 'unitAdminTarget',
    unitAdminOutside: 'refused',
    moreThanHeld: na('the complainant acts on her own case; it gives nobody access'),
    alsoRefused: [
      { as: 'adminA', why: UNRELATED },
      { as: 'operator', why: 'the operator has no path to cases (docs/cases-security.md §2)' },
    ],
    ...extra,
  };
}

/** A request of the learner's draft (the draft's id and revision from `prepare`). */
function draftRoute(rule: string, request: AuthzEntry['request']): AuthzEntry {
  return {
    rule: `${rule}: the draft's complainant (or the committee member writing it down for her) only`,
    as: 'learner',
    prepare: aDraft,
    request,
    anotherWorkspace: 'refused',
    lowerRole: 'unitAdminTarget',
    unitAdminOutside: 'refused',
    moreThanHeld: na('a draft is its complainant’s own; nothing is given to anyone'),
    alsoRefused: [
      { as: 'adminA', why: UNRELATED },
      { as: 'employee', why: 'a draft is not the committee’s until it is filed (the presiding officer too)' },
    ],
  };
}

/** Own key routes: every member has their own key and reaches no one else's. */
const ownKey = {
  anotherWorkspace: 'own-scope',
  lowerRole: na('every member has a key of their own; no role reaches another person’s key'),
  unitAdminOutside: na('a key is its holder’s own: there is no target unit'),
  moreThanHeld: na('opens or closes the caller’s own key only'),
} as const satisfies Partial<AuthzEntry>;

/** A fresh member of A with their key set up: a session for the routes that change or end a key. */
async function aKeyHolder(f: AuthzFixture): Promise<Prepared> {
  await caseWorld(f);
  const m = await aMember(f.a, { firstName: 'Kira', lastName: 'Keyholder', unit: f.target.unit });
  const token = await m.session();
  const { recoveryCode } = await unlock(f, { token, host: f.a.host });
  return { token, recoveryCode };
}
const keyHolderControl = async (_f: AuthzFixture, p: Prepared) => ({ token: p.token!, host: _f.a.host });

const req = (method: Req['method'], url: string, payload?: unknown, headers?: Record<string, string>): Req => ({
  method,
  url,
  ...(payload !== undefined ? { payload } : {}),
  ...(headers ? { headers } : {}),
});

/** The case routes registered in this branch (the lead's groundwork and helper 5's). */
export const CASES_ROUTES: AuthzTable = {
  'GET /cms/api/case-key/status': {
    rule: 'any signed-in member: their own key’s state',
    as: 'learner',
    request: () => req('GET', '/cms/api/case-key/status'),
    ...ownKey,
    alsoRefused: [{ as: 'public', why: 'a session is needed' }],
  },
  'POST /cms/api/case-key/unlock': {
    rule: 'any signed-in member opens their own key with their own secret',
    as: 'learner',
    prepare: async (f) => {
      await caseWorld(f);
      return {};
    },
    request: () => req('POST', '/cms/api/case-key/unlock', { secret: TEST_PASSWORD }),
    ...ownKey,
    moreThanHeld: {
      as: 'learner',
      why: 'a secret that is not the caller’s own password opens nothing',
      request: () => req('POST', '/cms/api/case-key/unlock', { secret: 'not-my-password-at-all' }),
      status: [403],
    },
    alsoRefused: [{ as: 'public', why: 'a session is needed' }],
  },
  'POST /cms/api/case-key/recover': {
    rule: 'any signed-in member replaces their own secret with their own recovery code',
    as: 'learner',
    prepare: aKeyHolder,
    request: (_f, p) =>
      req('POST', '/cms/api/case-key/recover', { recoveryCode: p.recoveryCode, newSecret: TEST_PASSWORD }),
    control: keyHolderControl,
    ...ownKey,
    // B's admin with A's member's recovery code, on B: it opens nothing of theirs either.
    anotherWorkspace: 'refused',
    moreThanHeld: {
      as: 'learner',
      why: 'another member’s recovery code does not open the caller’s key',
      request: (_f, p) =>
        req('POST', '/cms/api/case-key/recover', { recoveryCode: p.recoveryCode, newSecret: TEST_PASSWORD }),
      status: [400, 403, 409, 422],
    },
    alsoRefused: [{ as: 'public', why: 'a session is needed' }],
  },
  'POST /cms/api/case-key/start-over': {
    rule: 'any signed-in member starts their own key over (with their own password)',
    as: 'learner',
    prepare: aKeyHolder,
    request: () => req('POST', '/cms/api/case-key/start-over', { secret: TEST_PASSWORD }),
    control: keyHolderControl,
    ...ownKey,
    anotherWorkspace: na(
      'it works on the caller’s own key in their own workspace only; B’s admin doing so on B changes B alone and is not a refusal',
    ),
    moreThanHeld: {
      as: 'learner',
      why: 'starting over needs the caller’s own password',
      request: () => req('POST', '/cms/api/case-key/start-over', { secret: 'not-my-password-at-all' }),
      status: [403],
    },
    alsoRefused: [{ as: 'public', why: 'a session is needed' }],
  },
  'POST /cms/api/case-key/lock': {
    rule: 'any signed-in member closes their own key for their session',
    as: 'learner',
    prepare: aKeyHolder,
    request: () => req('POST', '/cms/api/case-key/lock'),
    control: keyHolderControl,
    ...ownKey,
    anotherWorkspace: na('closes the caller’s own key for their own session only (B’s admin closes theirs, on B)'),
    alsoRefused: [{ as: 'public', why: 'a session is needed' }],
  },
  'GET /cms/api/complaint/forms': {
    rule: 'complaints.file: the forms that reach the caller’s own business unit',
    as: 'learner',
    prepare: async (f) => ({ workflowId: (await caseWorld(f)).workflowId }),
    request: () => req('GET', '/cms/api/complaint/forms'),
    hides: (_f, p) => p.workflowId!,
    anotherWorkspace: 'own-scope',
    lowerRole: na('every member holds complaints.file by default; the list is the caller’s own forms'),
    unitAdminOutside: na('a list of the forms reaching the caller’s own unit: there is no target'),
    moreThanHeld: na('reads forms; gives nothing'),
    alsoRefused: [{ as: 'public', why: 'a session is needed' }],
  },
  'POST /cms/api/complaint/draft': {
    rule: 'complaints.file for oneself; for someone else (POSH s.9(1)) only a member of the committee that handles them',
    as: 'learner',
    prepare: async (f) => ({ workflowId: (await caseWorld(f)).workflowId }),
    request: (_f, p) => req('POST', '/cms/api/complaint/draft', { workflowId: p.workflowId }),
    anotherWorkspace: 'refused',
    lowerRole: na(
      'every member may file for themself (complaints.file); writing one down for another is the rule tried below',
    ),
    unitAdminOutside: na(
      'filing is for oneself (or, for the committee, for someone it handles): no unit reaches another person',
    ),
    moreThanHeld: {
      as: 'learner',
      why: 'writing a complaint down for someone else without sitting on the committee that handles them',
      request: (f, p) =>
        req('POST', '/cms/api/complaint/draft', { workflowId: p.workflowId, onBehalfOf: f.people.employee.accountId }),
      status: [403],
      reason: 'FORBIDDEN_ASSISTED_FILING',
    },
    alsoRefused: [
      {
        as: 'adminA',
        why: 'an administrator writing a complaint down for someone (relationship, not role)',
        request: (f, p) =>
          req('POST', '/cms/api/complaint/draft', { workflowId: p.workflowId, onBehalfOf: f.people.learner.accountId }),
      },
      {
        as: 'unitAdminTarget',
        why: 'the unit admin of the complainant’s own unit writing one down for her',
        request: (f, p) =>
          req('POST', '/cms/api/complaint/draft', { workflowId: p.workflowId, onBehalfOf: f.people.learner.accountId }),
      },
    ],
  },
  'GET /cms/api/complaint/draft/:id': draftRoute('reads a draft', (_f, p) =>
    req('GET', `/cms/api/complaint/draft/${p.caseId}`),
  ),
  'POST /cms/api/complaint/draft/:id': draftRoute('saves a draft', (_f, p) =>
    req('POST', `/cms/api/complaint/draft/${p.caseId}`, {
      answers: { INCIDENT_DETAILS: 'Half written' },
      revision: Number(p.revision),
    }),
  ),
  'POST /cms/api/complaint/draft/delete/:id': draftRoute('discards a draft', (_f, p) =>
    req('POST', `/cms/api/complaint/draft/delete/${p.caseId}`),
  ),
  'POST /cms/api/complaint/submit/:id': draftRoute('files a draft', (f, p) =>
    req(
      'POST',
      `/cms/api/complaint/submit/${p.caseId}`,
      { answers: answers(f), revision: Number(p.revision) },
      { 'idempotency-key': `authz-submit-${p.caseId}` },
    ),
  ),
  'POST /cms/api/case/:id/conflict/declare': committee(
    'declares the caller’s own conflict of interest (their access ends)',
    (_f, p) => req('POST', `/cms/api/case/${p.caseId}/conflict/declare`, { reason: 'I know the respondent' }),
    {
      moreThanHeld: na('declaring gives up the caller’s own access; it gives nothing'),
    },
  ),
  'POST /cms/api/case/:id/conflict/:conflictId/clear': committee(
    'clears a conflict: the presiding officer (the external member for the presiding officer’s own)',
    (_f, p) =>
      req('POST', `/cms/api/case/${p.caseId}/conflict/${p.conflictId}/clear`, { reason: 'Not related after all' }),
    {
      prepare: async (f) => {
        const p = await aCase(f);
        const w = await caseWorld(f);
        const d = await ok(
          f,
          { token: w.m1.token, host: f.a.host },
          'POST',
          `/cms/api/case/${p.caseId}/conflict/declare`,
          {
            reason: 'My neighbour',
          },
        );
        return { ...p, conflictId: d.conflictId };
      },
      moreThanHeld: na(
        'clearing gives back the member the access they had; the clearer gains nothing (another member clearing is refused: cases/access.test.ts)',
      ),
    },
  ),
  'GET /cms/api/case-people': {
    rule: 'a member of a live committee of the workspace looks its active people up (name, email, unit; no case data) — relationship, not role',
    as: 'employee',
    prepare: async (f) => {
      await caseWorld(f);
      return {};
    },
    request: () => req('GET', '/cms/api/case-people?q=member'),
    anotherWorkspace: 'refused',
    lowerRole: 'unitAdminTarget',
    unitAdminOutside: 'refused',
    moreThanHeld: na('reads names to pick from; gives nothing'),
    alsoRefused: [
      { as: 'adminA', why: 'the workspace admin sits on no committee (relationship, not role)' },
      { as: 'learner', why: 'a complainant who sits on no committee' },
      { as: 'operator', why: 'the operator has no path to cases (docs/cases-security.md §2)' },
    ],
  },
};

/**
 * The case routes other helpers are building (issue 26): the same rules, entries written against
 * the binding route list. Not registered in coverage.ts in this branch (the routes do not exist
 * here yet: "no table names a route that is not registered"); the lead registers them at merge.
 * Where the control's success depends on the workflow's state rather than on who asks (a step
 * that may not start yet), 409 also counts as the control getting through.
 */
export const CASES_PENDING_ROUTES: AuthzTable = {
  'POST /cms/api/case/:id/file': complainant('uploads evidence to the case, sealed with its key', (_f, p) => {
    const u = uploadOf(_f, p.caseId!, '');
    return { method: 'POST', url: u.url, payload: u.payload, headers: u.headers };
  }),
  'GET /cms/api/case/:id/file/:fileId': complainant(
    'downloads a file of the case the caller may read',
    (_f, p) => req('GET', `/cms/api/case/${p.caseId}/file/${p.fileId}`),
    { prepare: aFile },
  ),
  'POST /cms/api/case/:id/file/delete/:fileId': complainant(
    'removes the caller’s own upload not yet attached to anything',
    (_f, p) => req('POST', `/cms/api/case/${p.caseId}/file/delete/${p.fileId}`),
    {
      prepare: aFile,
      alsoRefused: [
        { as: 'adminA', why: UNRELATED },
        {
          as: 'employee',
          why: 'only its uploader removes an unattached file (the presiding officer too)',
          status: [403, 404, 409],
        },
        { as: 'operator', why: 'the operator has no path to cases' },
      ],
    },
  ),
  'GET /cms/api/my-cases': {
    rule: 'the caller’s own complaints and the cases shared with them (relationship)',
    as: 'learner',
    prepare: aCase,
    request: () => req('GET', '/cms/api/my-cases'),
    hides: (_f, p) => p.caseId!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'unitAdminTarget',
    unitAdminOutside: 'refused',
    moreThanHeld: na('reads the caller’s own list; gives nothing'),
    alsoRefused: [{ as: 'adminA', why: `${UNRELATED}: the list leaves the case out` }],
  },
  'GET /cms/api/case/:id': complainant('reads the case as the caller may see it', (_f, p) =>
    req('GET', `/cms/api/case/${p.caseId}`),
  ),
  'POST /cms/api/case/:id/message': complainant('writes in the caller’s own thread', (_f, p) =>
    req('POST', `/cms/api/case/${p.caseId}/message`, { body: 'A message to the committee' }),
  ),
  'POST /cms/api/case/:id/addition': complainant('adds information to her complaint', (_f, p) =>
    req('POST', `/cms/api/case/${p.caseId}/addition`, { text: 'One more thing' }),
  ),
  'POST /cms/api/case/:id/withdraw': complainant(
    'withdraws her complaint where the law allows (POSH: 409 WITHDRAWAL_NOT_PROVIDED — the control gets that far)',
    (_f, p) => req('POST', `/cms/api/case/${p.caseId}/withdraw`, { reason: '' }),
    { ok: [200, 409] },
  ),
  'POST /cms/api/case/:id/request': complainant(
    'asks for a step the law starts on request (POSH s.10(1) conciliation)',
    (_f, p) => req('POST', `/cms/api/case/${p.caseId}/request`, { stepKey: 'CONCILIATION', text: '' }),
    { ok: [200, 409] },
  ),
  'POST /cms/api/case/:id/form/:itemId': complainant(
    'answers a form the committee sent to the caller',
    (_f, p) => req('POST', `/cms/api/case/${p.caseId}/form/${p.itemId}`, { answers: {} }),
    {
      prepare: async (f) => {
        const p = await aCase(f);
        const step = (await stepsOf(f, p.caseId!)).find((s) => s.status === 'ACTIVE')!;
        // The presiding officer sends a form (FORM action) to the complainant.
        const sent = await call(f, f.people.employee, 'POST', `/cms/api/case/${p.caseId}/action/${step.id}/SEND_FORM`, {
          accountId: f.people.learner.accountId,
        });
        return { ...p, itemId: sent.statusCode === 200 ? (sent.json().itemId ?? '') : '' };
      },
      ok: [200, 409],
    },
  ),
  'GET /cms/api/case/:id/meeting/:meetingId/ics': complainant(
    'the calendar file of a meeting the caller is invited to',
    (_f, p) => req('GET', `/cms/api/case/${p.caseId}/meeting/${p.meetingId}/ics`),
    { prepare: aMeeting },
  ),
  'GET /cms/api/committee-cases': {
    rule: 'the cases of the committees the caller sits on (relationship), conflicted ones left out',
    as: 'employee',
    prepare: aCase,
    request: () => req('GET', '/cms/api/committee-cases'),
    hides: (_f, p) => p.caseId!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'unitAdminTarget',
    unitAdminOutside: 'refused',
    moreThanHeld: na('reads a list; gives nothing'),
    alsoRefused: [
      { as: 'adminA', why: `${UNRELATED}: the list leaves the case out` },
      { as: 'learner', why: 'the complainant is not on the committee: her case is not in its list' },
    ],
  },
  'GET /cms/api/case-counts': {
    rule: 'complaints.manage: grouped counts and statuses only, never a case',
    as: 'adminA',
    prepare: async (f) => {
      await aCase(f);
      const e = await aMember(f.a, { role: 'EMPLOYER', firstName: 'Esha', lastName: 'Employer' });
      return { token: await e.session() };
    },
    control: async (f, p) => ({ token: p.token!, host: f.a.host }),
    request: () => req('GET', '/cms/api/case-counts'),
    anotherWorkspace: 'refused',
    lowerRole: 'learner',
    unitAdminOutside: 'refused',
    moreThanHeld: na('counts only: nothing to give'),
  },
  'POST /cms/api/case/:id/step/:stepId/start': committee(
    'starts a step (with quorum, POSH Rule 7(7))',
    (_f, p) => req('POST', `/cms/api/case/${p.caseId}/step/${p.stepId}/start`, {}),
    {
      prepare: async (f) => {
        const p = await aCase(f);
        const step = (await stepsOf(f, p.caseId!)).find((s) => s.status === 'WAITING' || s.status === 'ON_REQUEST')!;
        return { ...p, stepId: step.id };
      },
      ok: [200, 409],
    },
  ),
  'POST /cms/api/case/:id/step/:stepId/complete': committee(
    'completes a step (with quorum; a reason when late)',
    (_f, p) => req('POST', `/cms/api/case/${p.caseId}/step/${p.stepId}/complete`, { lateReason: null }),
    {
      prepare: async (f) => {
        const p = await aCase(f);
        const step = (await stepsOf(f, p.caseId!)).find((s) => s.status === 'ACTIVE')!;
        return { ...p, stepId: step.id };
      },
      ok: [200, 409, 422],
    },
  ),
  'POST /cms/api/case/:id/sub-status': committee('sets the committee’s private label', (_f, p) =>
    req('POST', `/cms/api/case/${p.caseId}/sub-status`, { label: 'Waiting for documents' }),
  ),
  'POST /cms/api/case/:id/close': committee(
    'closes the case with an outcome (with quorum)',
    (_f, p) =>
      req('POST', `/cms/api/case/${p.caseId}/close`, {
        outcome: 'ACCEPTED',
        reportOn: '2026-02-01',
        employerAction: '',
        employerActionOn: null,
      }),
    { ok: [200, 409, 422] },
  ),
  'GET /cms/api/case/:id/trail': committee('reads the case’s trail (ids only)', (_f, p) =>
    req('GET', `/cms/api/case/${p.caseId}/trail`),
  ),
  'POST /cms/api/case/:id/trail/verify': committee('verifies the trail’s hash chain', (_f, p) =>
    req('POST', `/cms/api/case/${p.caseId}/trail/verify`),
  ),
  'POST /cms/api/case/:id/party': committee('names a respondent or witness (conflicts matched again)', (f, p) =>
    req('POST', `/cms/api/case/${p.caseId}/party`, { accountId: f.people.unitAdminOutside.accountId, role: 'WITNESS' }),
  ),
  'POST /cms/api/case/:id/meeting': committee(
    'schedules a meeting of a meeting step (with quorum)',
    (f, p) => req('POST', `/cms/api/case/${p.caseId}/meeting`, meetingPayload(f, p.stepId!)),
    {
      prepare: async (f) => {
        const p = await aCase(f);
        const hearing = (await stepsOf(f, p.caseId!)).find((s) => s.stepKey === 'HEARING')!;
        await call(f, f.people.employee, 'POST', `/cms/api/case/${p.caseId}/step/${hearing.id}/start`, {});
        return { ...p, stepId: hearing.id };
      },
      ok: [200, 409],
    },
  ),
  'POST /cms/api/case/:id/meeting/:meetingId': committee(
    'records a meeting (minutes, who was present) or cancels it',
    (_f, p) =>
      req('POST', `/cms/api/case/${p.caseId}/meeting/${p.meetingId}`, {
        fields: {},
        status: 'CANCELLED',
        presentAccountIds: [],
      }),
    { prepare: aMeeting },
  ),
  'POST /cms/api/case/:id/action/:stepId/:actionKey': committee(
    'performs an action of a step (a BUTTON: the complaint accepted)',
    (_f, p) => req('POST', `/cms/api/case/${p.caseId}/action/${p.stepId}/ACCEPT_COMPLAINT`, {}),
    {
      prepare: async (f) => {
        const p = await aCase(f);
        const step = (await stepsOf(f, p.caseId!)).find((s) => s.stepKey === 'COMPLAINT_RECEIVED')!;
        return { ...p, stepId: step.id };
      },
      ok: [200, 409],
    },
  ),
};

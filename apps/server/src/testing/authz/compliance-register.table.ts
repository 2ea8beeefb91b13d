import {
  A_PDF,
  aRegisterAnswer,
  aRegisterObligation,
  aRegisterOccurrence,
  grantComplianceManage,
} from '../compliance-register.ts';
import { multipart } from '../multipart.ts';
import type { AuthzFixture } from './fixture.ts';
import type { AuthzTable, NotApplicable, Prepared } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });
const GIVES_NOTHING = na('gives nothing: it reads');
const OWN = na("a person's own calendar: every member has one, so there is no lower role and no unit to be outside of");

const R = '/lms/api/compliance/register';
const C = '/lms/api/compliance/calendar';

const granted = new WeakSet<AuthzFixture>();

/**
 * A fresh answer of A's target unit (owner: the learner; reviewer: the target unit's admin) to a
 * fresh obligation, with one open occurrence; A's business-unit admins hold `compliance.manage`
 * (so that "a unit admin outside its unit" is about the unit, not the permission).
 */
async function anAnswer(f: AuthzFixture, kind: 'ONE_TIME' | 'EVENT' = 'ONE_TIME'): Promise<Prepared> {
  const db = f.t.database.db;
  if (!granted.has(f)) {
    await grantComplianceManage(db, f.a.id, 'BRANCH_ADMIN');
    granted.add(f);
  }
  const obligationId = await aRegisterObligation(db, {
    kind,
    ...(kind === 'EVENT'
      ? { dueRule: { anchor: 'EVENT', offset: 30, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: null } }
      : {}),
  });
  const answerId = await aRegisterAnswer(db, {
    workspaceId: f.a.id,
    obligationId,
    branchId: f.target.unit.id,
    ownerId: f.people.learner.accountId,
    reviewerId: f.people.unitAdminTarget.accountId,
  });
  const occurrenceId = await aRegisterOccurrence(db, { workspaceId: f.a.id, answerId, dueDate: '2030-06-30' });
  return { answerId, occurrenceId };
}

/** `who` uploads a PDF to the occurrence through the API (it then awaits review). */
async function submitted(f: AuthzFixture, p: Prepared, who: 'learner' | 'unitAdminTarget' = 'learner') {
  const res = await f.t.request(f.a.host, {
    method: 'POST',
    url: `${R}/occurrence/${p.occurrenceId}/evidence`,
    token: f.people[who].token,
    ...multipart(A_PDF, {}, 'order.pdf'),
  });
  if (res.statusCode !== 200) throw new Error(`evidence upload: ${res.statusCode} ${res.body}`);
}

/** A calendar feed of the learner's, through the API; returns its token. */
async function aFeed(f: AuthzFixture): Promise<string> {
  const res = await f.t.request(f.a.host, { method: 'POST', url: `${C}/feed`, token: f.people.learner.token });
  if (res.statusCode !== 200) throw new Error(`feed: ${res.statusCode} ${res.body}`);
  return /\/feed\/([^/]+)\.ics$/.exec(res.json().url)![1]!;
}

/**
 * The compliance register and its calendar (issue 24): a register manager holds compliance.manage
 * and reaches the unit; an answer's owner and reviewer act by relationship; a person's calendar and
 * feed are their own; the feed's token is its credential.
 */
export const COMPLIANCE_REGISTER_ROUTES: AuthzTable = {
  'GET /lms/api/compliance/register/obligations': {
    rule: 'compliance.manage for the units reached; otherwise the answers one owns or reviews',
    as: 'adminA',
    prepare: (f) => anAnswer(f),
    request: () => ({ method: 'GET', url: `${R}/obligations` }),
    hides: (_f, p) => p.answerId!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/compliance/register/answer/:answerId': {
    rule: 'compliance.manage and the answer’s unit reached; owner and reviewer active members the caller reaches',
    as: 'adminA',
    prepare: (f) => anAnswer(f),
    request: (f, p) => ({
      method: 'POST',
      url: `${R}/answer/${p.answerId}`,
      payload: { ownerId: f.people.employee.accountId },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'unitAdminTarget',
      why: 'a unit admin making someone of another unit the owner',
      request: (f, p) => ({
        method: 'POST',
        url: `${R}/answer/${p.answerId}`,
        payload: { ownerId: f.people.unitAdminOutside.accountId },
      }),
      status: [403],
      reason: 'FORBIDDEN_ASSIGN_OUTSIDE_SCOPE',
    },
    alsoRefused: [
      {
        as: 'learner',
        why: 'the owner marking its own obligation not applicable (no compliance.manage)',
        request: (_f, p) => ({
          method: 'POST',
          url: `${R}/answer/${p.answerId}`,
          payload: { notApplicable: true, justification: 'We do not think this applies.' },
        }),
      },
    ],
  },
  'POST /lms/api/compliance/register/answer/:answerId/event': {
    rule: 'the answer’s owner, or compliance.manage with the unit reached; an event-based obligation in force',
    as: 'learner',
    prepare: (f) => anAnswer(f, 'EVENT'),
    request: (_f, p) => ({
      method: 'POST',
      url: `${R}/answer/${p.answerId}/event`,
      payload: { date: '2026-01-15', note: null },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('gives nothing: it records that something happened'),
  },
  'GET /lms/api/compliance/register/occurrences': {
    rule: 'compliance.manage for the units reached; otherwise the occurrences of answers one owns or reviews',
    as: 'adminA',
    prepare: (f) => anAnswer(f),
    request: () => ({ method: 'GET', url: `${R}/occurrences?status=ALL` }),
    hides: (_f, p) => p.occurrenceId!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/compliance/register/occurrence/:id': {
    rule: 'a register manager reaching the unit, the owner or the reviewer',
    as: 'adminA',
    prepare: (f) => anAnswer(f),
    request: (_f, p) => ({ method: 'GET', url: `${R}/occurrence/${p.occurrenceId}` }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/compliance/register/occurrence/:id/evidence/:revision': {
    rule: 'whoever may see the occurrence (a register manager reaching the unit, the owner, the reviewer)',
    as: 'unitAdminTarget',
    prepare: async (f) => {
      const p = await anAnswer(f);
      await submitted(f, p);
      return p;
    },
    request: (_f, p) => ({ method: 'GET', url: `${R}/occurrence/${p.occurrenceId}/evidence/1` }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/compliance/register/occurrence/:id/evidence': {
    rule: 'the answer’s owner, or compliance.manage with the unit reached; the occurrence not closed',
    as: 'learner',
    prepare: (f) => anAnswer(f),
    request: (_f, p) => ({
      method: 'POST',
      url: `${R}/occurrence/${p.occurrenceId}/evidence`,
      upload: { file: A_PDF.toString('latin1'), fields: { note: 'The order' }, filename: 'order.pdf' },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('gives nothing: it records evidence for review'),
  },
  'POST /lms/api/compliance/register/occurrence/:id/review': {
    rule: 'the reviewer, or compliance.manage with the unit reached; never evidence one submitted',
    as: 'unitAdminTarget',
    prepare: async (f) => {
      const p = await anAnswer(f);
      await submitted(f, p);
      const own = await anAnswer(f);
      await submitted(f, own, 'unitAdminTarget');
      return { ...p, ownOccurrenceId: own.occurrenceId! };
    },
    request: (_f, p) => ({
      method: 'POST',
      url: `${R}/occurrence/${p.occurrenceId}/review`,
      payload: { decision: 'APPROVED', note: null },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'unitAdminTarget',
      why: 'the reviewer approving evidence it submitted itself',
      request: (_f, p) => ({
        method: 'POST',
        url: `${R}/occurrence/${p.ownOccurrenceId}/review`,
        payload: { decision: 'APPROVED', note: null },
      }),
      status: [403],
      reason: 'FORBIDDEN_REVIEW_OWN_EVIDENCE',
    },
    alsoRefused: [{ as: 'learner', why: 'the owner approving its own evidence (not its reviewer)' }],
  },
  'GET /lms/api/compliance/calendar': {
    rule: 'one’s own calendar: what one owns or reviews; all one reaches for a register manager',
    as: 'adminA',
    prepare: (f) => anAnswer(f),
    request: () => ({ method: 'GET', url: `${C}?from=2030-06-01&to=2030-07-31` }),
    hides: (_f, p) => p.occurrenceId!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/compliance/calendar/feed': {
    rule: 'one’s own feed (whether it exists)',
    as: 'employee',
    request: () => ({ method: 'GET', url: `${C}/feed` }),
    anotherWorkspace: 'own-scope',
    lowerRole: OWN,
    unitAdminOutside: OWN,
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/compliance/calendar/feed': {
    rule: 'one’s own feed: a new token, the previous one revoked',
    as: 'employee',
    request: () => ({ method: 'POST', url: `${C}/feed` }),
    anotherWorkspace: 'own-scope',
    lowerRole: OWN,
    unitAdminOutside: OWN,
    moreThanHeld: na('the feed shows only what its owner may see'),
  },
  'DELETE /lms/api/compliance/calendar/feed': {
    rule: 'one’s own feed: revoked',
    as: 'employee',
    request: () => ({ method: 'DELETE', url: `${C}/feed` }),
    anotherWorkspace: 'own-scope',
    lowerRole: OWN,
    unitAdminOutside: OWN,
    moreThanHeld: na('gives nothing: it revokes'),
  },
  'GET /lms/api/compliance/calendar/feed/:token.ics': {
    rule: 'no session: a live token of this workspace is the credential (only its SHA-256 is stored)',
    as: 'public',
    prepare: async (f) => {
      await anAnswer(f);
      const revoked = await aFeed(f);
      return { revoked, token: await aFeed(f) };
    },
    request: (_f, p) => ({ method: 'GET', url: `${C}/feed/${p.token}.ics` }),
    anotherWorkspace: na('no session: another workspace’s host is tried below with this token'),
    lowerRole: na('no session: the token decides'),
    unitAdminOutside: na('no session: the token decides'),
    moreThanHeld: na('gives nothing: it reads titles and dates'),
    alsoRefused: [
      {
        as: 'public',
        why: 'the token on another workspace’s host',
        request: (f, p) => ({ method: 'GET', url: `${C}/feed/${p.token}.ics`, host: f.b.host }),
      },
      {
        as: 'public',
        why: 'a revoked token',
        request: (_f, p) => ({ method: 'GET', url: `${C}/feed/${p.revoked}.ics` }),
      },
      {
        as: 'public',
        why: 'a made-up token',
        request: () => ({ method: 'GET', url: `${C}/feed/${'x'.repeat(43)}.ics` }),
      },
    ],
  },
};

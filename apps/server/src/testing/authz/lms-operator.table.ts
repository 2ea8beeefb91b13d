import type { AuthzFixture } from './fixture.ts';
import type { AuthzEntry, AuthzTable, NotApplicable, Prepared } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/**
 * The operator's routes: on the platform host, the PLATFORM_ADMIN only. No workspace owns what they
 * act on (the catalogue, jurisdictions, which workspace gets which course and how many credits):
 * every workspace member is a lower role — A's workspace admin, with its session on the platform
 * host (not valid there: 401) and on its own host (the route is not there: 404).
 */
const OPERATOR: Pick<AuthzEntry, 'as' | 'anotherWorkspace' | 'lowerRole' | 'unitAdminOutside'> = {
  as: 'operator',
  anotherWorkspace: na("operator data: no workspace's; every workspace member is the lower role below"),
  lowerRole: 'adminA',
  unitAdminOutside: na('operator data has no business unit'),
};
const GIVES_NOTHING = na('reads, or edits operator data; gives no workspace anything');

/** Sends as the operator on the platform host; fails the preparation on any other answer. */
async function asOperator(f: AuthzFixture, method: 'POST' | 'GET', url: string, payload?: object) {
  const res = await f.t.request(f.t.config.platformHost, {
    method,
    url: `/lms/api${url}`,
    token: f.people.operator.token,
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

const uniqueCode = () => `AZ-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

async function aJurisdiction(f: AuthzFixture): Promise<Prepared> {
  const j = await asOperator(f, 'POST', '/admin/jurisdiction/create', {
    code: uniqueCode(),
    name: 'Authz land',
    country: 'IN',
  });
  return { id: j.id };
}

/** A PENDING credit request of A for its catalogue course (as A's admin asks). */
async function aCreditRequest(f: AuthzFixture): Promise<Prepared> {
  const res = await f.t.request(f.a.host, {
    method: 'POST',
    url: '/lms/api/workspace-course-credit/request-credits',
    token: f.people.adminA.token,
    payload: { courseId: f.catalogue.withCredits, quantity: 3 },
  });
  if (res.statusCode !== 200) throw new Error(`request credits: ${res.statusCode} ${res.body}`);
  return { id: res.json().id };
}

export const LMS_OPERATOR_ROUTES: AuthzTable = {
  'POST /lms/api/admin/course/create': {
    rule: 'the operator: a catalogue course',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/admin/course/create',
      host: f.t.config.platformHost,
      payload: { title: 'A catalogue course', primaryLanguage: 'en', languages: [] },
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/course/all': {
    rule: 'the operator: the catalogue',
    ...OPERATOR,
    request: (f) => ({ method: 'POST', url: '/lms/api/admin/course/all', host: f.t.config.platformHost, payload: {} }),
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/admin/course/supported-languages': {
    rule: 'the operator: every language, with its catalogue counts',
    ...OPERATOR,
    request: (f) => ({
      method: 'GET',
      url: '/lms/api/admin/course/supported-languages',
      host: f.t.config.platformHost,
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/admin/jurisdiction/all': {
    rule: 'the operator',
    ...OPERATOR,
    request: (f) => ({ method: 'GET', url: '/lms/api/admin/jurisdiction/all', host: f.t.config.platformHost }),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/jurisdiction/create': {
    rule: 'the operator',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/admin/jurisdiction/create',
      host: f.t.config.platformHost,
      payload: { code: uniqueCode(), name: 'Authz country', country: 'CA' },
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/jurisdiction/update/:id': {
    rule: 'the operator',
    ...OPERATOR,
    prepare: aJurisdiction,
    request: (f, p) => ({
      method: 'POST',
      url: `/lms/api/admin/jurisdiction/update/${p.id}`,
      host: f.t.config.platformHost,
      payload: { code: uniqueCode(), name: 'Renamed land', country: 'IN' },
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'DELETE /lms/api/admin/jurisdiction/delete/:id': {
    rule: 'the operator',
    ...OPERATOR,
    prepare: aJurisdiction,
    request: (f, p) => ({
      method: 'DELETE',
      url: `/lms/api/admin/jurisdiction/delete/${p.id}`,
      host: f.t.config.platformHost,
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/admin/holiday-calendar/all': {
    rule: 'the operator: the holiday calendars a jurisdiction may count with',
    ...OPERATOR,
    request: (f) => ({ method: 'GET', url: '/lms/api/admin/holiday-calendar/all', host: f.t.config.platformHost }),
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/jurisdiction/all': {
    rule: 'learning.view (the tags courses are filtered by), or the operator',
    as: 'employee',
    request: () => ({ method: 'GET', url: '/lms/api/jurisdiction/all' }),
    anotherWorkspace: 'own-scope',
    lowerRole: na('every member reads the jurisdictions (operator data, the same for all)'),
    unitAdminOutside: na('the same for every unit'),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/course/workspace-course': {
    rule: 'the operator: a catalogue course, to a workspace',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/admin/course/workspace-course',
      host: f.t.config.platformHost,
      payload: { workspaceId: f.a.id, courseId: f.catalogue.unavailable, enabled: true },
    }),
    moreThanHeld: {
      as: 'operator',
      why: "giving workspace A workspace B's own course (the operator holds the catalogue, not B's courses)",
      request: (f) => ({
        method: 'POST',
        url: '/lms/api/admin/course/workspace-course',
        host: f.t.config.platformHost,
        payload: { workspaceId: f.a.id, courseId: f.bCourse.courseId, enabled: true },
      }),
      status: [400, 403, 404, 409],
    },
  },
  'GET /lms/api/admin/course/workspace-course': {
    rule: 'the operator',
    ...OPERATOR,
    request: (f) => ({
      method: 'GET',
      url: `/lms/api/admin/course/workspace-course?workspaceId=${f.a.id}&pageNo=0`,
      host: f.t.config.platformHost,
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/course/workspace-course-credit/requests': {
    rule: 'the operator',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/admin/course/workspace-course-credit/requests',
      host: f.t.config.platformHost,
      payload: { workspaceId: f.a.id },
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/course/buy-credits/:id': {
    rule: 'the operator decides a PENDING request',
    ...OPERATOR,
    prepare: aCreditRequest,
    request: (f, p) => ({
      method: 'POST',
      url: `/lms/api/admin/course/buy-credits/${p.id}`,
      host: f.t.config.platformHost,
      payload: { decision: 'GRANT' },
    }),
    moreThanHeld: {
      as: 'adminA',
      why: 'a workspace admin granting its own request (credits come from the operator)',
      request: (_f, p) => ({
        method: 'POST',
        url: `/lms/api/admin/course/buy-credits/${p.id}`,
        payload: { decision: 'GRANT' },
      }),
      status: [401, 403, 404],
    },
  },
};

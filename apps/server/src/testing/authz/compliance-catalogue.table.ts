import type { AuthzFixture } from './fixture.ts';
import type { AuthzEntry, AuthzTable, NotApplicable, Prepared } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/**
 * The operator's compliance catalogue (issue 24): on the platform host, the PLATFORM_ADMIN only.
 * No workspace owns a category or an obligation; every workspace member is a lower role — A's
 * workspace admin, with its session on the platform host (401) and on its own host (404).
 */
const OPERATOR: Pick<AuthzEntry, 'as' | 'anotherWorkspace' | 'lowerRole' | 'unitAdminOutside'> = {
  as: 'operator',
  anotherWorkspace: na("operator data: no workspace's; every workspace member is the lower role below"),
  lowerRole: 'adminA',
  unitAdminOutside: na('operator data has no business unit'),
};
const GIVES_NOTHING = na('reads, or edits operator data; gives no workspace anything');

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

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

const aCategoryInput = () => ({ key: unique('AUTHZ.CAT'), name: { en: 'Authz category' } });

async function aCategory(f: AuthzFixture): Promise<Prepared> {
  const c = await asOperator(f, 'POST', '/admin/compliance-category/create', aCategoryInput());
  return { id: c.id };
}

/**
 * An obligation of Canada (the authz workspaces are Indian: no sync job is queued for them, so
 * refused requests are compared on a quiet queue), in a category of its own.
 */
const anObligationInput = (categoryId: string, key = unique('AUTHZ.OBL')) => ({
  key,
  categoryId,
  country: 'CA',
  jurisdictionId: null,
  law: 'Authz law',
  section: 's.1',
  title: { en: 'An authz obligation' },
  description: { en: 'Something the law asks.' },
  evidence: { en: 'A record of it.' },
  kind: 'ONE_TIME',
  recurrence: null,
  dueRule: { anchor: 'APPLIES_FROM', offset: 30, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: null },
  applicability: { minHeadcount: null, maxHeadcount: null, jurisdictionCodes: [] },
  scope: 'WORKSPACE',
  evidenceSource: 'NONE',
});

async function anObligation(f: AuthzFixture): Promise<Prepared> {
  const { id: categoryId } = await aCategory(f);
  const input = anObligationInput(categoryId!);
  const o = await asOperator(f, 'POST', '/admin/compliance/create', input);
  return { id: o.id, categoryId: categoryId!, key: input.key };
}

export const COMPLIANCE_CATALOGUE_ROUTES: AuthzTable = {
  'GET /lms/api/admin/compliance-category/all': {
    rule: 'the operator: the compliance categories',
    ...OPERATOR,
    request: (f) => ({
      method: 'GET',
      url: '/lms/api/admin/compliance-category/all?pageNo=0&sortBy=ADDED',
      host: f.t.config.platformHost,
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/compliance-category/create': {
    rule: 'the operator',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/admin/compliance-category/create',
      host: f.t.config.platformHost,
      payload: aCategoryInput(),
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/compliance-category/update': {
    rule: 'the operator',
    ...OPERATOR,
    prepare: aCategory,
    request: (f, p) => ({
      method: 'POST',
      url: '/lms/api/admin/compliance-category/update',
      host: f.t.config.platformHost,
      payload: { id: p.id, ...aCategoryInput() },
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'DELETE /lms/api/admin/compliance-category/delete': {
    rule: 'the operator, while no obligation is filed in it',
    ...OPERATOR,
    prepare: aCategory,
    request: (f, p) => ({
      method: 'DELETE',
      url: `/lms/api/admin/compliance-category/delete?id=${p.id}`,
      host: f.t.config.platformHost,
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/compliance/all': {
    rule: 'the operator: the catalogue of obligations',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/admin/compliance/all',
      host: f.t.config.platformHost,
      payload: { pageNo: 0, country: 'IN' },
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/compliance/create': {
    rule: 'the operator',
    ...OPERATOR,
    prepare: aCategory,
    request: (f, p) => ({
      method: 'POST',
      url: '/lms/api/admin/compliance/create',
      host: f.t.config.platformHost,
      payload: anObligationInput(p.id!),
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/admin/compliance/update/:id': {
    rule: 'the operator',
    ...OPERATOR,
    prepare: anObligation,
    request: (f, p) => ({
      method: 'POST',
      url: `/lms/api/admin/compliance/update/${p.id}`,
      host: f.t.config.platformHost,
      payload: { ...anObligationInput(p.categoryId!, p.key), section: 's.2' },
    }),
    moreThanHeld: GIVES_NOTHING,
  },
  'DELETE /lms/api/admin/compliance/delete/:id': {
    rule: 'the operator: deleted while unanswered, else retired',
    ...OPERATOR,
    prepare: anObligation,
    request: (f, p) => ({
      method: 'DELETE',
      url: `/lms/api/admin/compliance/delete/${p.id}`,
      host: f.t.config.platformHost,
    }),
    moreThanHeld: GIVES_NOTHING,
  },
};

/**
 * The bad-input table: every route of the three services and what input it takes. The generated cases
 * (`harness.ts`) run on one engine (PostgreSQL in CI: validation decides before any SQL), sharded by
 * module into the `*.once.test.ts` files beside this one so that they run in parallel; the route-table
 * test fails for a route that is served but missing here, or here but in no shard.
 */
import type { LightMyRequestResponse } from 'fastify';
import { aRegisterAnswer, aRegisterObligation, aRegisterOccurrence } from '../compliance-register.ts';
import { type AWorkspace, aMember } from '../factories.ts';

/** Who sends a route's requests: nobody in particular on a workspace's host, its workspace admin there, or the operator on the platform host. */
export type Caller = 'anonymous' | 'admin' | 'operator';
/** Sends a request to `route` as `caller` (the harness's own app and tokens). */
export type Send = (
  route: string,
  caller: Caller,
  opts?: { payload?: string; contentType?: string; url?: string },
) => Promise<LightMyRequestResponse>;

/** The body limit the harness's app is built with (so that an oversized body is cheap to send). */
export const BODY_LIMIT = 2048;
/** A well-formed id that names nothing. */
const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000';
/** A well-formed workspace host that no workspace is served at. */
const SOME_HOST = 'no-such-workspace.localhost:3000';

/** A catalogue obligation that passes validation (its category names nothing), with `over` laid on it (undefined: left out). */
function obligationBody(over: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = {
    key: 'BAD.INPUT.S4',
    categoryId: NO_SUCH_ID,
    country: 'IN',
    jurisdictionId: null,
    law: 'POSH Act',
    section: 's.4(1)',
    title: { en: 'Constitute the Internal Committee' },
    description: { en: 'A committee for each office of 10 or more.' },
    evidence: { en: 'The written order' },
    kind: 'ONE_TIME',
    recurrence: null,
    dueRule: { anchor: 'APPLIES_FROM', offset: 30, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: null },
    applicability: { minHeadcount: 10, maxHeadcount: null, jurisdictionCodes: [] },
    scope: 'UNIT',
    evidenceSource: 'COMMITTEE',
    ...over,
  };
  for (const [k, v] of Object.entries(body)) if (v === undefined) delete body[k];
  return body;
}

type BodyRoute = {
  caller: Caller;
  /** The URL to send to, for routes with path parameters. */
  url?: string;
  /** A body that passes validation; the oversized and NUL cases are built from it. */
  valid: Record<string, unknown>;
  /** Bodies with a field of the wrong type. */
  wrongTypes: Record<string, unknown>[];
  /** Bodies with a required field left out. */
  missing: Record<string, unknown>[];
};
export type RouteEntry =
  | { input: 'none'; caller: Caller }
  | { input: 'params'; caller: Caller }
  /**
   * A multipart file upload: refused when not multipart, empty, of the wrong type or too large.
   * `url` makes the URL to send to (a one-time upload URL); a refused upload must leave it usable.
   */
  | {
      input: 'upload';
      caller: Caller;
      maxBytes: number;
      /** `ws`: the harness's workspace, for records the API alone cannot make (members, a register's occurrences). */
      url?: (send: Send, ws: AWorkspace) => Promise<string>;
      /** Text fields sent with the file (made from the harness's workspace). */
      fields?: (ids: { workspaceId: string }) => Record<string, string>;
    }
  /** A file upload (multipart/form-data) with column-number fields (`mapped`) or without. */
  | {
      input: 'multipart';
      caller: Caller;
      mapped: boolean;
      url?: string;
      /** Text fields sent with the file (made from the harness's workspace). */
      fields?: (ids: { workspaceId: string }) => Record<string, string>;
    }
  | ({ input: 'body' } & BodyRoute);

/**
 * Every route of the three services, and what input it takes. A route added without an entry here
 * fails the first test, so that its bad input gets tested too.
 */
export const ROUTES: Record<string, RouteEntry> = {
  'POST /api/user/signin': {
    input: 'body',
    caller: 'anonymous',
    valid: { userEmail: 'nobody@example.test', userPassword: 'not-the-password' },
    wrongTypes: [
      { userEmail: 42, userPassword: 'x' },
      { userEmail: 'a@b.test', userPassword: ['x'] },
      { username: { name: 'x' }, userPassword: 'x' },
      { userEmail: 'a@b.test', userPassword: 'x', inviteCode: false },
    ],
    missing: [{}, { userEmail: 'a@b.test' }, { userPassword: 'x' }, { userEmail: 'a@b.test', userPassword: '' }],
  },
  'POST /api/user/signin-create-otp': {
    input: 'body',
    caller: 'anonymous',
    valid: { userEmail: 'nobody@example.test' },
    wrongTypes: [{ userEmail: 42 }, { userEmail: 'not-an-email' }, { userEmail: 'a@b.test', inviteCode: 7 }],
    missing: [{}, { inviteCode: 'x' }],
  },
  'POST /api/user/signin-verify-otp': {
    input: 'body',
    caller: 'anonymous',
    valid: { userEmail: 'nobody@example.test', userOtp: '123456' },
    wrongTypes: [
      { userEmail: 'a@b.test', userOtp: 123456 },
      { userEmail: 'a@b.test', userOtp: '12345' },
      { userEmail: 'a@b.test', userOtp: 'abcdef' },
      { userEmail: ['a@b.test'], userOtp: '123456' },
    ],
    missing: [{}, { userEmail: 'a@b.test' }, { userOtp: '123456' }],
  },
  'POST /api/user/signin-create-sms-otp': {
    input: 'body',
    caller: 'anonymous',
    valid: { contactNumber: '+919800000001' },
    wrongTypes: [{ contactNumber: 919800000001 }, { contactNumber: '98000' }, { contactNumber: '+91 abc' }],
    missing: [{}],
  },
  'POST /api/user/signin-verify-sms-otp': {
    input: 'body',
    caller: 'anonymous',
    valid: { contactNumber: '+919800000001', userOtp: '123456' },
    wrongTypes: [
      { contactNumber: '+919800000001', userOtp: 1 },
      { contactNumber: 'phone', userOtp: '123456' },
    ],
    missing: [{}, { contactNumber: '+919800000001' }, { userOtp: '123456' }],
  },
  'POST /api/user/forgot-password': {
    input: 'body',
    caller: 'anonymous',
    valid: { userEmail: 'nobody@example.test' },
    wrongTypes: [{ userEmail: true }, { userEmail: 'nobody' }],
    missing: [{}],
  },
  'POST /api/user/reset-password': {
    input: 'body',
    caller: 'anonymous',
    valid: { userEmail: 'nobody@example.test', userNewPassword: 'a long new secret', confirmationCode: '123456' },
    wrongTypes: [
      { userEmail: 'nobody@example.test', userNewPassword: 'short', confirmationCode: '123456' },
      { userEmail: 'nobody@example.test', userNewPassword: 'x'.repeat(129), confirmationCode: '123456' },
      { userEmail: 'nobody@example.test', userNewPassword: 'a long new secret', confirmationCode: 123456 },
      { userEmail: 5, userNewPassword: 'a long new secret', confirmationCode: '123456' },
    ],
    missing: [
      {},
      { userEmail: 'nobody@example.test', userNewPassword: 'a long new secret' },
      { userEmail: 'nobody@example.test', confirmationCode: '123456' },
      { userNewPassword: 'a long new secret', confirmationCode: '123456' },
    ],
  },
  'POST /api/user/resend/confirmation-email': {
    input: 'body',
    caller: 'anonymous',
    valid: { userEmail: 'nobody@example.test' },
    wrongTypes: [{ userEmail: {} }],
    missing: [{}],
  },
  'GET /api/user/confirm-email/:code': { input: 'params', caller: 'anonymous' },
  'PUT /api/user': {
    input: 'body',
    caller: 'operator',
    valid: { firstName: 'Platform', lastName: 'Operator' },
    wrongTypes: [
      { firstName: 1, lastName: 'x' },
      { firstName: 'x', lastName: 'y'.repeat(101) },
      { firstName: '   ', lastName: 'Operator' },
    ],
    // A last name is optional (one name only is common in India).
    missing: [{}, { lastName: 'y' }],
  },
  'POST /api/user/change-password': {
    input: 'body',
    caller: 'operator',
    valid: { currentPassword: 'not-the-password', userNewPassword: 'a long new secret' },
    wrongTypes: [
      { currentPassword: 1, userNewPassword: 'a long new secret' },
      { currentPassword: 'x', userNewPassword: 'short' },
    ],
    missing: [{}, { currentPassword: 'x' }, { userNewPassword: 'a long new secret' }],
  },
  'POST /api/user/:id/one-time-password': { input: 'params', caller: 'admin' },
  'POST /api/user/change-first-login': {
    input: 'body',
    caller: 'operator',
    valid: { userNewPassword: 'a long new secret' },
    wrongTypes: [{ userNewPassword: 12345678 }, { userNewPassword: 'short' }],
    missing: [{}],
  },
  'GET /api/invite/claim/:code': { input: 'params', caller: 'anonymous' },
  'POST /api/invite/claim/:code': {
    input: 'body',
    caller: 'anonymous',
    url: '/api/invite/claim/no-such-invitation-code',
    valid: { firstName: 'A', lastName: 'B', userPassword: 'a long new secret' },
    wrongTypes: [
      { firstName: 1, lastName: 'B', userPassword: 'a long new secret' },
      { firstName: 'A', lastName: 'B', userOtp: 'abc' },
      { firstName: 'A', lastName: 'B', userPassword: 'a long new secret', userOtp: '123456' },
    ],
    missing: [{}, { firstName: 'A', lastName: 'B' }],
  },
  'POST /api/invite/request-new/:code': { input: 'params', caller: 'anonymous' },
  'POST /api/session/handoff': {
    input: 'body',
    caller: 'operator',
    valid: { workspaceId: '00000000-0000-4000-8000-000000000000' },
    wrongTypes: [{ workspaceId: 'acme' }, { workspaceId: 12 }],
    missing: [{}],
  },
  'GET /api/session/get/:id': { input: 'params', caller: 'anonymous' },
  'GET /api/user/details': { input: 'none', caller: 'anonymous' },
  'POST /api/invite/user/:branchId': {
    input: 'body',
    caller: 'admin',
    url: '/api/invite/user/00000000-0000-4000-8000-000000000000',
    valid: { email: 'someone@example.test', firstName: 'Some' },
    wrongTypes: [
      { email: 'not-an-email', firstName: 'Some' },
      { email: 'a@b.test', firstName: 7 },
      { email: 'a@b.test', firstName: 'Some', role: 'KING' },
      { email: 'a@b.test', firstName: 'Some', dateOfJoining: '21/11/2026' },
      { email: 'a@b.test', firstName: 'Some', departmentId: 'sales' },
    ],
    missing: [{}, { firstName: 'Some' }, { email: 'a@b.test' }],
  },
  'POST /api/invite/branch/:id': {
    input: 'body',
    caller: 'admin',
    url: '/api/invite/branch/00000000-0000-4000-8000-000000000000',
    valid: { status: 'UNUSED' },
    wrongTypes: [{ status: 'SOMETIMES' }, { searchText: 5 }],
    missing: [],
  },
  'POST /api/invite/all': {
    input: 'body',
    caller: 'admin',
    url: '/api/invite/all?pageNo=0&pageSize=20',
    valid: { status: 'UNUSED' },
    wrongTypes: [{ status: 'SOMETIMES' }, { searchText: 5 }],
    missing: [],
  },
  'GET /api/invite/resend/:a/:b': { input: 'params', caller: 'admin' },
  'POST /api/invite/resend/bulk': {
    input: 'body',
    caller: 'admin',
    valid: { invitationIds: ['00000000-0000-4000-8000-000000000000'] },
    wrongTypes: [{ invitationIds: 'all' }, { invitationIds: ['x'] }, { invitationIds: [] }],
    missing: [{}],
  },
  'POST /api/invite/resend/unused/all': { input: 'none', caller: 'admin' },
  'GET /api/invite/unused/count': { input: 'none', caller: 'admin' },
  'DELETE /api/invite/:a/:b': { input: 'params', caller: 'admin' },
  'POST /api/invite/bulk/file/mappings': { input: 'multipart', caller: 'admin', mapped: false },
  'POST /api/invite/bulk/validate': { input: 'multipart', caller: 'admin', mapped: true },
  'POST /api/invite/bulk': { input: 'multipart', caller: 'admin', mapped: true },
  'POST /api/invite/download/bulk/detailed-report': { input: 'multipart', caller: 'admin', mapped: true },
  'POST /api/invite/bulk/rows-to-fix': { input: 'multipart', caller: 'admin', mapped: true },
  'GET /api/invite/bulk/template': { input: 'none', caller: 'admin' },
  // Dry runs, so that the valid upload below changes nothing (the workspace's bulk sign-up is switched on for them).
  'POST /api/user/create/bulk': {
    input: 'multipart',
    caller: 'admin',
    mapped: true,
    url: '/api/user/create/bulk?dryRun=true',
  },
  'POST /api/user/delete/bulk/file': {
    input: 'multipart',
    caller: 'admin',
    mapped: false,
    url: '/api/user/delete/bulk/file?dryRun=true',
  },
  'GET /api/template': { input: 'none', caller: 'admin' },
  'POST /api/template': {
    input: 'body',
    caller: 'admin',
    valid: { subject: 'Hello', bodyText: 'Sign up here: {{link}}' },
    wrongTypes: [
      { subject: 'Hello', bodyText: 'No link in this text at all' },
      { subject: 1, bodyText: 'Sign up here: {{link}}' },
      { subject: 'Hello', bodyText: 'Sign up here: {{link}}', kind: 'REMINDER' },
    ],
    missing: [{}, { subject: 'Hello' }, { bodyText: 'Sign up here: {{link}}' }],
  },
  'GET /api/user/sign-out': { input: 'none', caller: 'anonymous' },
  'GET /api/auth/oidc/:provider/start': { input: 'params', caller: 'anonymous' },
  'GET /api/auth/oidc/callback': { input: 'none', caller: 'anonymous' },
  'GET /api/workspace/company-profile/:host': { input: 'params', caller: 'anonymous' },
  'GET /api/app-config': { input: 'none', caller: 'anonymous' },
  'GET /api/workspace/settings': { input: 'none', caller: 'admin' },
  'PUT /api/workspace/settings': {
    input: 'body',
    caller: 'admin',
    valid: { backgroundColor: '1F6FEB' },
    wrongTypes: [
      { backgroundColor: 0x1f6feb },
      { backgroundColor: '#1F6FEB' },
      { bulkSignUpEnabled: 'yes' },
      { whiteLabel: { lms: 'off' } },
      { whiteLabel: true },
      { whiteLabel: { crm: false } },
      { concernedAuthority: { name: 'A', designation: null, email: 7, phone: null } },
      { concernedAuthority: { name: 'A', designation: null, email: null, phone: 919812345678 } },
      { adminIpRanges: '203.0.113.0/24' },
      { adminIpRanges: ['203.0.113.0/33'] },
      { adminIpRanges: [24] },
    ],
    missing: [{ concernedAuthority: { name: 'A', designation: null } }],
  },
  'GET /api/workspace/bulk-signup-setting': { input: 'none', caller: 'admin' },
  'GET /api/workspace/concerned-authority': { input: 'none', caller: 'admin' },
  'GET /api/workspace/overview': { input: 'none', caller: 'admin' },
  'POST /api/workspace/logo': { input: 'upload', caller: 'admin', maxBytes: 2 * 1_048_576 },
  'DELETE /api/workspace/logo': { input: 'none', caller: 'admin' },
  'GET /api/workspace/logo/:workspaceId/:name': { input: 'params', caller: 'anonymous' },
  'GET /api/feature-flags': { input: 'none', caller: 'operator' },
  'POST /api/feature-flags': {
    input: 'body',
    caller: 'operator',
    valid: { key: 'bad-input-probe', value: 'true' },
    wrongTypes: [
      { key: 7, value: 'true' },
      { key: 'probe', value: true },
      { key: 'probe', value: 'yes' },
      { key: 'Not A Key!', value: 'true' },
    ],
    missing: [{}, { key: 'probe' }, { value: 'true' }],
  },
  'PUT /api/feature-flags': {
    input: 'body',
    caller: 'operator',
    valid: { key: 'no-such-flag', value: 'false' },
    wrongTypes: [
      { key: ['maintenance'], value: 'true' },
      { key: 'maintenance', value: 1 },
      { key: '   ', value: 'true' },
    ],
    missing: [{}, { key: 'maintenance' }, { value: 'false' }],
  },
  'PUT /api/feature-flags/workspaces': {
    input: 'body',
    caller: 'operator',
    valid: { key: 'no-such-flag', workspaceUrls: [SOME_HOST] },
    wrongTypes: [
      { key: 'maintenance', workspaceUrls: SOME_HOST },
      { key: 'maintenance', workspaceUrls: [1, 2] },
      { key: 'maintenance', workspaceUrls: [''] },
      { key: null, workspaceUrls: [] },
    ],
    missing: [{}, { key: 'maintenance' }, { workspaceUrls: [] }],
  },
  'GET /api/navigation/v3': { input: 'none', caller: 'anonymous' },
  'GET /api/navigation/v2': { input: 'none', caller: 'anonymous' },
  // Business units and departments (issue 4). Ids that exist nowhere: a valid body reaches the service and gets a 404.
  'GET /api/workspace/all-branches1': { input: 'none', caller: 'admin' },
  'POST /api/workspace/create-branch': {
    input: 'body',
    caller: 'admin',
    valid: { branchName: 'Bad Input Unit', backgroundColor: '112233', branchLogo: null },
    wrongTypes: [
      { branchName: 7, backgroundColor: '112233' },
      { branchName: 'X', backgroundColor: '#112233' },
      { branchName: 'X', backgroundColor: 'GGGGGG' },
      { branchName: 'X', backgroundColor: '112233', branchLogo: 'ftp://x.test/logo.png' },
      { branchName: 'X', backgroundColor: '112233', headquarter: 'yes' },
      { branchName: 'x'.repeat(101), backgroundColor: '112233' },
    ],
    missing: [{}, { branchName: 'X' }, { backgroundColor: '112233' }, { branchName: '   ', backgroundColor: '112233' }],
  },
  'POST /api/workspace/update-branch/:id': {
    input: 'body',
    caller: 'admin',
    url: `/api/workspace/update-branch/${NO_SUCH_ID}`,
    valid: { branchName: 'Bad Input Unit', backgroundColor: '112233' },
    wrongTypes: [
      { branchName: ['X'], backgroundColor: '112233' },
      { branchName: 'X', backgroundColor: 112233 },
    ],
    missing: [{}, { branchName: 'X' }],
  },
  'POST /api/workspace/delete-branch': {
    input: 'body',
    caller: 'admin',
    valid: { branchIds: [NO_SUCH_ID] },
    wrongTypes: [{ branchIds: ['not-a-uuid'] }, { branchIds: NO_SUCH_ID }],
    missing: [{}, { branchIds: [] }],
  },
  'PUT /api/workspace/branch/:id/bg-color/:hex': { input: 'params', caller: 'admin' },
  'PUT /api/workspace/bg-color/:hex': { input: 'params', caller: 'admin' },
  'POST /api/workspace/branch/:id/logo': {
    input: 'upload',
    caller: 'admin',
    maxBytes: 2 * 1_048_576,
    url: async (send) => {
      const res = await send('GET /api/workspace/all-branches1', 'admin', {});
      return `/api/workspace/branch/${res.json().content[0].branchId}/logo`;
    },
  },
  'DELETE /api/workspace/branch/:id/logo': { input: 'params', caller: 'admin' },
  'POST /api/department/list': {
    input: 'body',
    caller: 'admin',
    valid: { branchId: NO_SUCH_ID, showAll: false },
    wrongTypes: [{ branchId: 'Mumbai' }, { showAll: 'yes' }],
    missing: [],
  },
  'POST /api/department': {
    input: 'body',
    caller: 'admin',
    valid: { departmentName: 'Bad Input Department', branchId: NO_SUCH_ID, allBranch: false },
    wrongTypes: [
      { departmentName: 1, branchId: NO_SUCH_ID },
      { departmentName: 'X', branchId: 'Mumbai' },
      { departmentName: 'X', allBranch: 'true' },
    ],
    missing: [{}, { departmentName: 'X' }, { departmentName: 'X', allBranch: false }, { branchId: NO_SUCH_ID }],
  },
  'POST /api/department/update/:id': {
    input: 'body',
    caller: 'admin',
    url: `/api/department/update/${NO_SUCH_ID}`,
    valid: { departmentName: 'Bad Input Department', departmentId: NO_SUCH_ID },
    wrongTypes: [
      { departmentId: 5, departmentName: 'X' },
      { departmentId: NO_SUCH_ID, departmentName: {} },
    ],
    missing: [{}, { departmentId: NO_SUCH_ID }, { departmentName: 'X' }],
  },
  'POST /api/department/delete': {
    input: 'body',
    caller: 'admin',
    valid: { departmentBranches: [{ departmentId: NO_SUCH_ID, branchId: NO_SUCH_ID }] },
    wrongTypes: [{ departmentBranches: [{ departmentId: 'x', branchId: NO_SUCH_ID }] }, { departmentBranches: 'all' }],
    missing: [{}, { departmentBranches: [] }, { departmentBranches: [{ departmentId: NO_SUCH_ID }] }],
  },
  'POST /api/department/:id/manager': {
    input: 'body',
    caller: 'admin',
    url: `/api/department/${NO_SUCH_ID}/manager`,
    valid: { role: 'MANAGER', userId: NO_SUCH_ID },
    wrongTypes: [
      { userId: 'someone', role: 'MANAGER' },
      { userId: NO_SUCH_ID, role: 'manager of all' },
      { userId: NO_SUCH_ID, role: 3 },
    ],
    missing: [{}, { role: 'MANAGER' }],
  },
  'GET /api/department/:id/managers': { input: 'params', caller: 'admin' },
  'DELETE /api/department/:id/manager/:userId': { input: 'params', caller: 'admin' },
  'GET /api/department/:id/manager-candidates': { input: 'params', caller: 'admin' },
  'GET /api/workspace/users/stats': { input: 'params', caller: 'admin' },
  'GET /api/workspace/users/filter-options': { input: 'params', caller: 'admin' },
  'POST /api/workspace/users': {
    input: 'body',
    caller: 'admin',
    url: '/api/workspace/users?pageNo=0&pageSize=20',
    valid: { status: 'ALL' },
    wrongTypes: [{ status: 'GONE' }, { branchId: 'mumbai' }, { role: 'KING' }, { departmentId: 7 }],
    missing: [],
  },
  'POST /api/workspace/users/search': {
    input: 'body',
    caller: 'admin',
    url: '/api/workspace/users/search?pageNo=0&pageSize=20',
    valid: { searchText: 'acme' },
    wrongTypes: [{ searchText: 42 }, { searchText: 'x'.repeat(101) }, { searchText: 'a', status: true }],
    missing: [{}, { status: 'ALL' }],
  },
  'POST /api/workspace/users/export': {
    input: 'body',
    caller: 'admin',
    url: '/api/workspace/users/export?format=csv',
    valid: { searchText: 'acme' },
    wrongTypes: [{ searchText: 42 }, { searchText: 'x'.repeat(101) }, { searchText: 'a', status: true }],
    missing: [{}, { status: 'ALL' }],
  },
  'POST /api/user/search': {
    input: 'body',
    caller: 'admin',
    valid: { category: 'NAME', searchText: 'acme', includeNonActive: true },
    wrongTypes: [
      { category: 'SHOE_SIZE', searchText: 'a' },
      { category: 'NAME', searchText: ['a'] },
      { category: 'NAME', searchText: 'a', includeNonActive: 'yes' },
    ],
    missing: [{}, { category: 'NAME' }, { searchText: 'a' }],
  },
  'POST /api/user/update/:id': {
    input: 'body',
    caller: 'admin',
    url: '/api/user/update/00000000-0000-4000-8000-000000000000',
    valid: { designation: 'Engineer' },
    wrongTypes: [
      { role: 'OWNER' },
      { contactNumber: '1'.repeat(40) },
      { dateOfJoining: '01/04/2024' },
      { active: 'no' },
      { firstName: '   ' },
      { branchId: 'hq' },
    ],
    missing: [],
  },
  'POST /api/admin/update-user': {
    input: 'body',
    caller: 'admin',
    valid: { userId: '00000000-0000-4000-8000-000000000000', designation: 'Engineer' },
    wrongTypes: [
      { userId: 'me', designation: 'x' },
      { userId: '00000000-0000-4000-8000-000000000000', dateOfJoining: '2024-13-45' },
    ],
    missing: [{}, { designation: 'Engineer' }],
  },
  'DELETE /api/user/:id': { input: 'params', caller: 'admin' },
  'POST /api/user/generate-profile-image-upload-url': {
    input: 'body',
    caller: 'admin',
    valid: { userId: NO_SUCH_ID },
    wrongTypes: [{ userId: 'me' }, { userId: 7 }, { userId: [NO_SUCH_ID] }, { userId: NO_SUCH_ID, file: 'a.png' }],
    missing: [],
  },
  'PUT /api/user/profile-image-upload/:token': {
    input: 'upload',
    caller: 'admin',
    maxBytes: 5 * 1_048_576,
    url: async (send) => {
      const res = await send('POST /api/user/generate-profile-image-upload-url', 'admin', {
        payload: '{}',
        contentType: 'application/json',
      });
      return res.json().uploadUrl as string;
    },
  },
  'DELETE /api/user/profile-image/:userId': { input: 'params', caller: 'admin' },
  'POST /api/user/delete/bulk': {
    input: 'body',
    caller: 'admin',
    valid: { ids: ['00000000-0000-4000-8000-000000000000'] },
    wrongTypes: [{ ids: '00000000-0000-4000-8000-000000000000' }, { ids: ['not-a-uuid'] }, { ids: [1] }],
    missing: [{}, { ids: [] }],
  },
  'GET /api/permission/all': { input: 'none', caller: 'admin' },
  'POST /api/audit': {
    input: 'body',
    caller: 'admin',
    valid: { person: 'priya', action: 'user.updated', from: '2026-03-01', to: '2026-03-31' },
    wrongTypes: [{ person: 5 }, { from: '1 March' }, { action: ['user.updated'] }],
    missing: [],
  },
  'GET /api/audit/export': { input: 'none', caller: 'admin' },
  'POST /api/permission/update': {
    input: 'body',
    caller: 'admin',
    valid: { role: 'WORKSPACE_ADMIN', permission: 'permissions.manage', granted: true },
    wrongTypes: [
      { role: 'KING', permission: 'reports.view', granted: true },
      { role: 'EMPLOYEE', permission: 'reports.view', granted: 'yes' },
      { role: 'EMPLOYEE', permission: 5, granted: true },
    ],
    missing: [{}, { role: 'EMPLOYEE', permission: 'reports.view' }, { role: 'EMPLOYEE', granted: true }],
  },
  // Learning: courses (issue 13)
  'POST /lms/api/admin/course/create': {
    input: 'body',
    caller: 'operator',
    valid: { title: 'Course', primaryLanguage: 'en', languages: ['hi'] },
    wrongTypes: [
      { title: 5, primaryLanguage: 'en' },
      { title: 'x', primaryLanguage: 'de' },
      { title: 'x', primaryLanguage: 'en', languages: 'hi' },
      { title: 'x', primaryLanguage: 'en', jurisdictionIds: ['IN'] },
    ],
    missing: [{}, { title: 'x' }, { primaryLanguage: 'en' }],
  },
  'POST /lms/api/admin/course/all': {
    input: 'body',
    caller: 'operator',
    valid: { pageNo: 0, search: 'posh' },
    wrongTypes: [{ pageNo: -1 }, { pageSize: 'ten' }, { owner: 'MINE' }],
    missing: [],
  },
  'GET /lms/api/admin/course/supported-languages': { input: 'none', caller: 'operator' },
  'POST /lms/api/course/create': {
    input: 'body',
    caller: 'admin',
    valid: { title: 'Course', primaryLanguage: 'en' },
    wrongTypes: [
      { title: ['x'], primaryLanguage: 'en' },
      { title: 'x', primaryLanguage: 'EN' },
    ],
    missing: [{}, { title: 'x' }],
  },
  'POST /lms/api/course/all': {
    input: 'body',
    caller: 'admin',
    valid: { pageNo: 0, pageSize: 20, owner: 'OWN' },
    wrongTypes: [{ pageNo: 'first' }, { status: 'LIVE' }, { language: 'de' }],
    missing: [],
  },
  'GET /lms/api/course/details/:id': { input: 'params', caller: 'admin' },
  'POST /lms/api/course/update/:id': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/course/update/${NO_SUCH_ID}`,
    valid: { language: 'en', title: 'New title' },
    wrongTypes: [
      { language: 'en', title: 5 },
      { language: 'xx', title: 'x' },
      { language: 'en', jurisdictionIds: 'IN' },
    ],
    missing: [{}, { title: 'x' }],
  },
  'POST /lms/api/course/clone': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID },
    wrongTypes: [{ courseId: 'course-1' }, { courseId: NO_SUCH_ID, title: 7 }],
    missing: [{}, { title: 'copy' }],
  },
  'DELETE /lms/api/course/delete/:id': { input: 'params', caller: 'admin' },
  'POST /lms/api/course/publish/:id': { input: 'params', caller: 'admin' },
  'GET /lms/api/course/supported-languages': { input: 'none', caller: 'admin' },
  'POST /lms/api/course/language': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, languages: ['en', 'hi'] },
    wrongTypes: [
      { courseId: NO_SUCH_ID, languages: ['klingon'] },
      { courseId: NO_SUCH_ID, languages: 'hi' },
    ],
    missing: [{}, { courseId: NO_SUCH_ID }, { courseId: NO_SUCH_ID, languages: [] }],
  },
  'POST /lms/api/course/:id/language/:lang/default': { input: 'params', caller: 'admin' },
  'POST /lms/api/course/:id/content/reorder': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/course/${NO_SUCH_ID}/content/reorder`,
    valid: { itemIds: [NO_SUCH_ID] },
    wrongTypes: [{ itemIds: NO_SUCH_ID }, { itemIds: ['item-1'] }],
    missing: [{}, { itemIds: [] }],
  },
  // Learning: jurisdictions, availability and credits (WP5)
  'GET /lms/api/admin/jurisdiction/all': { input: 'none', caller: 'operator' },
  'GET /lms/api/jurisdiction/all': { input: 'none', caller: 'admin' },
  'POST /lms/api/admin/jurisdiction/create': {
    input: 'body',
    caller: 'operator',
    valid: { code: 'BAD-INPUT-1', name: 'Bad input one', country: 'IN' },
    wrongTypes: [
      { code: 5, name: 'x', country: 'IN' },
      { code: 'has space', name: 'x', country: 'IN' },
      { code: 'OK', name: 'x', country: 'IND' },
      { code: 'OK', name: 'x', country: 'IN', parentId: 'nope' },
    ],
    missing: [{}, { code: 'OK', country: 'IN' }, { code: 'OK', name: 'x' }, { name: 'x', country: 'IN' }],
  },
  'POST /lms/api/admin/jurisdiction/update/:id': {
    input: 'body',
    caller: 'operator',
    url: `/lms/api/admin/jurisdiction/update/${NO_SUCH_ID}`,
    valid: { code: 'BAD-INPUT-2', name: 'Bad input two', country: 'IN' },
    wrongTypes: [{ code: 'OK', name: ['x'], country: 'IN' }],
    missing: [{}, { code: 'OK', name: 'x' }],
  },
  'DELETE /lms/api/admin/jurisdiction/delete/:id': { input: 'params', caller: 'operator' },
  'POST /lms/api/admin/course/workspace-course': {
    input: 'body',
    caller: 'operator',
    valid: { workspaceId: NO_SUCH_ID, courseId: NO_SUCH_ID, enabled: true },
    wrongTypes: [
      { workspaceId: 'x', courseId: NO_SUCH_ID, enabled: true },
      { workspaceId: NO_SUCH_ID, courseId: NO_SUCH_ID, enabled: 'yes' },
    ],
    missing: [{}, { workspaceId: NO_SUCH_ID, courseId: NO_SUCH_ID }],
  },
  'GET /lms/api/admin/course/workspace-course': { input: 'none', caller: 'operator' },
  'POST /lms/api/workspace-course-credit/request-credits': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, quantity: 5 },
    wrongTypes: [
      { courseId: NO_SUCH_ID, quantity: 0 },
      { courseId: NO_SUCH_ID, quantity: 10_001 },
      { courseId: NO_SUCH_ID, quantity: 1.5 },
      { courseId: 'x', quantity: 5 },
      { courseId: NO_SUCH_ID, quantity: 5, note: 'x'.repeat(501) },
    ],
    missing: [{}, { courseId: NO_SUCH_ID }, { quantity: 5 }],
  },
  'POST /lms/api/admin/course/workspace-course-credit/requests': {
    input: 'body',
    caller: 'operator',
    valid: { pageNo: 0, status: 'PENDING' },
    wrongTypes: [{ pageNo: -1 }, { status: 'OPEN' }, { workspaceId: 'x' }],
    missing: [],
  },
  'POST /lms/api/admin/course/buy-credits/:id': {
    input: 'body',
    caller: 'operator',
    url: `/lms/api/admin/course/buy-credits/${NO_SUCH_ID}`,
    valid: { decision: 'GRANT', quantity: 5 },
    wrongTypes: [{ decision: 'MAYBE' }, { decision: 'GRANT', quantity: 0 }, { decision: 'REJECT', quantity: 5 }],
    missing: [{}, { quantity: 5 }],
  },
  'GET /lms/api/course/credits/requests/:id': { input: 'params', caller: 'admin' },
  'GET /lms/api/course/credits/credited/:id': { input: 'params', caller: 'admin' },
  // Auto-assign rules and recurring training (issue 14).
  'GET /lms/api/course/autoAssign': { input: 'none', caller: 'admin' },
  'POST /lms/api/course/autoAssign': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, dueDays: 30, enabled: true },
    wrongTypes: [
      { courseId: 'x', dueDays: 30, enabled: true },
      { courseId: NO_SUCH_ID, dueDays: 0, enabled: true },
      { courseId: NO_SUCH_ID, dueDays: 30, enabled: 'yes' },
      { courseId: NO_SUCH_ID, dueDays: 30, enabled: true, startJoiningDate: '2030-13' },
      {
        courseId: NO_SUCH_ID,
        dueDays: 30,
        enabled: true,
        startJoiningDate: '2030-02-01',
        endJoiningDate: '2030-01-01',
      },
    ],
    missing: [{}, { courseId: NO_SUCH_ID, enabled: true }, { courseId: NO_SUCH_ID, dueDays: 30 }],
  },
  'POST /lms/api/course/auto/reset': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID },
    wrongTypes: [{ courseId: 5 }, { courseId: 'x' }],
    missing: [{}],
  },
  'GET /lms/api/course/:id/recurrence': { input: 'params', caller: 'admin' },
  'GET /lms/api/course/:id/higher-risk': { input: 'params', caller: 'admin' },
  'PUT /lms/api/course/:id/higher-risk': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/course/${NO_SUCH_ID}/higher-risk`,
    valid: { departmentIds: [] },
    wrongTypes: [{ departmentIds: ['x'] }, { departmentIds: NO_SUCH_ID }],
    missing: [{}],
  },
  'PUT /lms/api/course/:id/recurrence': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/course/${NO_SUCH_ID}/recurrence`,
    valid: { recurrenceMonths: 36, recurrenceDueDays: 30, expiryNoticeDays: 30, retrainOnUpdate: false },
    wrongTypes: [
      { recurrenceMonths: 0, recurrenceDueDays: 30, expiryNoticeDays: 30, retrainOnUpdate: false },
      { recurrenceMonths: 36, recurrenceDueDays: 366, expiryNoticeDays: 30, retrainOnUpdate: false },
      { recurrenceMonths: 36, recurrenceDueDays: 30, expiryNoticeDays: -1, retrainOnUpdate: false },
      { recurrenceMonths: '36', recurrenceDueDays: 30, expiryNoticeDays: 30, retrainOnUpdate: false },
    ],
    missing: [{}, { recurrenceMonths: 36, recurrenceDueDays: 30, expiryNoticeDays: 30 }],
  },
  'POST /lms/api/course/reassign': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, userIds: [NO_SUCH_ID] },
    wrongTypes: [
      { courseId: NO_SUCH_ID, userIds: [] },
      { courseId: NO_SUCH_ID, userIds: ['x'] },
      { courseId: NO_SUCH_ID, userIds: NO_SUCH_ID },
    ],
    missing: [{}, { courseId: NO_SUCH_ID }, { userIds: [NO_SUCH_ID] }],
  },
  'GET /lms/api/course/enrolment/:enrolmentId/cycles': { input: 'params', caller: 'admin' },
  // Assigning courses and following learners (issue 14). The file upload's bad files are tested in
  // services/lms/assignments/assignments.test.ts (it needs a course list besides the file).
  'POST /lms/api/course/bulk-add-users': { input: 'none', caller: 'admin' },
  'POST /lms/api/course/assign-course-to-users': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, userIds: [NO_SUCH_ID], dueDate: '2099-01-31' },
    wrongTypes: [
      { courseId: 'x', userIds: [NO_SUCH_ID] },
      { courseId: NO_SUCH_ID, userIds: NO_SUCH_ID },
      { courseId: NO_SUCH_ID, userIds: ['someone'] },
      { courseId: NO_SUCH_ID, userIds: [NO_SUCH_ID], dueDate: '31/01/2099' },
    ],
    missing: [{}, { courseId: NO_SUCH_ID }, { userIds: [NO_SUCH_ID] }, { courseId: NO_SUCH_ID, userIds: [] }],
  },
  'POST /lms/api/course/add-users': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, startJoiningDate: '2020-01-01', endJoiningDate: '2024-12-31', dryRun: true },
    wrongTypes: [
      { courseId: NO_SUCH_ID, branchId: 'x' },
      { courseId: NO_SUCH_ID, startJoiningDate: '2020-1-1' },
      { courseId: NO_SUCH_ID, dryRun: 'yes' },
      { courseId: NO_SUCH_ID, userIds: [5] },
    ],
    missing: [{}, { dryRun: true }],
  },
  'POST /lms/api/course/unassign': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, userIds: [NO_SUCH_ID] },
    wrongTypes: [
      { courseId: NO_SUCH_ID, userIds: 'x' },
      { courseId: 5, userIds: [NO_SUCH_ID] },
    ],
    missing: [{}, { courseId: NO_SUCH_ID }, { courseId: NO_SUCH_ID, userIds: [] }],
  },
  'POST /lms/api/course/members': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, pageNo: 0, search: 'asha', status: 'OVERDUE' },
    wrongTypes: [
      { courseId: NO_SUCH_ID, pageNo: -1 },
      { courseId: NO_SUCH_ID, status: 'LATE' },
      { courseId: NO_SUCH_ID, search: 'x'.repeat(101) },
      { courseId: NO_SUCH_ID, branchId: 'x' },
    ],
    missing: [{}],
  },
  'GET /lms/api/course/members/export': { input: 'none', caller: 'admin' },
  'POST /lms/api/course/users': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, pageNo: 0, search: 'asha' },
    wrongTypes: [
      { courseId: NO_SUCH_ID, departmentId: 'x' },
      { courseId: NO_SUCH_ID, pageNo: 'first' },
    ],
    missing: [{}],
  },
  'POST /lms/api/course/attempts/exceeded': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, pageNo: 0 },
    wrongTypes: [
      { courseId: 'x', pageNo: 0 },
      { courseId: NO_SUCH_ID, pageNo: -1 },
    ],
    missing: [{}],
  },
  'GET /lms/api/course/user-attempts': { input: 'none', caller: 'admin' },
  'POST /lms/api/course/increase/user-attempts': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, userId: NO_SUCH_ID, itemId: NO_SUCH_ID, count: 2 },
    wrongTypes: [
      { courseId: NO_SUCH_ID, userId: NO_SUCH_ID, itemId: NO_SUCH_ID, count: 0 },
      { courseId: NO_SUCH_ID, userId: NO_SUCH_ID, itemId: NO_SUCH_ID, count: 11 },
      { courseId: NO_SUCH_ID, userId: NO_SUCH_ID, itemId: NO_SUCH_ID, count: 1.5 },
      { courseId: NO_SUCH_ID, userId: 'x', itemId: NO_SUCH_ID, count: 1 },
    ],
    missing: [{}, { courseId: NO_SUCH_ID, userId: NO_SUCH_ID, itemId: NO_SUCH_ID }],
  },
  'GET /lms/api/workspace-course/all/brief': { input: 'none', caller: 'admin' },
  // The learner's side (issue 14): the caller's own enrolments.
  'GET /lms/api/workspace-course/stats': { input: 'none', caller: 'admin' },
  'POST /lms/api/workspace-course/courses': {
    input: 'body',
    caller: 'admin',
    valid: { pageNo: 0, status: 'OVERDUE' },
    wrongTypes: [{ pageNo: -1 }, { pageNo: 0, status: 'LATE' }, { pageNo: '0' }, { pageNo: 0, language: 'xx' }],
    missing: [],
  },
  'GET /lms/api/workspace-course/metadata/:enrolmentId': { input: 'params', caller: 'admin' },
  'GET /lms/api/user-course-content/lesson/:itemId': { input: 'params', caller: 'admin' },
  'POST /lms/api/user-course-content/video-progress': {
    input: 'body',
    caller: 'admin',
    valid: { enrolmentId: NO_SUCH_ID, blockId: NO_SUCH_ID, duration: 100, position: 5, from: 0, to: 5 },
    wrongTypes: [
      { enrolmentId: 'x', blockId: NO_SUCH_ID, duration: 100, position: 5, from: 0, to: 5 },
      { enrolmentId: NO_SUCH_ID, blockId: NO_SUCH_ID, duration: 0, position: 5, from: 0, to: 5 },
      { enrolmentId: NO_SUCH_ID, blockId: NO_SUCH_ID, duration: 100_000, position: 5, from: 0, to: 5 },
      { enrolmentId: NO_SUCH_ID, blockId: NO_SUCH_ID, duration: 100, position: -1, from: 0, to: 5 },
      { enrolmentId: NO_SUCH_ID, blockId: NO_SUCH_ID, duration: 100, position: 5, from: '0', to: 5 },
    ],
    missing: [{}, { enrolmentId: NO_SUCH_ID, blockId: NO_SUCH_ID, duration: 100, position: 5, from: 0 }],
  },
  'POST /lms/api/user-course-content/complete': {
    input: 'body',
    caller: 'admin',
    valid: { enrolmentId: NO_SUCH_ID, itemId: NO_SUCH_ID },
    wrongTypes: [
      { enrolmentId: 'x', itemId: NO_SUCH_ID },
      { enrolmentId: NO_SUCH_ID, itemId: NO_SUCH_ID, language: 'xx' },
    ],
    missing: [{}, { enrolmentId: NO_SUCH_ID }],
  },
  'GET /lms/api/user-course-content/quiz/:itemId': { input: 'params', caller: 'admin' },
  'POST /lms/api/user-course-content/quiz/:itemId/submit': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/user-course-content/quiz/${NO_SUCH_ID}/submit`,
    valid: { enrolmentId: NO_SUCH_ID, answers: [{ questionId: NO_SUCH_ID, selected: [NO_SUCH_ID] }] },
    wrongTypes: [
      { enrolmentId: 'x', answers: [] },
      { enrolmentId: NO_SUCH_ID, answers: [{ questionId: 'x' }] },
      { enrolmentId: NO_SUCH_ID, answers: 'all right' },
    ],
    missing: [{}, { answers: [] }, { enrolmentId: NO_SUCH_ID }],
  },
  'POST /lms/api/user-course-content/scorm/:itemId/commit': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/user-course-content/scorm/${NO_SUCH_ID}/commit`,
    valid: { enrolmentId: NO_SUCH_ID, standard: 'SCORM_12', cmi: { core: { lesson_status: 'incomplete' } } },
    wrongTypes: [
      { enrolmentId: NO_SUCH_ID, standard: 'SCORM_3', cmi: {} },
      { enrolmentId: NO_SUCH_ID, standard: 'SCORM_12', cmi: 'passed' },
    ],
    missing: [{}, { enrolmentId: NO_SUCH_ID, standard: 'SCORM_12' }],
  },
  'GET /lms/api/service-info': { input: 'none', caller: 'anonymous' },
  // Reminders and escalation (issue 14)
  'POST /lms/api/course/course-reminder': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID },
    wrongTypes: [{ courseId: 'x' }, { courseId: NO_SUCH_ID, userIds: 'x' }, { courseId: NO_SUCH_ID, userIds: ['x'] }],
    missing: [{}, { courseId: NO_SUCH_ID, userIds: [] }],
  },
  'GET /lms/api/course/course-due-reminder': { input: 'none', caller: 'admin' },
  'POST /lms/api/course/course-due-reminder': {
    input: 'body',
    caller: 'admin',
    valid: {
      courseId: NO_SUCH_ID,
      remindersEnabled: true,
      remindBeforeDays: 3,
      remindAfterEveryDays: 7,
      expiryNoticeDays: 30,
    },
    wrongTypes: [
      {
        courseId: NO_SUCH_ID,
        remindersEnabled: 'yes',
        remindBeforeDays: 3,
        remindAfterEveryDays: 7,
        expiryNoticeDays: 30,
      },
      {
        courseId: NO_SUCH_ID,
        remindersEnabled: true,
        remindBeforeDays: 61,
        remindAfterEveryDays: 7,
        expiryNoticeDays: 30,
      },
      {
        courseId: NO_SUCH_ID,
        remindersEnabled: true,
        remindBeforeDays: 3,
        remindAfterEveryDays: 0,
        expiryNoticeDays: 30,
      },
    ],
    missing: [{}, { courseId: NO_SUCH_ID, remindersEnabled: true }],
  },
  // Its body is one boolean (no string for the NUL cases): its bad bodies are tested in reminders.test.ts.
  'PUT /lms/api/course/:id/reminder-toggle': { input: 'params', caller: 'admin' },
  'GET /api/escalation-setting/all': { input: 'none', caller: 'admin' },
  'GET /api/escalation-setting/recipients': { input: 'none', caller: 'admin' },
  'POST /api/escalation-setting/save': {
    input: 'body',
    caller: 'admin',
    valid: {
      branchId: null,
      escalationType: 'COURSE',
      firstThresholdDate: 3,
      secondThresholdDate: 7,
      targetId: NO_SUCH_ID,
    },
    wrongTypes: [
      { branchId: null, escalationType: 'OTHER', firstThresholdDate: 3, secondThresholdDate: 7, targetId: NO_SUCH_ID },
      { branchId: null, escalationType: 'COURSE', firstThresholdDate: 8, secondThresholdDate: 7, targetId: NO_SUCH_ID },
      { branchId: 'x', escalationType: 'COURSE', firstThresholdDate: 3, secondThresholdDate: 7, targetId: NO_SUCH_ID },
    ],
    missing: [{}, { branchId: null, escalationType: 'COURSE', firstThresholdDate: 3, secondThresholdDate: 7 }],
  },
  'DELETE /api/escalation-setting/:id': { input: 'params', caller: 'admin' },
  // Workshops (issue 21, item 13).
  'POST /lms/api/workshops': {
    input: 'body',
    caller: 'admin',
    valid: {
      title: 'POSH awareness',
      date: '2099-01-15',
      time: '10:00',
      durationMinutes: 60,
      location: 'Room 1',
      trainerId: NO_SUCH_ID,
      capacity: 20,
      audience: { departmentId: NO_SUCH_ID },
    },
    wrongTypes: [
      {
        title: 'x',
        date: '15/01/2099',
        time: '10:00',
        durationMinutes: 60,
        location: 'R',
        trainerId: NO_SUCH_ID,
        capacity: 2,
        audience: {},
      },
      {
        title: 'x',
        date: '2099-01-15',
        time: '25:00',
        durationMinutes: 60,
        location: 'R',
        trainerId: NO_SUCH_ID,
        capacity: 2,
        audience: {},
      },
      {
        title: 'x',
        date: '2099-01-15',
        time: '10:00',
        durationMinutes: 1,
        location: 'R',
        trainerId: NO_SUCH_ID,
        capacity: 2,
        audience: {},
      },
      {
        title: 'x',
        date: '2099-01-15',
        time: '10:00',
        durationMinutes: 60,
        location: 'R',
        trainerId: 'x',
        capacity: 2,
        audience: {},
      },
      {
        title: 'x',
        date: '2099-01-15',
        time: '10:00',
        durationMinutes: 60,
        location: 'R',
        trainerId: NO_SUCH_ID,
        capacity: 0,
        audience: {},
      },
      {
        title: 'x',
        date: '2099-01-15',
        time: '10:00',
        durationMinutes: 60,
        onlineUrl: 'javascript:alert(1)',
        trainerId: NO_SUCH_ID,
        capacity: 2,
        audience: {},
      },
      {
        title: 'x',
        date: '2099-01-15',
        time: '10:00',
        durationMinutes: 60,
        location: 'R',
        trainerId: NO_SUCH_ID,
        capacity: 2,
        audience: { userIds: 'x' },
      },
    ],
    missing: [
      {},
      { title: 'x', date: '2099-01-15', time: '10:00', durationMinutes: 60, location: 'R', capacity: 2, audience: {} },
      {
        title: 'x',
        date: '2099-01-15',
        durationMinutes: 60,
        location: 'R',
        trainerId: NO_SUCH_ID,
        capacity: 2,
        audience: {},
      },
      {
        title: '',
        date: '2099-01-15',
        time: '10:00',
        durationMinutes: 60,
        location: 'R',
        trainerId: NO_SUCH_ID,
        capacity: 2,
        audience: {},
      },
      {
        title: 'x',
        date: '2099-01-15',
        time: '10:00',
        durationMinutes: 60,
        location: 'R',
        trainerId: NO_SUCH_ID,
        capacity: 2,
      },
    ],
  },
  'POST /lms/api/workshops/list': {
    input: 'body',
    caller: 'admin',
    valid: { pageNo: 0, when: 'PAST' },
    wrongTypes: [{ pageNo: -1 }, { when: 'SOON' }],
    missing: [],
  },
  'GET /lms/api/workshops/my': { input: 'none', caller: 'admin' },
  'GET /lms/api/workshops/held': { input: 'none', caller: 'admin' },
  'GET /lms/api/workshops/:id': { input: 'params', caller: 'admin' },
  'PUT /lms/api/workshops/:id': {
    input: 'body',
    caller: 'admin',
    url: '/lms/api/workshops/00000000-0000-4000-8000-000000000000',
    valid: { title: 'Renamed', time: '11:00' },
    wrongTypes: [{ time: '11' }, { capacity: 'ten' }, { durationMinutes: 10_000 }, { trainerId: 'x' }],
    missing: [],
  },
  'POST /lms/api/workshops/:id/cancel': { input: 'params', caller: 'admin' },
  'PUT /lms/api/workshops/:id/attendance/:userId': {
    input: 'body',
    caller: 'admin',
    url: '/lms/api/workshops/00000000-0000-4000-8000-000000000000/attendance/00000000-0000-4000-8000-000000000000',
    valid: { attended: true },
    wrongTypes: [{ attended: 'yes' }, { attended: 1 }],
    missing: [{}],
  },
  'GET /lms/api/workshops/:id/session-code': { input: 'params', caller: 'admin' },
  'POST /lms/api/workshops/:id/check-in': {
    input: 'body',
    caller: 'admin',
    url: '/lms/api/workshops/00000000-0000-4000-8000-000000000000/check-in',
    valid: { code: '123456' },
    wrongTypes: [{ code: 123456 }, { code: '12345' }, { code: 'abcdef' }],
    missing: [{}],
  },
  'GET /lms/api/workshops/:id/calendar': { input: 'params', caller: 'admin' },
  // Certificates (issue 14).
  'GET /lms/api/user-course-content/certificate/:enrolmentId': { input: 'params', caller: 'admin' },
  'GET /lms/api/certificate/verify/:code': { input: 'params', caller: 'anonymous' },
  // SCORM: the import's bad uploads (not multipart, no file, hostile zips) are tested in services/lms/scorm/scorm.test.ts.
  'POST /lms/api/course/scorm/import': { input: 'none', caller: 'admin' },
  'GET /lms/api/course/scorm/:packageId': { input: 'params', caller: 'admin' },
  'POST /lms/api/course/scorm/:packageId/launch': {
    input: 'body',
    caller: 'admin',
    url: '/lms/api/course/scorm/00000000-0000-4000-8000-000000000000/launch',
    valid: { parentOrigin: 'http://example.test' },
    wrongTypes: [{ parentOrigin: 5 }, { parentOrigin: ['http://example.test'] }],
    missing: [{}],
  },
  // Quizzes, questions and preview (WP3).
  'POST /lms/api/quiz/create': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, title: 'Quiz', language: 'en', passMark: 70, shuffleQuestions: false },
    wrongTypes: [
      { courseId: NO_SUCH_ID, title: 'Quiz', language: 'en', passMark: '70' },
      { courseId: NO_SUCH_ID, title: 'Quiz', language: 'xx', passMark: 70 },
      { courseId: NO_SUCH_ID, title: 'Quiz', language: 'en', passMark: 101 },
      { courseId: NO_SUCH_ID, title: 'Quiz', language: 'en', passMark: 70, attemptLimit: 0 },
    ],
    missing: [
      {},
      { courseId: NO_SUCH_ID, language: 'en', passMark: 70 },
      { courseId: NO_SUCH_ID, title: 'Quiz', language: 'en' },
    ],
  },
  'POST /lms/api/quiz/update/:id': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/quiz/update/${NO_SUCH_ID}`,
    valid: { language: 'en', passMark: 50 },
    wrongTypes: [
      { language: 'en', attemptLimit: 21 },
      { language: 'en', shuffleQuestions: 'yes' },
    ],
    missing: [{}, { passMark: 50 }],
  },
  'DELETE /lms/api/quiz/delete/:id': { input: 'params', caller: 'admin' },
  'POST /lms/api/quiz-question/all': {
    input: 'body',
    caller: 'admin',
    valid: { quizId: NO_SUCH_ID, language: 'en' },
    wrongTypes: [
      { quizId: 'x', language: 'en' },
      { quizId: NO_SUCH_ID, language: 'en', pageSize: 1000 },
    ],
    missing: [{}, { quizId: NO_SUCH_ID }],
  },
  'POST /lms/api/quiz-question/add': {
    input: 'body',
    caller: 'admin',
    valid: {
      quizId: NO_SUCH_ID,
      type: 'MULTIPLE_CHOICE',
      language: 'en',
      prompt: 'Q?',
      options: [
        { id: 'a', label: 'A' },
        { id: 'b', label: 'B' },
      ],
      key: { correct: ['a'] },
    },
    wrongTypes: [
      { quizId: NO_SUCH_ID, type: 'ESSAY', language: 'en', prompt: 'Q?', key: { correct: ['a'] } },
      { quizId: NO_SUCH_ID, type: 'MULTIPLE_CHOICE', language: 'en', prompt: 'Q?', key: { correct: 'a' } },
      { quizId: NO_SUCH_ID, type: 'INPUT_BOX', language: 'en', prompt: 'Q?', key: { accepted: { xx: ['a'] } } },
      { quizId: NO_SUCH_ID, type: 'MULTIPLE_CHOICE', language: 'en', prompt: 'Q?', points: 0, key: { correct: ['a'] } },
    ],
    missing: [
      { quizId: NO_SUCH_ID, type: 'MULTIPLE_CHOICE', language: 'en', prompt: 'Q?' },
      { quizId: NO_SUCH_ID, language: 'en', prompt: 'Q?', key: { correct: ['a'] } },
    ],
  },
  'POST /lms/api/quiz-question/edit/:id': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/quiz-question/edit/${NO_SUCH_ID}`,
    valid: {
      type: 'CHECKBOX_WITH_TEXT',
      language: 'en',
      prompt: 'Q?',
      options: [{ label: 'I agree' }],
      key: { mustBeChecked: true },
    },
    wrongTypes: [
      { type: 'CHECKBOX_WITH_TEXT', language: 'en', prompt: 'Q?', key: { mustBeChecked: false } },
      { type: 'MATCHING', language: 'en', prompt: 'Q?', key: { pairs: [['a']] } },
    ],
    missing: [{ type: 'CHECKBOX_WITH_TEXT', prompt: 'Q?', key: { mustBeChecked: true } }],
  },
  'DELETE /lms/api/quiz-question/delete/:id': { input: 'params', caller: 'admin' },
  'DELETE /lms/api/quiz-question/option/delete/:id': { input: 'params', caller: 'admin' },
  'POST /lms/api/quiz-question/order': {
    input: 'body',
    caller: 'admin',
    valid: { quizId: NO_SUCH_ID, questionIds: [NO_SUCH_ID] },
    wrongTypes: [
      { quizId: NO_SUCH_ID, questionIds: NO_SUCH_ID },
      { quizId: NO_SUCH_ID, questionIds: ['x'] },
    ],
    missing: [{}, { quizId: NO_SUCH_ID, questionIds: [] }],
  },
  'GET /lms/api/course/preview/:id': { input: 'params', caller: 'admin' },
  'POST /lms/api/quiz/preview-grade/:id': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/quiz/preview-grade/${NO_SUCH_ID}`,
    valid: { language: 'en', answers: [] },
    wrongTypes: [
      { language: 'en', answers: 'all' },
      { language: 'en', answers: [{ questionId: 'x' }] },
    ],
    missing: [{}, { answers: [] }],
  },
  'POST /lms/api/lesson/create': {
    input: 'body',
    caller: 'admin',
    valid: { courseId: NO_SUCH_ID, title: 'Welcome', language: 'en' },
    wrongTypes: [
      { courseId: 'course', title: 'Welcome', language: 'en' },
      { courseId: NO_SUCH_ID, title: 5, language: 'en' },
      { courseId: NO_SUCH_ID, title: 'Welcome', language: 'de' },
      { courseId: NO_SUCH_ID, title: 'Welcome', language: 'en', minReadingSeconds: -1 },
      { courseId: NO_SUCH_ID, title: 'Welcome', language: 'en', minReadingSeconds: 3601 },
    ],
    missing: [{}, { courseId: NO_SUCH_ID, language: 'en' }, { courseId: NO_SUCH_ID, title: '', language: 'en' }],
  },
  'POST /lms/api/lesson/update/:id': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/lesson/update/${NO_SUCH_ID}`,
    valid: { title: 'Welcome', language: 'en' },
    wrongTypes: [
      { title: ['x'], language: 'en' },
      { title: 'x', language: 'EN' },
      { title: 'x', language: 'en', minReadingSeconds: 'sixty' },
      { title: 'x', language: 'en', minReadingSeconds: 2.5 },
    ],
    missing: [{}, { title: 'x' }],
  },
  'DELETE /lms/api/lesson/delete/:id': { input: 'params', caller: 'admin' },
  'POST /lms/api/lesson-content/all': {
    input: 'body',
    caller: 'admin',
    valid: { lessonId: NO_SUCH_ID, language: 'en' },
    wrongTypes: [
      { lessonId: NO_SUCH_ID, language: 'en', pageSize: 101 },
      { lessonId: NO_SUCH_ID, language: 'en', pageNo: -1 },
      { lessonId: 7, language: 'en' },
    ],
    missing: [{}, { lessonId: NO_SUCH_ID }],
  },
  'POST /lms/api/lesson-content/create': {
    input: 'body',
    caller: 'admin',
    valid: { lessonId: NO_SUCH_ID, type: 'TEXT', language: 'en', body: { html: '<p>x</p>' } },
    wrongTypes: [
      { lessonId: NO_SUCH_ID, type: 'VOTE', language: 'en' },
      { lessonId: NO_SUCH_ID, type: 'BUTTON', language: 'en', body: { url: 'javascript:alert(1)' } },
      { lessonId: NO_SUCH_ID, type: 'TEXT', language: 'en', body: { fileKey: 'a/b' } },
      { lessonId: NO_SUCH_ID, type: 'NOTIFY', language: 'en', settings: { tone: 'LOUD' } },
    ],
    missing: [{}, { lessonId: NO_SUCH_ID, language: 'en' }, { lessonId: NO_SUCH_ID, type: 'TEXT' }],
  },
  'POST /lms/api/lesson-content/update/:id': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/lesson-content/update/${NO_SUCH_ID}`,
    valid: { language: 'en', body: { html: '<p>x</p>' } },
    wrongTypes: [{ position: -1 }, { position: 'first' }, { language: 'en', body: { html: 5 } }],
    missing: [],
  },
  'DELETE /lms/api/lesson-content/delete/:id': { input: 'params', caller: 'admin' },
  'POST /lms/api/lesson-content/generate-upload-url': {
    input: 'body',
    caller: 'admin',
    valid: {
      blockId: NO_SUCH_ID,
      language: 'en',
      kind: 'IMAGE',
      fileName: 'a.png',
      contentType: 'image/png',
      size: 10,
    },
    wrongTypes: [
      { blockId: NO_SUCH_ID, language: 'en', kind: 'COVER', fileName: 'a.png', contentType: 'image/png', size: 10 },
      { blockId: NO_SUCH_ID, language: 'en', kind: 'IMAGE', fileName: 'a.png', contentType: 'image/png', size: '10' },
    ],
    missing: [{}, { blockId: NO_SUCH_ID, language: 'en', kind: 'IMAGE', contentType: 'image/png', size: 10 }],
  },
  'PUT /lms/api/lesson-content/upload/:id': { input: 'params', caller: 'admin' },
  'POST /lms/api/lesson-content/confirm-upload/:id': { input: 'params', caller: 'admin' },
  'GET /lms/api/lesson-content/file/:id': { input: 'params', caller: 'admin' },
  'POST /lms/api/course/generate-upload-url-for-update/:id': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/course/generate-upload-url-for-update/${NO_SUCH_ID}`,
    valid: { fileName: 'cover.png', contentType: 'image/png', size: 10 },
    wrongTypes: [
      { fileName: 'cover.png', contentType: 'image/png', size: -1 },
      { fileName: 7, contentType: 'image/png', size: 1 },
    ],
    missing: [{}, { fileName: 'cover.png', size: 10 }],
  },
  'POST /lms/api/course/confirm-cover-upload/:id': { input: 'params', caller: 'admin' },
  'GET /cms/api/service-info': { input: 'none', caller: 'anonymous' },
  // Issue 25, versions (helper cms-versions): publish, version, history, templates.
  'POST /cms/api/workflow/publish/:id': {
    input: 'body',
    caller: 'admin',
    url: `/cms/api/workflow/publish/${NO_SUCH_ID}`,
    valid: { changeNote: 'First version', allowFallback: false },
    wrongTypes: [
      { changeNote: 5 },
      { changeNote: 'x', allowFallback: 'yes' },
      { changeNote: 'x'.repeat(2001) },
      { changeNote: 'x', publishAt: '2026-01-01' },
    ],
    missing: [],
  },
  'POST /cms/api/workflow/version/:id': { input: 'params', caller: 'admin' },
  'GET /cms/api/workflow/versions/:id': { input: 'params', caller: 'admin' },
  'GET /cms/api/workflow/version/:id/:number': { input: 'params', caller: 'admin' },
  'GET /cms/api/workflow/templates': { input: 'none', caller: 'admin' },
  // Issue 23 — the operator's workspaces (create, host check, list, search, details)
  'POST /api/admin/workspace/create': {
    input: 'body',
    caller: 'operator',
    // The SCORM content origin's host: valid in shape, refused for what it names (nothing is created).
    valid: {
      companyName: 'Initech',
      workspaceUrl: 'scorm.localhost:3000',
      country: 'IN',
      adminEmail: 'first-admin@example.test',
      adminFirstName: 'Asha',
    },
    wrongTypes: [
      {
        companyName: 7,
        workspaceUrl: 'initech.localhost:3000',
        country: 'IN',
        adminEmail: 'a@b.test',
        adminFirstName: 'A',
      },
      {
        companyName: 'Initech',
        workspaceUrl: 'https://initech.localhost:3000/',
        country: 'IN',
        adminEmail: 'a@b.test',
        adminFirstName: 'A',
      },
      {
        companyName: 'Initech',
        workspaceUrl: 'initech.localhost:3000',
        country: 'US',
        adminEmail: 'a@b.test',
        adminFirstName: 'A',
      },
      {
        companyName: 'Initech',
        workspaceUrl: 'initech.localhost:3000',
        country: 'IN',
        adminEmail: 'a@b.test',
        adminFirstName: 'A',
        userLimit: '10',
      },
    ],
    missing: [
      {},
      { companyName: 'Initech', country: 'IN', adminEmail: 'a@b.test', adminFirstName: 'A' },
      { companyName: 'Initech', workspaceUrl: 'initech.localhost:3000', country: 'IN', adminFirstName: 'A' },
    ],
  },
  'GET /api/admin/workspace/host-availability': { input: 'none', caller: 'operator' },
  'POST /api/admin/workspace': {
    input: 'body',
    caller: 'operator',
    url: '/api/admin/workspace?pageNo=0&pageSize=20',
    valid: { q: 'initech', country: 'IN', contract: 'EXPIRING', expiringWithinDays: 7 },
    wrongTypes: [{ q: 7 }, { contract: 'SOON' }, { expiringWithinDays: '7' }, { userLimitReached: 'yes' }],
    missing: [],
  },
  'GET /api/workspace/search/:q': { input: 'params', caller: 'operator' },
  'GET /api/workspace/search/name-url/:q': { input: 'params', caller: 'operator' },
  'GET /api/admin/workspace/:id': { input: 'params', caller: 'operator' },
  // --- contract (issue 23): the operator's user limit and contract end date ---
  'GET /api/workspace/contract': { input: 'none', caller: 'admin' },
  'PUT /api/admin/workspace-user-limit': {
    input: 'body',
    caller: 'operator',
    valid: { workspaceId: NO_SUCH_ID, userLimit: 10 },
    wrongTypes: [
      { workspaceId: 'not-a-uuid', userLimit: 10 },
      { workspaceId: NO_SUCH_ID, userLimit: '10' },
      { workspaceId: NO_SUCH_ID, userLimit: 0 },
      { workspaceId: NO_SUCH_ID, userLimit: 2.5 },
    ],
    missing: [{}, { workspaceId: NO_SUCH_ID }, { userLimit: 10 }],
  },
  'PUT /api/admin/workspace/contract/expiry-date': {
    input: 'body',
    caller: 'operator',
    valid: { workspaceId: NO_SUCH_ID, contractExpiryDate: '2031-03-31' },
    wrongTypes: [
      { workspaceId: NO_SUCH_ID, contractExpiryDate: '31/03/2031' },
      { workspaceId: NO_SUCH_ID, contractExpiryDate: 20310331 },
      { workspaceId: 42, contractExpiryDate: null },
    ],
    missing: [{}, { workspaceId: NO_SUCH_ID }, { contractExpiryDate: '2031-03-31' }],
  },
  // --- lifecycle (issue 23): host change, retirement, restore ---
  'PUT /api/workspace/update-workspace-url': {
    input: 'body',
    caller: 'operator',
    valid: { workspaceId: NO_SUCH_ID, workspaceUrl: SOME_HOST },
    wrongTypes: [
      { workspaceId: 'not-a-uuid', workspaceUrl: SOME_HOST },
      { workspaceId: NO_SUCH_ID, workspaceUrl: 'https://initech.example.com/' },
      { workspaceId: NO_SUCH_ID, workspaceUrl: 'no-dot' },
      { workspaceId: NO_SUCH_ID, workspaceUrl: ['a.example.com'] },
      { workspaceId: NO_SUCH_ID, workspaceUrl: SOME_HOST, extra: true },
    ],
    missing: [{}, { workspaceId: NO_SUCH_ID }, { workspaceUrl: SOME_HOST }],
  },
  'DELETE /api/workspace/:id': {
    input: 'body',
    caller: 'operator',
    url: `/api/workspace/${NO_SUCH_ID}`,
    valid: { confirmHost: SOME_HOST },
    wrongTypes: [{ confirmHost: 7 }, { confirmHost: ['x'] }, { confirmHost: SOME_HOST, extra: 1 }],
    missing: [{}, { confirmHost: '' }],
  },
  'POST /api/admin/workspace/:id/restore': { input: 'params', caller: 'operator' },
  // --- Issue 23, helper "settings": the operator's navigation and sign-up whitelist, the user manuals ---
  'GET /api/admin/workspace-nav': { input: 'none', caller: 'operator' },
  'POST /api/admin/workspace-nav': {
    input: 'body',
    caller: 'operator',
    valid: { workspaceId: NO_SUCH_ID, menus: [{ menu: 'USERS', enabled: false }] },
    wrongTypes: [
      { workspaceId: 'nope', menus: [] },
      { workspaceId: NO_SUCH_ID, menus: [{ menu: 'NOPE', enabled: false }] },
      { workspaceId: NO_SUCH_ID, menus: [{ menu: 'USERS', enabled: 'no' }] },
      { workspaceId: NO_SUCH_ID, menus: 'USERS' },
    ],
    missing: [{}, { workspaceId: NO_SUCH_ID }, { menus: [] }],
  },
  'GET /api/admin/workspace/:id/whitelist': { input: 'params', caller: 'operator' },
  'POST /api/admin/add-email-to-whitelist': {
    input: 'body',
    caller: 'operator',
    valid: { workspaceId: NO_SUCH_ID, entries: ['@example.test'] },
    wrongTypes: [
      { workspaceId: NO_SUCH_ID, entries: '@example.test' },
      { workspaceId: NO_SUCH_ID, entries: ['not an address'] },
      { workspaceId: NO_SUCH_ID, entries: [7] },
      { workspaceId: 7, entries: ['@example.test'] },
    ],
    missing: [{}, { workspaceId: NO_SUCH_ID }, { workspaceId: NO_SUCH_ID, entries: [] }],
  },
  'POST /api/admin/remove-email-from-whitelist': {
    input: 'body',
    caller: 'operator',
    valid: { workspaceId: NO_SUCH_ID, entries: ['@example.test'] },
    wrongTypes: [
      { workspaceId: NO_SUCH_ID, entries: '@example.test' },
      { workspaceId: NO_SUCH_ID, entries: ['a b'] },
    ],
    missing: [{}, { entries: ['@example.test'] }, { workspaceId: NO_SUCH_ID, entries: [] }],
  },
  'POST /api/admin/add-email-to-whitelist/bulk': {
    input: 'multipart',
    caller: 'operator',
    mapped: false,
    fields: ({ workspaceId }) => ({ workspaceId }),
  },
  'GET /api/user-manual': { input: 'none', caller: 'admin' },
  'POST /api/user-manual': {
    input: 'upload',
    caller: 'operator',
    maxBytes: 20 * 1024 * 1024,
    fields: () => ({ audience: 'EMPLOYEE', language: 'en' }),
  },
  // --- Issue 23, elevate: the session check, a user's web routes, the operator's elevate-IP undo ---
  'GET /api/auth': { input: 'none', caller: 'anonymous' },
  'GET /api/internal/userroutes/:id': { input: 'params', caller: 'admin' },
  'PUT /api/admin/workspace/:id/admin-ip-ranges': {
    input: 'body',
    caller: 'operator',
    url: `/api/admin/workspace/${NO_SUCH_ID}/admin-ip-ranges`,
    valid: { adminIpRanges: ['203.0.113.0/24'] },
    wrongTypes: [
      { adminIpRanges: '203.0.113.0/24' },
      { adminIpRanges: ['203.0.113.0/33'] },
      { adminIpRanges: ['2001:db8::/129'] },
      { adminIpRanges: [null] },
    ],
    missing: [{}],
  },
  'POST /api/invite/invite/bulk': {
    input: 'body',
    caller: 'admin',
    valid: { invitationIds: [NO_SUCH_ID] },
    wrongTypes: [{ invitationIds: 'all' }, { invitationIds: ['x'] }, { invitationIds: [] }],
    missing: [{}],
  },
  'POST /api/admin/user/course/policy/details': {
    input: 'body',
    caller: 'admin',
    valid: { userId: NO_SUCH_ID },
    wrongTypes: [{ userId: 'not-a-uuid' }, { userId: 7 }, { userId: NO_SUCH_ID, extra: true }],
    missing: [{}],
  },
  // --- Issue 23, helper "signup": self sign-up through the whitelist ---
  'POST /api/user/signup': {
    input: 'body',
    caller: 'anonymous',
    valid: { email: 'nobody@example.test', firstName: 'Asha' },
    wrongTypes: [
      { email: 42, firstName: 'Asha' },
      { email: 'not-an-email', firstName: 'Asha' },
      { email: 'a@b.test', firstName: ['Asha'] },
      { email: 'a@b.test', firstName: 'Asha', lastName: 7 },
      { email: 'a@b.test', firstName: 'x'.repeat(101) },
    ],
    missing: [{}, { email: 'a@b.test' }, { firstName: 'Asha' }, { email: 'a@b.test', firstName: '   ' }],
  },
  // --- Issue 24: the Internal Committee register and the compliance register ---
  'GET /api/committee/register': { input: 'none', caller: 'admin' },
  'GET /api/committee/details/:id': { input: 'params', caller: 'admin' },
  'GET /api/committee/my': { input: 'none', caller: 'admin' },
  'GET /api/committee/my/order': { input: 'none', caller: 'admin' },
  'GET /api/committee/:id/order': { input: 'params', caller: 'admin' },
  'POST /api/committee/create': {
    input: 'body',
    caller: 'admin',
    // A unit of no workspace: refused (400 naming branchIds.0) after validation, nothing made.
    valid: {
      kind: 'INTERNAL_COMMITTEE',
      name: 'Bad Input Committee',
      workspaceWide: false,
      branchIds: [NO_SUCH_ID],
      orderDate: null,
      howToRaise: null,
      members: [],
    },
    wrongTypes: [
      {
        kind: 'COUNCIL',
        name: 'X',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [],
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 7,
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [],
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: 'no',
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [],
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: false,
        branchIds: ['hq'],
        orderDate: null,
        howToRaise: null,
        members: [],
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: false,
        branchIds: [],
        orderDate: '1 June',
        howToRaise: null,
        members: [],
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: 'all',
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [
          {
            role: 'CHAIR',
            accountId: NO_SUCH_ID,
            external: null,
            gender: 'WOMAN',
            senior: true,
            termStart: '2026-06-01',
            termEnd: '2029-05-31',
          },
        ],
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [
          {
            role: 'MEMBER',
            accountId: NO_SUCH_ID,
            external: null,
            gender: 'WOMAN',
            senior: 'yes',
            termStart: '2026-06-01',
            termEnd: '2029-05-31',
          },
        ],
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [],
        extra: 1,
      },
    ],
    missing: [
      {},
      { name: 'X', workspaceWide: false, branchIds: [], orderDate: null, howToRaise: null, members: [] },
      {
        kind: 'INTERNAL_COMMITTEE',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [],
      },
      { kind: 'INTERNAL_COMMITTEE', name: 'X', branchIds: [], orderDate: null, howToRaise: null, members: [] },
      { kind: 'INTERNAL_COMMITTEE', name: 'X', workspaceWide: false, orderDate: null, howToRaise: null, members: [] },
      { kind: 'INTERNAL_COMMITTEE', name: 'X', workspaceWide: false, branchIds: [], orderDate: null, howToRaise: null },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: '   ',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [],
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [{ role: 'MEMBER', accountId: NO_SUCH_ID, external: null, gender: 'WOMAN', senior: false }],
      },
    ],
  },
  'POST /api/committee/update/:id': {
    input: 'body',
    caller: 'admin',
    url: `/api/committee/update/${NO_SUCH_ID}`,
    valid: {
      kind: 'INTERNAL_COMMITTEE',
      name: 'Bad Input Committee',
      workspaceWide: false,
      branchIds: [NO_SUCH_ID],
      orderDate: null,
      howToRaise: null,
      members: [],
    },
    wrongTypes: [
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: 5,
        members: [],
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [],
        effectiveDate: 'today',
      },
      {
        kind: 'INTERNAL_COMMITTEE',
        name: 'X',
        workspaceWide: false,
        branchIds: [],
        orderDate: null,
        howToRaise: null,
        members: [
          {
            role: 'EXTERNAL_MEMBER',
            accountId: null,
            external: { name: 'Devi', organisation: 'Trust', email: 'not-an-email', phone: null },
            gender: 'WOMAN',
            senior: false,
            termStart: '2026-06-01',
            termEnd: '2029-05-31',
          },
        ],
      },
    ],
    missing: [
      {},
      { kind: 'INTERNAL_COMMITTEE', name: 'X', workspaceWide: false, branchIds: [], howToRaise: null, members: [] },
      { kind: 'INTERNAL_COMMITTEE', name: 'X', workspaceWide: false, branchIds: [], orderDate: null, members: [] },
    ],
  },
  'POST /api/committee/:id/dissolve': {
    input: 'body',
    caller: 'admin',
    url: `/api/committee/${NO_SUCH_ID}/dissolve`,
    valid: { dissolvedOn: '2026-06-30' },
    wrongTypes: [{ dissolvedOn: 20260630 }, { dissolvedOn: '30/06/2026' }, { dissolvedOn: '2026-06-30', reason: 'x' }],
    missing: [{}],
  },
  // The file is read before the committee is looked for, but its type is checked after: a real committee (of
  // three employees and an external member, s.4(2)) so that a file that is not a PDF meets the 415.
  'POST /api/committee/:id/order': {
    input: 'upload',
    caller: 'admin',
    maxBytes: 10 * 1_048_576,
    fields: () => ({ orderDate: '2026-06-01' }),
    url: async (send, ws) => {
      const [asha, bina, chetan] = await Promise.all([
        aMember(ws, { firstName: 'Asha' }),
        aMember(ws, { firstName: 'Bina' }),
        aMember(ws, { firstName: 'Chetan' }),
      ]);
      const term = { termStart: '2026-01-01', termEnd: '2028-12-31' };
      const employee = (accountId: string, role: string, gender: string, senior: boolean) => ({
        role,
        accountId,
        external: null,
        gender,
        senior,
        ...term,
      });
      const res = await send('POST /api/committee/create', 'admin', {
        contentType: 'application/json',
        payload: JSON.stringify({
          kind: 'INTERNAL_COMMITTEE',
          name: 'Bad Input Committee',
          workspaceWide: false,
          branchIds: [ws.hq.id],
          orderDate: null,
          howToRaise: null,
          effectiveDate: '2026-06-01',
          members: [
            employee(asha.accountId, 'PRESIDING_OFFICER', 'WOMAN', true),
            employee(bina.accountId, 'MEMBER', 'WOMAN', false),
            employee(chetan.accountId, 'MEMBER', 'MAN', false),
            {
              role: 'EXTERNAL_MEMBER',
              accountId: null,
              external: { name: 'Devi Nair', organisation: 'Sakhi Trust', email: 'devi@sakhi.example', phone: null },
              gender: 'WOMAN',
              senior: false,
              ...term,
            },
          ],
        }),
      });
      if (res.statusCode !== 200) throw new Error(`committee not made: ${res.body}`);
      return `/api/committee/${res.json().id}/order`;
    },
  },
  'GET /lms/api/admin/compliance-category/all': { input: 'none', caller: 'operator' },
  'POST /lms/api/admin/compliance-category/create': {
    input: 'body',
    caller: 'operator',
    valid: { key: 'BAD_INPUT', name: { en: 'Bad input' } },
    wrongTypes: [
      { key: 'bad input', name: { en: 'Bad input' } },
      { key: 7, name: { en: 'Bad input' } },
      { key: 'BAD_INPUT', name: 'Bad input' },
      { key: 'BAD_INPUT', name: { en: 'Bad input', de: 'Schlecht' } },
      { key: 'BAD_INPUT', name: { en: 'x'.repeat(121) } },
    ],
    missing: [{}, { key: 'BAD_INPUT' }, { name: { en: 'Bad input' } }, { key: 'BAD_INPUT', name: { hi: 'x' } }],
  },
  'POST /lms/api/admin/compliance-category/update': {
    input: 'body',
    caller: 'operator',
    valid: { id: NO_SUCH_ID, key: 'BAD_INPUT', name: { en: 'Bad input' } },
    wrongTypes: [
      { id: 'posh', key: 'BAD_INPUT', name: { en: 'Bad input' } },
      { id: NO_SUCH_ID, key: ['BAD_INPUT'], name: { en: 'Bad input' } },
      { id: NO_SUCH_ID, key: 'BAD_INPUT', name: { en: 5 } },
    ],
    missing: [{}, { key: 'BAD_INPUT', name: { en: 'Bad input' } }, { id: NO_SUCH_ID, name: { en: 'Bad input' } }],
  },
  'DELETE /lms/api/admin/compliance-category/delete': { input: 'params', caller: 'operator' },
  'POST /lms/api/admin/compliance/all': {
    input: 'body',
    caller: 'operator',
    url: '/lms/api/admin/compliance/all',
    valid: { pageNo: 0, search: 'posh', country: 'IN' },
    wrongTypes: [
      { pageNo: '0' },
      { pageNo: -1 },
      { country: 'US' },
      { categoryId: 'posh' },
      { status: 'DRAFT' },
      { sort: 'KEY' },
    ],
    missing: [],
  },
  'POST /lms/api/admin/compliance/create': {
    input: 'body',
    caller: 'operator',
    valid: obligationBody(),
    wrongTypes: [
      obligationBody({ key: 'lower case' }),
      obligationBody({ categoryId: 'posh' }),
      obligationBody({ country: 'US' }),
      obligationBody({ jurisdictionId: 'IN-KA' }),
      obligationBody({ title: 'Constitute' }),
      obligationBody({ kind: 'MONTHLY' }),
      obligationBody({ kind: 'PERIODIC' }),
      obligationBody({ recurrence: { every: 1, unit: 'YEAR', alignTo: 'CALENDAR_YEAR' } }),
      obligationBody({
        dueRule: { anchor: 'EVENT', offset: -1, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: null },
      }),
      obligationBody({ applicability: { minHeadcount: '10', maxHeadcount: null, jurisdictionCodes: [] } }),
      obligationBody({ scope: 'TEAM' }),
      obligationBody({ evidenceSource: 'EMAIL' }),
    ],
    missing: [
      {},
      obligationBody({ key: undefined }),
      obligationBody({ categoryId: undefined }),
      obligationBody({ law: undefined }),
      obligationBody({ dueRule: undefined }),
      obligationBody({ applicability: undefined }),
      obligationBody({ title: { hi: 'x' } }),
      obligationBody({ section: '  ' }),
    ],
  },
  'POST /lms/api/admin/compliance/update/:id': {
    input: 'body',
    caller: 'operator',
    url: `/lms/api/admin/compliance/update/${NO_SUCH_ID}`,
    valid: obligationBody(),
    wrongTypes: [
      obligationBody({ law: 7 }),
      obligationBody({ description: { en: ['x'] } }),
      obligationBody({ extra: true }),
    ],
    missing: [{}, obligationBody({ kind: undefined }), obligationBody({ evidence: undefined })],
  },
  'DELETE /lms/api/admin/compliance/delete/:id': { input: 'params', caller: 'operator' },
  'GET /lms/api/admin/holiday-calendar/all': { input: 'none', caller: 'operator' },
  'GET /lms/api/compliance/calendar': { input: 'none', caller: 'admin' },
  'GET /lms/api/compliance/calendar/feed': { input: 'none', caller: 'admin' },
  'POST /lms/api/compliance/calendar/feed': { input: 'none', caller: 'admin' },
  'DELETE /lms/api/compliance/calendar/feed': { input: 'none', caller: 'admin' },
  'GET /lms/api/compliance/calendar/feed/:token.ics': { input: 'params', caller: 'anonymous' },
  'GET /lms/api/compliance/register/obligations': { input: 'none', caller: 'admin' },
  'POST /lms/api/compliance/register/answer/:answerId': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/compliance/register/answer/${NO_SUCH_ID}`,
    valid: { notApplicable: true, justification: 'We employ nobody in this state.' },
    wrongTypes: [
      { notApplicable: 'yes' },
      { justification: 42 },
      { ownerId: 'me' },
      { reviewerId: 7 },
      { evidenceCourses: NO_SUCH_ID },
      { evidenceCourses: ['course'] },
      { owner: NO_SUCH_ID },
    ],
    missing: [],
  },
  'POST /lms/api/compliance/register/answer/:answerId/event': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/compliance/register/answer/${NO_SUCH_ID}/event`,
    valid: { date: '2026-06-01', note: 'Joined on this day' },
    wrongTypes: [
      { date: '1 June', note: null },
      { date: '2026-06-01', note: 5 },
      { date: 20260601, note: null },
    ],
    missing: [{}, { date: '2026-06-01' }, { note: null }],
  },
  'GET /lms/api/compliance/register/occurrences': { input: 'none', caller: 'admin' },
  'GET /lms/api/compliance/register/occurrence/:id': { input: 'params', caller: 'admin' },
  'GET /lms/api/compliance/register/occurrence/:id/evidence/:revision': { input: 'params', caller: 'admin' },
  'POST /lms/api/compliance/register/occurrence/:id/review': {
    input: 'body',
    caller: 'admin',
    url: `/lms/api/compliance/register/occurrence/${NO_SUCH_ID}/review`,
    valid: { decision: 'RETURNED', note: 'The minutes are missing' },
    wrongTypes: [
      { decision: 'MAYBE', note: null },
      { decision: 'APPROVED', note: 7 },
      { decision: true, note: null },
      { decision: 'APPROVED', note: null, extra: 1 },
    ],
    missing: [
      {},
      { decision: 'APPROVED' },
      { note: 'x' },
      { decision: 'RETURNED', note: null },
      { decision: 'RETURNED', note: '  ' },
    ],
  },
  // The occurrence is looked for (and the caller's right to add to it) before the file is read: a real one.
  'POST /lms/api/compliance/register/occurrence/:id/evidence': {
    input: 'upload',
    caller: 'admin',
    maxBytes: 20 * 1_048_576,
    url: async (_send, ws) => {
      const obligationId = await aRegisterObligation(ws.db);
      const answerId = await aRegisterAnswer(ws.db, { workspaceId: ws.id, obligationId, branchId: ws.hq.id });
      const id = await aRegisterOccurrence(ws.db, { workspaceId: ws.id, answerId, dueDate: '2026-12-31' });
      return `/lms/api/compliance/register/occurrence/${id}/evidence`;
    },
  },
};

/**
 * The shards: `<shard>.once.test.ts` runs the cases of the routes whose path starts with one of its
 * prefixes, in its own app and database, so that the shards run in parallel. About even in cases.
 */
export const SHARDS = {
  accounts: [
    '/api/user',
    '/api/session/',
    '/api/auth',
    '/api/admin/',
    '/api/internal/',
    '/api/user-manual',
    '/api/app-config',
    '/api/template',
    '/api/invite/',
  ],
  workspace: [
    '/api/workspace/',
    '/api/department',
    '/api/permission/',
    '/api/navigation/',
    '/api/audit',
    '/api/feature-flags',
    '/api/escalation-setting/',
  ],
  'lms-courses': [
    '/lms/api/course/',
    '/lms/api/workspace-course',
    '/lms/api/admin/course',
    '/lms/api/admin/jurisdiction',
    '/lms/api/jurisdiction',
    '/lms/api/certificate',
    '/lms/api/service-info',
    '/cms/api/',
  ],
  'lms-content': ['/lms/api/lesson', '/lms/api/quiz', '/lms/api/user-course-content/', '/lms/api/workshops'],
  compliance: [
    '/api/committee/',
    '/lms/api/compliance/',
    '/lms/api/admin/compliance',
    '/lms/api/admin/holiday-calendar/',
  ],
} as const satisfies Record<string, readonly string[]>;
export type Shard = keyof typeof SHARDS;

/** The shards a route's path falls in (exactly one, which the route-table test checks). */
export function shardsOf(route: string): Shard[] {
  const path = route.split(' ')[1] ?? '';
  return (Object.keys(SHARDS) as Shard[]).filter((s) => SHARDS[s].some((prefix) => path.startsWith(prefix)));
}

/** The table's entries that `shard` runs. */
export function routesOf(shard: Shard): Record<string, RouteEntry> {
  return Object.fromEntries(Object.entries(ROUTES).filter(([key]) => shardsOf(key).includes(shard)));
}

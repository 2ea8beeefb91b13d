import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * The main service's calls as the specification lists them (product-spec.md §7, "Auth and user",
 * "Workspace", "Branch", "Department", "Invites"): 79 method-and-path pairs, path parameters as the
 * spec names them. Issue 23 asks that every one is in the OpenAPI document; the document itself is
 * compared with the running server's by openapi.once.test.ts, so this holds for the server too.
 */
const SPEC_MAIN_CALLS = [
  'POST /api/user/signin',
  'POST /api/invite/claim/{code}',
  'POST /api/user/signin-create-otp',
  'POST /api/user/signin-create-sms-otp',
  'POST /api/user/signin-verify-otp',
  'POST /api/user/signin-verify-sms-otp',
  'PUT /api/user',
  'GET /api/session/get/{id}',
  'GET /api/user/details',
  'GET /api/user/sign-out',
  'POST /api/user/resend/confirmation-email',
  'GET /api/user/confirm-email/{code}',
  'POST /api/user/forgot-password',
  'POST /api/user/reset-password',
  'GET /api/auth',
  'POST /api/user/change-first-login',
  'POST /api/user/update/{id}',
  'DELETE /api/user/{id}',
  'POST /api/user/delete/bulk',
  'POST /api/user/create/bulk',
  'POST /api/user/delete/bulk/file',
  'POST /api/user/search',
  'POST /api/user/generate-profile-image-upload-url',
  'POST /api/admin/update-user',
  'POST /api/admin/user/course/policy/details',
  'GET /api/workspace/company-profile/{host}',
  'GET /api/workspace/bulk-signup-setting',
  'GET /api/workspace/search/{q}',
  'GET /api/workspace/search/name-url/{q}',
  'DELETE /api/workspace/{id}',
  'PUT /api/workspace/update-workspace-url',
  'GET /api/admin/workspace/{id}',
  'POST /api/admin/workspace',
  'PUT /api/admin/workspace-user-limit',
  'PUT /api/admin/workspace/contract/expiry-date',
  'GET /api/admin/workspace-nav',
  'POST /api/admin/workspace-nav',
  'POST /api/admin/add-email-to-whitelist',
  'POST /api/admin/add-email-to-whitelist/bulk',
  'GET /api/user-manual',
  'POST /api/user-manual',
  'GET /api/feature-flags',
  'POST /api/feature-flags',
  'PUT /api/feature-flags',
  'PUT /api/feature-flags/workspaces',
  'GET /api/workspace/users/stats',
  'POST /api/workspace/users',
  'POST /api/workspace/users/search',
  'GET /api/navigation/v3',
  'GET /api/navigation/v2',
  'GET /api/internal/userroutes/{id}',
  'GET /api/permission/all',
  'POST /api/permission/update',
  'PUT /api/workspace/bg-color/{hex}',
  'PUT /api/workspace/branch/{id}/bg-color/{hex}',
  'GET /api/workspace/all-branches1',
  'POST /api/workspace/create-branch',
  'POST /api/workspace/delete-branch',
  'POST /api/workspace/update-branch/{id}',
  'POST /api/department/list',
  'POST /api/department',
  'POST /api/department/delete',
  'POST /api/department/update/{id}',
  'POST /api/department/{id}/manager',
  'GET /api/department/{id}/managers',
  'DELETE /api/department/{id}/manager/{userId}',
  'POST /api/invite/user/{branchId}',
  'POST /api/invite/bulk',
  'POST /api/invite/bulk/validate',
  'POST /api/invite/download/bulk/detailed-report',
  'POST /api/invite/bulk/file/mappings',
  'POST /api/invite/branch/{id}',
  'POST /api/invite/invite/bulk',
  'GET /api/invite/resend/{a}/{b}',
  'POST /api/invite/resend/bulk',
  'GET /api/invite/unused/count',
  'POST /api/invite/resend/unused/all',
  'DELETE /api/invite/{a}/{b}',
  'POST /api/template',
];

/** `METHOD path` with every path parameter written `{}` (the spec and the server name them differently). */
const shape = (call: string) => call.replace(/\{[^}]+\}/g, '{}');

it("every one of the specification's 79 main-service calls is in the OpenAPI document", () => {
  expect(new Set(SPEC_MAIN_CALLS).size).toBe(79);
  const doc = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../docs/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => shape(`${m.toUpperCase()} ${p}`))),
  );
  expect(SPEC_MAIN_CALLS.filter((call) => !documented.has(shape(call)))).toEqual([]);
});

/**
 * The compliance register's calls as the specification lists them (§7 "Learning (LMS)": "Compliance
 * under /api/admin: POST all (page size 60), create, update/{id}, delete/{id}" and "Compliance
 * category under /api/admin: all (page size 100, sortBy ADDED), create, update, delete"), served by
 * the learning service under its prefix `/lms` as the jurisdictions are. Issue 24 asks for all 8.
 */
const SPEC_COMPLIANCE_CALLS = [
  'POST /lms/api/admin/compliance/all',
  'POST /lms/api/admin/compliance/create',
  'POST /lms/api/admin/compliance/update/{id}',
  'DELETE /lms/api/admin/compliance/delete/{id}',
  'GET /lms/api/admin/compliance-category/all',
  'POST /lms/api/admin/compliance-category/create',
  'POST /lms/api/admin/compliance-category/update',
  'DELETE /lms/api/admin/compliance-category/delete',
];

it("the specification's 8 compliance and compliance-category calls are in the OpenAPI document", () => {
  const doc = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../docs/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { parameters?: Array<{ name: string; in: string }> }>>;
  };
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => shape(`${m.toUpperCase()} ${p}`))),
  );
  expect(SPEC_COMPLIANCE_CALLS.filter((call) => !documented.has(shape(call)))).toEqual([]);
  // Page sizes and sort as the spec gives them (LIMITS: 60 obligations, 100 categories sorted ADDED).
  const categories = doc.paths['/lms/api/admin/compliance-category/all']!.get!;
  expect(categories.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['pageNo', 'sortBy']));
});

/**
 * The case-management service's calls as the specification lists them (§7 "Case management (CMS)"),
 * served under `/cms/api`: workflow create, get, update, version, publish; step create, update,
 * delete, details; stage create and delete; workflow-prerequisite get, add, update, remove;
 * step-setting; attribute-setting; meeting-fields all, add, update, remove; workflow-action-setting;
 * step action add and remove; component create, update, delete; attribute create, update, delete,
 * order, confirm-resource-upload. Issue 25 asks for all 32; the payloads are the contract's
 * (packages/contract/src/cms/workflows.ts).
 */
const SPEC_CMS_CALLS = [
  'POST /cms/api/workflow/create',
  'GET /cms/api/workflow/get/{id}',
  'POST /cms/api/workflow/update/{id}',
  'POST /cms/api/workflow/version/{id}',
  'POST /cms/api/workflow/publish/{id}',
  'POST /cms/api/step/create',
  'POST /cms/api/step/update/{id}',
  'DELETE /cms/api/step/delete/{id}',
  'GET /cms/api/step/details/{id}',
  'POST /cms/api/stage/create',
  'DELETE /cms/api/stage/delete/{id}',
  'GET /cms/api/workflow-prerequisite/get/{stepId}',
  'POST /cms/api/workflow-prerequisite/add',
  'POST /cms/api/workflow-prerequisite/update/{id}',
  'DELETE /cms/api/workflow-prerequisite/remove/{id}',
  'POST /cms/api/step-setting/{stepId}',
  'POST /cms/api/attribute-setting/{id}',
  'GET /cms/api/meeting-fields/all/{stepId}',
  'POST /cms/api/meeting-fields/add',
  'POST /cms/api/meeting-fields/update/{id}',
  'DELETE /cms/api/meeting-fields/remove/{id}',
  'POST /cms/api/workflow-action-setting/{actionId}',
  'POST /cms/api/step/action/add',
  'DELETE /cms/api/step/action/remove/{actionId}',
  'POST /cms/api/component/create',
  'POST /cms/api/component/update/{id}',
  'DELETE /cms/api/component/delete/{id}',
  'POST /cms/api/attribute/create',
  'POST /cms/api/attribute/update/{id}',
  'DELETE /cms/api/attribute/delete/{id}',
  'POST /cms/api/attribute/order',
  'POST /cms/api/attribute/confirm-resource-upload/{id}',
];

it("the specification's 32 case-management calls are in the OpenAPI document", () => {
  expect(new Set(SPEC_CMS_CALLS).size).toBe(32);
  const doc = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../../docs/openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const documented = new Set(
    Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => shape(`${m.toUpperCase()} ${p}`))),
  );
  expect(SPEC_CMS_CALLS.filter((call) => !documented.has(shape(call)))).toEqual([]);
});

/**
 * Query keys of the shared features' queries (workspace overview, business units and departments,
 * the workspace's settings), all under the session so that sign-out drops them. One factory per
 * feature: each feature's own keys are in its keys.ts.
 */

export const dashboardKeys = {
  overview: ['session', 'workspace-overview'] as const,
  concernedAuthority: ['session', 'concerned-authority'] as const,
  contract: ['session', 'workspace-contract'] as const,
};

export const organisationKeys = {
  all: ['session', 'organisation'] as const,
  branchPage: (pageNo: number) => ['session', 'organisation', 'branches', 'page', pageNo] as const,
  allBranches: ['session', 'organisation', 'branches', 'all'] as const,
  departments: (branchId: string | null) => ['session', 'organisation', 'departments', branchId ?? 'ALL'] as const,
  managers: (departmentId: string) => ['session', 'organisation', 'managers', departmentId] as const,
  candidates: (departmentId: string, q: string) => ['session', 'organisation', 'candidates', departmentId, q] as const,
};

export const settingsKeys = {
  settings: ['session', 'workspace-settings'] as const,
  bulkSignUp: ['session', 'bulk-sign-up'] as const,
};

/** Query keys of business units and departments (under the session, so sign-out drops them); every change invalidates `all`. */
export const organisationKeys = {
  all: ['session', 'organisation'] as const,
  branchPage: (pageNo: number) => ['session', 'organisation', 'branches', 'page', pageNo] as const,
  allBranches: ['session', 'organisation', 'branches', 'all'] as const,
  departments: (branchId: string | null) => ['session', 'organisation', 'departments', branchId ?? 'ALL'] as const,
  managers: (departmentId: string) => ['session', 'organisation', 'managers', departmentId] as const,
  candidates: (departmentId: string, q: string) => ['session', 'organisation', 'candidates', departmentId, q] as const,
};

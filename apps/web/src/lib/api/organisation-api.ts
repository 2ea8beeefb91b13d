import {
  LIMITS,
  type TAddDepartmentManagerRequest,
  type TCreateDepartmentRequest,
  type TSaveBranchRequest,
  ZBranch,
  ZBranchPage,
  ZDepartment,
  ZDepartmentList,
  ZDepartmentManagerList,
  ZDepartmentPage,
  ZMemberOption,
  ZOkResponse,
} from '@app/contract';
import { z } from 'zod';
import type { ApiClient } from './api-client.ts';

/** Business-unit and department calls of the main service (spec §7 "Branch", "Department"). */
export function createOrganisationApi(client: ApiClient) {
  return {
    /** One page (zero-based `pageNo`) of business units, with user counts when asked. */
    listBranches: (pageNo: number, opts: { withUserCount?: boolean; signal?: AbortSignal } = {}) =>
      client.request({
        path: `/workspace/all-branches1?pageNo=${pageNo}&pageSize=${LIMITS.branchPageSize}&isUserCountRequired=${opts.withUserCount === true}`,
        schema: ZBranchPage,
        signal: opts.signal,
      }),
    createBranch: (body: TSaveBranchRequest) =>
      client.request({ method: 'POST', path: '/workspace/create-branch', body, schema: ZBranch }),
    updateBranch: (id: string, body: TSaveBranchRequest) =>
      client.request({ method: 'POST', path: `/workspace/update-branch/${id}`, body, schema: ZBranch }),
    deleteBranches: (branchIds: string[]) =>
      client.request({ method: 'POST', path: '/workspace/delete-branch', body: { branchIds }, schema: ZOkResponse }),
    /** `hex`: six hex digits without '#'. */
    setBranchColor: (id: string, hex: string) =>
      client.request({ method: 'PUT', path: `/workspace/branch/${id}/bg-color/${hex}`, schema: ZBranch }),

    /** Uploads a unit's logo (PNG, JPEG or WebP, up to 2 MB; the server resizes it); answers the unit. */
    uploadBranchLogo: (id: string, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.request({ method: 'POST', path: `/workspace/branch/${id}/logo`, body: form, schema: ZBranch });
    },
    /** Removes a unit's logo; answers the unit. */
    deleteBranchLogo: (id: string) =>
      client.request({ method: 'DELETE', path: `/workspace/branch/${id}/logo`, schema: ZBranch }),

    /** Departments of one unit, or of all (`branchId` null), headed by the synthetic "All Department" entry. */
    listDepartments: (branchId: string | null, pageNo = 0, signal?: AbortSignal) =>
      client.request({
        method: 'POST',
        path: `/department/list?pageNo=${pageNo}&pageSize=${LIMITS.departmentPageSize}`,
        body: { branchId, showAll: branchId === null },
        schema: ZDepartmentPage,
        signal,
      }),
    createDepartment: (body: TCreateDepartmentRequest) =>
      client.request({ method: 'POST', path: '/department', body, schema: ZDepartmentList }),
    renameDepartment: (departmentId: string, departmentName: string) =>
      client.request({
        method: 'POST',
        path: `/department/update/${departmentId}`,
        body: { departmentId, departmentName },
        schema: ZDepartment,
      }),
    deleteDepartments: (departmentBranches: { departmentId: string; branchId: string }[]) =>
      client.request({ method: 'POST', path: '/department/delete', body: { departmentBranches }, schema: ZOkResponse }),
    listManagers: (departmentId: string, signal?: AbortSignal) =>
      client.request({ path: `/department/${departmentId}/managers`, schema: ZDepartmentManagerList, signal }),
    addManager: (departmentId: string, body: TAddDepartmentManagerRequest) =>
      client.request({
        method: 'POST',
        path: `/department/${departmentId}/manager`,
        body,
        schema: ZDepartmentManagerList,
      }),
    removeManager: (departmentId: string, userId: string) =>
      client.request({
        method: 'DELETE',
        path: `/department/${departmentId}/manager/${userId}`,
        schema: ZDepartmentManagerList,
      }),
    /** Active members matching `q`, to choose a manager from. */
    managerCandidates: (departmentId: string, q: string, signal?: AbortSignal) =>
      client.request({
        path: `/department/${departmentId}/manager-candidates?q=${encodeURIComponent(q)}`,
        schema: z.array(ZMemberOption),
        signal,
      }),
  };
}

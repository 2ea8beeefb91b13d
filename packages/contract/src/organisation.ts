import { z } from 'zod';
import { ZHexColor, ZPagedResult, ZUuid } from './common.ts';

/** A name a person types: trimmed, 1–100 characters. */
const ZName = z.string().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');

/** `GET /api/workspace/all-branches1` query: a page of business units, optionally with their user counts. */
export const ZBranchListQuery = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(20),
  /** Whether each unit's number of active users is wanted (costs a count per page). */
  isUserCountRequired: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});
export type TBranchListQuery = z.infer<typeof ZBranchListQuery>;

/** The path of a logo stored by the platform: `/api/workspace/logo/<workspaceId>/<stored name>`. */
export const STORED_LOGO_PATH = /^\/api\/workspace\/logo\/[0-9a-f-]{36}\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** What a caller may do with one business unit (the server's policy decides; the web shows exactly these). */
export const ZBranchAction = z.enum(['edit', 'recolour', 'delete', 'setLogo']);
export type TBranchAction = z.infer<typeof ZBranchAction>;

/** A business unit (spec §3 "Branch"). */
export const ZBranch = z.object({
  branchId: ZUuid,
  branchName: z.string(),
  /** Six hex digits without `#`, or null for the workspace colour. */
  backgroundColor: z.string().nullable(),
  /** The one headquarters of the workspace. */
  headquarter: z.boolean(),
  /** Path of the unit's logo stored by the platform, or null. */
  branchLogo: z.string().nullable(),
  address: z.string().nullable(),
  /** Active, non-deleted members of the unit; null unless asked for (and the caller administers units or users). */
  userCount: z.number().int().nullable(),
  /** The actions the caller may take on this unit now. */
  actions: z.array(ZBranchAction),
});
export type TBranch = z.infer<typeof ZBranch>;
export const ZBranchPage = ZPagedResult(ZBranch);
export type TBranchPage = z.infer<typeof ZBranchPage>;

/** `POST /api/workspace/create-branch` and `update-branch/{id}`. */
export const ZSaveBranchRequest = z.object({
  branchName: ZName,
  backgroundColor: ZHexColor,
  /**
   * A logo stored by this platform for this workspace (a `/api/workspace/logo/<workspaceId>/<name>`
   * path, as `companyLogo` holds), or null for none. Links to other sites are refused: admin pages
   * would load them.
   */
  branchLogo: z
    .string()
    .max(300)
    .regex(
      STORED_LOGO_PATH,
      'Use a logo stored by this platform (/api/workspace/logo/…); links to other sites are not accepted.',
    )
    .nullable()
    .optional(),
  address: z.string().trim().max(500).nullable().optional(),
  /** Make this unit the headquarters (the previous one stops being it). */
  headquarter: z.boolean().optional(),
  /** The web app's origin, as the original client sends it; recorded in the audit log only. */
  originUrl: z.string().max(300).optional(),
});
export type TSaveBranchRequest = z.infer<typeof ZSaveBranchRequest>;

/** `POST /api/workspace/delete-branch`: all or nothing. */
export const ZDeleteBranchesRequest = z.object({ branchIds: z.array(ZUuid).min(1).max(100) });
export type TDeleteBranchesRequest = z.infer<typeof ZDeleteBranchesRequest>;

/**
 * Largest logo file the workspace and business unit logo uploads accept (PNG, JPEG or WebP, told
 * apart by content; stored as PNG of at most 512 px).
 */
export const LOGO_MAX_BYTES = 2 * 1_048_576;

/**
 * `POST /api/workspace/branch/{id}/logo` (multipart, one file in the field "file", up to
 * `LOGO_MAX_BYTES`) and `DELETE /api/workspace/branch/{id}/logo`: the business unit as it is then
 * (`ZBranch`), `branchLogo` holding the uploaded logo's public path or null.
 */
export const ZBranchLogoResponse = ZBranch;
export type TBranchLogoResponse = TBranch;

/** `PUT …/bg-color/{hex}` path parameter. */
export const ZHexColorParam = z.object({ hex: ZHexColor });

/** `POST /api/department/list` query. */
export const ZDepartmentListQuery = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(500).default(300),
});

/** `POST /api/department/list` body. */
export const ZDepartmentListRequest = z.object({
  /** The business unit whose departments to list; null (or `showAll`) for every unit the caller may see. */
  branchId: ZUuid.nullable().optional(),
  showAll: z.boolean().optional(),
});
export type TDepartmentListRequest = z.infer<typeof ZDepartmentListRequest>;

/** The id of the synthetic "All Department" entry that heads every department list (spec §3). */
export const ALL_DEPARTMENT_NAME = 'All Department';

/**
 * What a caller may do with one department. On the synthetic "All Department" entry, `create` says
 * the caller may create departments in the unit it stands for, and with `branchId` null in every unit.
 */
export const ZDepartmentAction = z.enum(['create', 'edit', 'delete', 'manageManagers']);
export type TDepartmentAction = z.infer<typeof ZDepartmentAction>;

/** A department (spec §3). The synthetic "All Department" entry has `departmentId` null. */
export const ZDepartment = z.object({
  departmentId: ZUuid.nullable(),
  departmentName: z.string(),
  branchId: ZUuid.nullable(),
  /** ISO 8601 time in UTC; null for the synthetic entry. */
  createdAt: z.string().nullable(),
  /** Account id of whoever created it, when known. */
  createdBy: ZUuid.nullable(),
  /** The creation date (YYYY-MM-DD, UTC). */
  createdDate: z.string().nullable(),
  /** The actions the caller may take on this department now. */
  actions: z.array(ZDepartmentAction),
});
export type TDepartment = z.infer<typeof ZDepartment>;
export const ZDepartmentPage = ZPagedResult(ZDepartment);
export type TDepartmentPage = z.infer<typeof ZDepartmentPage>;

/** `POST /api/department`: in one business unit, or with `allBranch` in every one. */
export const ZCreateDepartmentRequest = z
  .object({
    departmentName: ZName,
    branchId: ZUuid.nullable().optional(),
    allBranch: z.boolean().optional(),
  })
  .refine((v) => v.allBranch === true || !!v.branchId, {
    path: ['branchId'],
    message: 'Choose a business unit, or all business units.',
  });
export type TCreateDepartmentRequest = z.infer<typeof ZCreateDepartmentRequest>;
/** The departments created. */
export const ZDepartmentList = z.array(ZDepartment);

/** `POST /api/department/update/{id}`. */
export const ZRenameDepartmentRequest = z.object({ departmentId: ZUuid, departmentName: ZName });
export type TRenameDepartmentRequest = z.infer<typeof ZRenameDepartmentRequest>;

/** `POST /api/department/delete`: all or nothing. */
export const ZDeleteDepartmentsRequest = z.object({
  departmentBranches: z
    .array(z.object({ departmentId: ZUuid, branchId: ZUuid }))
    .min(1)
    .max(300),
});
export type TDeleteDepartmentsRequest = z.infer<typeof ZDeleteDepartmentsRequest>;

/** `POST /api/department/{id}/manager`. */
export const ZAddDepartmentManagerRequest = z.object({
  /** The account id of an active member of the workspace. */
  userId: ZUuid,
  /** What the person is for the department, e.g. MANAGER or HEAD. */
  role: z
    .string()
    .trim()
    .regex(/^[A-Za-z_]{2,40}$/, 'A role is 2–40 letters or underscores, e.g. MANAGER.')
    .transform((v) => v.toUpperCase())
    .default('MANAGER'),
});
export type TAddDepartmentManagerRequest = z.input<typeof ZAddDepartmentManagerRequest>;

/** A department manager. */
export const ZDepartmentManager = z.object({
  userId: ZUuid,
  role: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userEmail: z.string().nullable(),
  /** ISO 8601 time in UTC. */
  createdAt: z.string(),
});
export type TDepartmentManager = z.infer<typeof ZDepartmentManager>;
export const ZDepartmentManagerList = z.array(ZDepartmentManager);

/** A member a manager can be chosen from (the managers picker). */
export const ZMemberOption = z.object({
  userId: ZUuid,
  firstName: z.string(),
  lastName: z.string(),
  userEmail: z.string().nullable(),
});

import { z } from 'zod';
import { ZContactNumber } from './auth.ts';
import { ZPagedResult, ZUuid, ZWorkspaceRole } from './common.ts';

/** Which memberships a list shows: active ones, deactivated ones, or both (deleted users never). */
export const ZUserStatus = z.enum(['ACTIVE', 'INACTIVE', 'ALL']);
export type TUserStatus = z.infer<typeof ZUserStatus>;

/** Filters of the users table; a BRANCH_ADMIN's list is always limited to its own business unit. */
/**
 * What the users list is sorted by (then by name, then id): default NAME. BUSINESS_UNIT and
 * DEPARTMENT sort by the unit's or department's name; members without one come last going up.
 */
export const ZUserSortBy = z.enum(['NAME', 'EMPLOYEE_ID', 'ROLE', 'STATUS', 'BUSINESS_UNIT', 'DEPARTMENT']);
export type TUserSortBy = z.infer<typeof ZUserSortBy>;

export const ZUserFilter = z.object({
  branchId: ZUuid.optional(),
  departmentId: ZUuid.optional(),
  role: ZWorkspaceRole.optional(),
  /** Default ALL. */
  status: ZUserStatus.optional(),
  /** Default NAME, ascending; every key of the order goes the same way. */
  sortBy: ZUserSortBy.optional(),
  sortDirection: z.enum(['ASC', 'DESC']).optional(),
});
export type TUserFilter = z.infer<typeof ZUserFilter>;

/** Free text searched (case-insensitive) in names, email, username, employee id and phone. */
const ZSearchText = z.string().trim().max(100);

/** `POST /api/workspace/users/search`: the filters plus a search text. */
export const ZUserSearchRequest = ZUserFilter.extend({ searchText: ZSearchText });
export type TUserSearchRequest = z.infer<typeof ZUserSearchRequest>;

/** `POST /api/workspace/users/export?format=`: the filtered list as a file (body: the list's filters). */
export const ZUserExportQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('csv') });

/** What `POST /api/user/search` looks in. */
export const ZUserSearchCategory = z.enum(['ALL', 'NAME', 'EMAIL', 'EMPLOYEE_ID', 'CONTACT_NUMBER', 'USERNAME']);

/** `POST /api/user/search`: one field (or all) searched, active users only unless `includeNonActive`. */
export const ZUserQuickSearchRequest = z.object({
  category: ZUserSearchCategory,
  searchText: ZSearchText,
  includeNonActive: z.boolean().optional(),
  /** Limits the search to one business unit (a BRANCH_ADMIN's own is applied anyway). */
  branchId: ZUuid.optional(),
});
export type TUserQuickSearchRequest = z.infer<typeof ZUserQuickSearchRequest>;

/**
 * What a caller may do with one user (the server's users policy decides; the web shows exactly these):
 * `move` to another business unit, `changeRole` (to one of the caller's `grantableRoles`), `setPicture`,
 * `resetPassword` (a one-time password, for a member of a lower role).
 */
export const ZUserAction = z.enum([
  'view',
  'edit',
  'move',
  'changeRole',
  'deactivate',
  'reactivate',
  'delete',
  'setPicture',
  'resetPassword',
]);
export type TUserAction = z.infer<typeof ZUserAction>;

/** One row of the users table. */
export const ZWorkspaceUser = z.object({
  userId: ZUuid,
  firstName: z.string(),
  lastName: z.string(),
  userEmail: z.string().nullable(),
  username: z.string().nullable(),
  contactNumber: z.string().nullable(),
  employeeId: z.string().nullable(),
  designation: z.string().nullable(),
  role: ZWorkspaceRole,
  branch: z.object({ branchId: ZUuid, branchName: z.string() }).nullable(),
  department: z.object({ departmentId: ZUuid, departmentName: z.string() }).nullable(),
  /** YYYY-MM-DD. */
  dateOfJoining: z.string().nullable(),
  active: z.boolean(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /**
   * The user's picture in this workspace: a short-lived signed URL (fetch it again after it
   * expires), or null for none (show initials).
   */
  profileImageUrl: z.string().nullable(),
  /** The actions the caller may take on this user now. */
  actions: z.array(ZUserAction),
});
export type TWorkspaceUser = z.infer<typeof ZWorkspaceUser>;
export const ZWorkspaceUserPage = ZPagedResult(ZWorkspaceUser);

/** `GET /api/workspace/users/stats`: counts in the caller's scope (deleted users not counted). */
export const ZUserStats = z.object({
  total: z.number().int(),
  active: z.number().int(),
  inactive: z.number().int(),
  byRole: z.record(ZWorkspaceRole, z.number().int()),
  /** Invitations neither used, revoked nor expired. */
  pendingInvitations: z.number().int(),
});
export type TUserStats = z.infer<typeof ZUserStats>;

/** Optional query of the stats: one business unit's counts. */
export const ZUserStatsQuery = z.object({ branchId: ZUuid.optional() });

const ZName = z.string().trim().min(1).max(100);
const ZOptionalText = z.string().trim().max(100).nullable().optional();

/** The fields an administrator may change; those left out stay as they are. */
export const ZUpdateUserFields = z.object({
  firstName: ZName.optional(),
  /** Empty for none: a last name is optional. */
  lastName: z.string().trim().max(100).optional(),
  employeeId: ZOptionalText,
  designation: ZOptionalText,
  branchId: ZUuid.optional(),
  /** Must belong to `branchId` (or the user's business unit); null for none. */
  departmentId: ZUuid.nullable().optional(),
  role: ZWorkspaceRole.optional(),
  /** Unique across accounts; null removes it (if the account keeps another identifier). */
  contactNumber: ZContactNumber.nullable().optional(),
  dateOfJoining: z.iso.date('Use a date such as 2024-04-01').nullable().optional(),
  active: z.boolean().optional(),
});
export type TUpdateUserFields = z.infer<typeof ZUpdateUserFields>;

/** `POST /api/admin/update-user`: the same with the user's id in the body. */
export const ZAdminUpdateUserRequest = ZUpdateUserFields.extend({ userId: ZUuid });

/** `POST /api/user/delete/bulk`. */
export const ZBulkDeleteRequest = z.object({ ids: z.array(ZUuid).min(1).max(500) });

/** Answer of a delete: every id deleted, or (status 409/404) nothing and one error per refused id. */
export const ZDeleteUsersResponse = z.object({ deleted: z.array(ZUuid) });
export type TDeleteUsersResponse = z.infer<typeof ZDeleteUsersResponse>;

/** One cell of the permission matrix. */
export const ZPermissionCell = z.object({
  role: ZWorkspaceRole,
  permission: z.string(),
  granted: z.boolean(),
  /** Granted by default (before this workspace's changes). */
  defaultGranted: z.boolean(),
  /** A cell that cannot be changed (workspace admins always keep it). */
  locked: z.boolean(),
});
export type TPermissionCell = z.infer<typeof ZPermissionCell>;

/** `GET /api/permission/all`: roles, permissions and every cell. */
export const ZPermissionMatrix = z.object({
  roles: z.array(ZWorkspaceRole),
  permissions: z.array(z.string()),
  cells: z.array(ZPermissionCell),
});
export type TPermissionMatrix = z.infer<typeof ZPermissionMatrix>;

/** `POST /api/permission/update`: one cell to set. */
export const ZPermissionUpdateRequest = z.object({
  role: ZWorkspaceRole,
  permission: z.string().trim().min(1).max(60),
  granted: z.boolean(),
});
export type TPermissionUpdateRequest = z.infer<typeof ZPermissionUpdateRequest>;

/**
 * `GET /api/workspace/users/filter-options` (not in the spec): the business units and departments
 * the caller may filter and assign users by (a BRANCH_ADMIN: its own unit only).
 */
export const ZUserFilterOptions = z.object({
  branches: z.array(z.object({ branchId: ZUuid, branchName: z.string() })),
  departments: z.array(z.object({ departmentId: ZUuid, departmentName: z.string(), branchId: ZUuid })),
  /** The roles the caller may give (the same rule the server applies to a role change): what role pickers offer. */
  grantableRoles: z.array(ZWorkspaceRole),
});
export type TUserFilterOptions = z.infer<typeof ZUserFilterOptions>;
export type TAdminUpdateUserRequest = z.infer<typeof ZAdminUpdateUserRequest>;

/** Largest profile image accepted, before it is resized (5 MB). */
export const PROFILE_IMAGE_MAX_BYTES = 5 * 1_048_576;

/** `POST /api/user/generate-profile-image-upload-url`: whose picture (left out: your own). */
export const ZProfileImageUploadUrlRequest = z.object({ userId: ZUuid.optional() }).strict();
export type TProfileImageUploadUrlRequest = z.infer<typeof ZProfileImageUploadUrlRequest>;

/**
 * A one-time upload URL for a profile image: send the image there as multipart/form-data (field
 * `file`, one PNG, JPEG or WebP image up to `maxBytes`) with `method`, before `expiresAt`.
 */
export const ZProfileImageUploadUrl = z.object({
  /** A path on the main service (`/api/user/profile-image-upload/{token}`); it works once. */
  uploadUrl: z.string(),
  method: z.literal('PUT'),
  /** ISO 8601 time in UTC. */
  expiresAt: z.string(),
  maxBytes: z.number().int(),
});
export type TProfileImageUploadUrl = z.infer<typeof ZProfileImageUploadUrl>;

/** A user's picture after an upload or removal. */
export const ZProfileImage = z.object({
  userId: ZUuid,
  /** Short-lived signed URL of the stored (resized) picture; null when removed. */
  profileImageUrl: z.string().nullable(),
});
export type TProfileImage = z.infer<typeof ZProfileImage>;

/**
 * `POST /api/user/{userId}/one-time-password`: a password for the member to sign in with once,
 * shown to the administrator this one time only (never stored readable, never mailed). At that
 * sign-in the member must choose their own password; every session they had has ended.
 */
export const ZOneTimePasswordResponse = z.object({ userId: ZUuid, oneTimePassword: z.string() });
export type TOneTimePasswordResponse = z.infer<typeof ZOneTimePasswordResponse>;

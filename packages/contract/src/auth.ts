import { z } from 'zod';
import { ZPlatformRole, ZUuid, ZWorkspaceRole } from './common.ts';

/** Email pattern of the spec: an identifier matching it is sent as `userEmail`, otherwise as `username`. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Password sign-in: either `userEmail` or `username` names the account. */
export const ZSignInRequest = z
  .object({
    userEmail: z.string().trim().max(254).optional(),
    username: z.string().trim().min(1).max(128).optional(),
    userPassword: z.string().min(1, 'Enter your password').max(256),
    /** An invitation to claim with this sign-in (used by the invitation flow). */
    inviteCode: z.string().max(128).optional(),
  })
  .refine((v) => Boolean(v.userEmail) !== Boolean(v.username), {
    message: 'Send either userEmail or username',
    path: ['userEmail'],
  });
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

/** A new session: the bearer token and when it stops working. */
export const ZSignInResponse = z.object({
  accessToken: z.string(),
  tokenType: z.literal('Bearer'),
  /** ISO 8601 time in UTC. */
  expiresAt: z.string(),
});
export type TSignInResponse = z.infer<typeof ZSignInResponse>;

/** One membership of the signed-in person, as the spec's user session lists it. */
export const ZUserWorkspace = z.object({
  workspaceUrl: z.string(),
  workspaceId: ZUuid,
  role: ZWorkspaceRole,
  companyName: z.string(),
  designation: z.string().nullable(),
  employeeId: z.string().nullable(),
  branch: z.object({ branchId: ZUuid, branchName: z.string() }).nullable(),
  department: z.object({ departmentId: ZUuid, departmentName: z.string() }).nullable(),
  bulkSignUpEnabled: z.boolean(),
  isDefault: z.boolean(),
  active: z.boolean(),
});
export type TUserWorkspace = z.infer<typeof ZUserWorkspace>;

/** `GET /api/user/details`: who is signed in, and where. */
export const ZUserDetailsResponse = z.object({
  user: z.object({
    userId: ZUuid,
    firstName: z.string(),
    lastName: z.string(),
    userEmail: z.string().nullable(),
    username: z.string().nullable(),
    contactNumber: z.string().nullable(),
    emailVerified: z.boolean(),
    /** True until the person has set their own password and completed their profile. */
    firstLogin: z.boolean(),
    /** PLATFORM_ADMIN on the platform host, otherwise null. */
    platformRole: ZPlatformRole.nullable(),
  }),
  /** The workspace this session is bound to; null on the platform host. */
  currentWorkspaceId: ZUuid.nullable(),
  /** Role in the current workspace (or PLATFORM_ADMIN on the platform host). */
  currentRole: z.union([ZWorkspaceRole, ZPlatformRole]).nullable(),
  workspaces: z.array(ZUserWorkspace),
});
export type TUserDetailsResponse = z.infer<typeof ZUserDetailsResponse>;

/** Plain acknowledgement for commands without a result. */
export const ZOkResponse = z.object({ ok: z.literal(true) });
export type TOkResponse = z.infer<typeof ZOkResponse>;

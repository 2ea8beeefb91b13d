import { z } from 'zod';
import { ZContactNumber, ZEmail } from './auth.ts';
import { ZLanguage, ZPagedResult, ZUuid, ZWorkspaceRole } from './common.ts';

/** Invitations expire this many days after they are (re)sent. */
export const INVITATION_TTL_DAYS = 7;

/** A date a person enters (date of joining): YYYY-MM-DD. */
export const ZPlainDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the form YYYY-MM-DD');

/** `POST /api/invite/user/{branchId}`: invite one person to a business unit. */
export const ZInviteUserRequest = z
  .object({
    email: ZEmail.optional(),
    contactNumber: ZContactNumber.optional(),
    firstName: z.string().trim().min(1, 'Enter the first name').max(100),
    lastName: z.string().trim().max(100).default(''),
    role: ZWorkspaceRole.default('EMPLOYEE'),
    departmentId: ZUuid.nullish(),
    designation: z.string().trim().max(120).nullish(),
    employeeId: z.string().trim().max(64).nullish(),
    gender: z.string().trim().max(32).nullish(),
    homeAddress: z.string().trim().max(500).nullish(),
    dateOfJoining: ZPlainDate.nullish(),
    /** The language of the invitation's mail or SMS; left out: the inviter's own language, else English. */
    language: ZLanguage.optional(),
  })
  .refine((v) => Boolean(v.email) || Boolean(v.contactNumber), {
    message: 'Give an email address or a phone number',
    path: ['email'],
  });
export type TInviteUserRequest = z.infer<typeof ZInviteUserRequest>;

/** The delivery state of an invitation's latest message. */
export const ZInvitationMailStatus = z.enum(['QUEUED', 'SENT', 'FAILED']);
export type TInvitationMailStatus = z.infer<typeof ZInvitationMailStatus>;

/** What a caller may do with one invitation (the server's policy decides; the web shows exactly these). */
export const ZInvitationAction = z.enum(['resend', 'revoke']);
export type TInvitationAction = z.infer<typeof ZInvitationAction>;

/** One invitation as administrators see it (the code itself is never shown again after sending). */
export const ZInvitation = z.object({
  invitationId: ZUuid,
  email: z.string().nullable(),
  contactNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: ZWorkspaceRole,
  branchId: ZUuid,
  branchName: z.string(),
  departmentId: ZUuid.nullable(),
  departmentName: z.string().nullable(),
  designation: z.string().nullable(),
  employeeId: z.string().nullable(),
  status: z.enum(['PENDING', 'EXPIRED', 'USED', 'REVOKED']),
  expiresAt: z.string(),
  lastSentAt: z.string().nullable(),
  sendCount: z.number().int(),
  /** The latest mail's (or SMS's) delivery: QUEUED, SENT, or FAILED (still retried) with `mailError`, the last attempt's reason. */
  mailStatus: ZInvitationMailStatus,
  mailError: z.string().nullable(),
  mailUpdatedAt: z.string(),
  createdAt: z.string(),
  /** The actions the caller may take on this invitation now. */
  actions: z.array(ZInvitationAction),
});
export type TInvitation = z.infer<typeof ZInvitation>;
/**
 * A page of invitations, with the roles the caller may invite people as (what the invite dialog
 * offers) and what it may do with the workspace's invitation mail (`edit`: only who administers
 * invitations across the whole workspace).
 */
export const ZInvitationPage = ZPagedResult(ZInvitation).extend({
  grantableRoles: z.array(ZWorkspaceRole),
  mailTemplateActions: z.array(z.enum(['edit'])),
});
export type TInvitationPage = z.infer<typeof ZInvitationPage>;

/** `POST /api/invite/branch/{id}`: the invitations of one business unit (`ALL` statuses by default). */
export const ZInvitationListRequest = z.object({
  status: z.enum(['PENDING', 'EXPIRED', 'USED', 'REVOKED', 'UNUSED', 'ALL']).default('UNUSED'),
  searchText: z.string().trim().max(200).optional(),
});
export type TInvitationListRequest = z.infer<typeof ZInvitationListRequest>;

/** `POST /api/invite/resend/bulk`. */
export const ZResendInvitationsRequest = z.object({ invitationIds: z.array(ZUuid).min(1).max(1000) });
export type TResendInvitationsRequest = z.infer<typeof ZResendInvitationsRequest>;

/** How many invitations a command sent (or revoked). */
export const ZInvitationsSentResponse = z.object({ count: z.number().int() });

/** `GET /api/invite/unused/count[?filterOnlyExpired=true]`. */
export const ZUnusedCountResponse = z.object({ count: z.number().int() });

/** `POST /api/template`: a workspace's invitation mail. Placeholders: {{firstName}}, {{companyName}}, {{link}}, {{expiresAt}}. */
export const ZEmailTemplateRequest = z.object({
  kind: z.literal('INVITATION').default('INVITATION'),
  subject: z.string().trim().min(3).max(200),
  bodyText: z
    .string()
    .trim()
    .min(10)
    .max(10_000)
    .refine((v) => v.includes('{{link}}'), 'The text must contain {{link}}, where the sign-up link goes'),
});
export type TEmailTemplateRequest = z.infer<typeof ZEmailTemplateRequest>;
export const ZEmailTemplate = z.object({
  kind: z.literal('INVITATION'),
  subject: z.string(),
  bodyText: z.string(),
  custom: z.boolean(),
});

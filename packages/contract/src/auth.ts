import { z } from 'zod';
import { ZLanguage, ZPlatformRole, ZUuid, ZWorkspaceRole } from './common.ts';

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
    /**
     * Your picture in the current workspace (short-lived signed URL); null when there is none or on
     * the platform host. Each workspace keeps its own.
     */
    profileImageUrl: z.string().nullable(),
    /** The language the person chose: the web's language, and that of the mail and SMS they get (null: English). */
    language: ZLanguage.nullable(),
  }),
  /** The workspace this session is bound to; null on the platform host. */
  currentWorkspaceId: ZUuid.nullable(),
  /** Role in the current workspace (or PLATFORM_ADMIN on the platform host). */
  currentRole: z.union([ZWorkspaceRole, ZPlatformRole]).nullable(),
  /**
   * How far your authority reaches in the current workspace (the server's scope): the whole
   * workspace, your business unit, or yourself; null on the platform host. The web decides by it
   * (never by role names) what a view shows by default.
   */
  currentScope: z.enum(['workspace', 'units', 'self']).nullable(),
  workspaces: z.array(ZUserWorkspace),
});
export type TUserDetailsResponse = z.infer<typeof ZUserDetailsResponse>;

/** Plain acknowledgement for commands without a result. */
export const ZOkResponse = z.object({ ok: z.literal(true) });
export type TOkResponse = z.infer<typeof ZOkResponse>;

// ---------------------------------------------------------------------------------------------
// Passwords, one-time codes and the other sign-in methods (issue 3).

/** Password rules (NIST 800-63B): length only, plus a check against common passwords on the server. */
export const PASSWORD_RULES = { minLength: 8, maxLength: 128 } as const;

/** One-time codes: 6 digits, 10 minutes, 5 wrong tries. */
export const OTP_RULES = { digits: 6, ttlSeconds: 600, maxAttempts: 5 } as const;

/** A new password: 8 to 128 characters, nothing else required (common ones are refused by the server). */
export const ZNewPassword = z
  .string()
  .min(PASSWORD_RULES.minLength, `Use at least ${PASSWORD_RULES.minLength} characters`)
  .max(PASSWORD_RULES.maxLength, `Use at most ${PASSWORD_RULES.maxLength} characters`);

/** An email address as a person types it (compared without case by the server). */
export const ZEmail = z
  .string()
  .trim()
  .max(254)
  .regex(EMAIL_PATTERN, 'Enter an email address such as name@example.com');

/**
 * A phone number as a person types it: the national way of the workspace's country (`98123 45678`
 * in India, `(416) 555-0123` in Canada) or with its country code (`+91 98123 45678`). The server
 * reads it with `parsePhone` in the workspace's country and stores E.164 (`+919812345678`).
 */
export const ZContactNumber = z.string().trim().min(1, 'Enter a phone number').max(32);

/** A 6-digit one-time code as typed (spaces removed). */
export const ZOtp = z
  .string()
  .trim()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code'));

/** `POST /api/user/signin-create-otp`: mail a sign-in code (with `inviteCode`, also to an invited address with no account yet). */
export const ZCreateEmailOtpRequest = z.object({
  userEmail: ZEmail,
  inviteCode: z.string().trim().max(128).optional(),
});
export type TCreateEmailOtpRequest = z.infer<typeof ZCreateEmailOtpRequest>;

/** `POST /api/user/signin-create-sms-otp`: text a sign-in code. */
export const ZCreateSmsOtpRequest = z.object({
  contactNumber: ZContactNumber,
  inviteCode: z.string().trim().max(128).optional(),
});
export type TCreateSmsOtpRequest = z.infer<typeof ZCreateSmsOtpRequest>;

/**
 * Answer to every request that sends a code. It is the same whether or not the account exists,
 * so that it never tells who has an account.
 */
export const ZCodeSentResponse = z.object({
  ok: z.literal(true),
  /** How long the code (if one was sent) stays valid. */
  expiresInSeconds: z.number().int(),
});
export type TCodeSentResponse = z.infer<typeof ZCodeSentResponse>;

/** `POST /api/user/signin-verify-otp`. */
export const ZVerifyEmailOtpRequest = z.object({ userEmail: ZEmail, userOtp: ZOtp });
export type TVerifyEmailOtpRequest = z.infer<typeof ZVerifyEmailOtpRequest>;

/** `POST /api/user/signin-verify-sms-otp`. */
export const ZVerifySmsOtpRequest = z.object({ contactNumber: ZContactNumber, userOtp: ZOtp });
export type TVerifySmsOtpRequest = z.infer<typeof ZVerifySmsOtpRequest>;

/** Either an email address or a phone number (an account without email resets by SMS). */
const oneAddress = <T extends { userEmail?: string | undefined; contactNumber?: string | undefined }>(v: T) =>
  Boolean(v.userEmail) !== Boolean(v.contactNumber);

/**
 * `POST /api/user/forgot-password`: mails a reset code to `userEmail`, or texts it to
 * `contactNumber` (typed the workspace country's way). Always answers the same.
 */
export const ZForgotPasswordRequest = z
  .object({ userEmail: ZEmail.optional(), contactNumber: ZContactNumber.optional() })
  .refine(oneAddress, { message: 'Send either userEmail or contactNumber', path: ['userEmail'] });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

/** `POST /api/user/reset-password`: the mailed (or texted) code sets a new password and ends every session. */
export const ZResetPasswordRequest = z
  .object({
    userEmail: ZEmail.optional(),
    contactNumber: ZContactNumber.optional(),
    userNewPassword: ZNewPassword,
    confirmationCode: ZOtp,
  })
  .refine(oneAddress, { message: 'Send either userEmail or contactNumber', path: ['userEmail'] });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** `POST /api/user/resend/confirmation-email`: a fresh link; the old one stops working. Always answers the same. */
export const ZResendConfirmationRequest = z.object({ userEmail: ZEmail });
export type TResendConfirmationRequest = z.infer<typeof ZResendConfirmationRequest>;

/** `GET /api/user/confirm-email/{code}`: the address that is now confirmed. */
export const ZConfirmEmailResponse = z.object({ ok: z.literal(true), userEmail: z.string() });
export type TConfirmEmailResponse = z.infer<typeof ZConfirmEmailResponse>;

/** A last name: optional (many people in India have one name only); empty means none. */
export const ZLastName = z.string().trim().max(100).default('');

/** `PUT /api/user`: the signed-in person's own name, and optionally their language. */
export const ZUpdateProfileRequest = z.object({
  firstName: z.string().trim().min(1, 'Enter your first name').max(100),
  /** Optional: many people have one name only; left out or empty means none. */
  lastName: ZLastName,
  /** The language for the web and for mail and SMS; left out: unchanged; null: none (English). */
  language: ZLanguage.nullable().optional(),
});
export type TUpdateProfileRequest = z.infer<typeof ZUpdateProfileRequest>;

/** `POST /api/user/change-first-login`: the person's own password, ending the first-sign-in state. */
export const ZChangeFirstLoginRequest = z.object({ userNewPassword: ZNewPassword });
export type TChangeFirstLoginRequest = z.infer<typeof ZChangeFirstLoginRequest>;

/**
 * `POST /api/user/change-password`: the signed-in person changes their password, proving it with
 * the current one. Every other session of the account ends; this one stays signed in.
 */
export const ZChangePasswordRequest = z.object({
  currentPassword: z.string().min(1, 'Enter your current password').max(256),
  userNewPassword: ZNewPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

/** The answer of a password change: how many other sessions (other browsers, phones) were ended. */
export const ZChangePasswordResponse = z.object({ ok: z.literal(true), otherSessionsEnded: z.number().int() });
export type TChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;

/** `GET /api/invite/claim/{code}` (preview): what the invitation is for, shown before claiming it. */
export const ZInvitationPreview = z.object({
  status: z.enum(['VALID', 'EXPIRED', 'USED', 'REVOKED']),
  companyName: z.string(),
  /** The invited address (the code was mailed there, so its holder may see it). */
  userEmail: z.string().nullable(),
  contactNumber: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  role: ZWorkspaceRole,
  branchName: z.string().nullable(),
  departmentName: z.string().nullable(),
  /** True when the invited address already has an account: claim it by signing in to that account. */
  accountExists: z.boolean(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreview>;

/**
 * `POST /api/invite/claim/{code}`: joins the workspace with the invitation's business unit,
 * department and role. A new account sends a name and either a password or the code mailed by
 * `signin-create-otp` with this `inviteCode`; an existing account proves itself the same way.
 */
export const ZClaimInvitationRequest = z
  .object({
    firstName: z.string().trim().min(1, 'Enter your first name').max(100).optional(),
    /** Optional: many people have one name only. */
    lastName: z.string().trim().max(100).optional(),
    userPassword: z.string().min(1).max(256).optional(),
    userOtp: ZOtp.optional(),
  })
  .refine((v) => Boolean(v.userPassword) !== Boolean(v.userOtp), {
    message: 'Send either userPassword or userOtp',
    path: ['userPassword'],
  });
export type TClaimInvitationRequest = z.infer<typeof ZClaimInvitationRequest>;

/** `POST /api/invite/request-new/{code}`: asks the workspace's administrators for a fresh invitation. */
export const ZRequestNewInvitationResponse = z.object({ ok: z.literal(true) });

/** `POST /api/session/handoff` (platform host): a one-time id to continue signed in on a workspace host. */
export const ZCreateHandoffRequest = z.object({ workspaceId: ZUuid });
export type TCreateHandoffRequest = z.infer<typeof ZCreateHandoffRequest>;

/** The hand-off: open `/signin#handoff={id}` on `workspaceUrl` within `expiresInSeconds`. */
export const ZHandoffResponse = z.object({
  id: z.string(),
  workspaceUrl: z.string(),
  expiresInSeconds: z.number().int(),
});
export type THandoffResponse = z.infer<typeof ZHandoffResponse>;

// --- signup ---

/**
 * `POST /api/user/signup` (public, workspace host): ask to join a workspace whose bulk sign-up is
 * on. The answer is always the same; an invitation is mailed only to an address the workspace's
 * whitelist lets in (see docs/decisions.md, "Issue 23 — self sign-up through the whitelist").
 */
export const ZSelfSignUpRequest = z.object({
  email: ZEmail,
  firstName: z.string().trim().min(1, 'Enter your first name').max(100),
  /** Optional: many people have one name only. */
  lastName: z.string().trim().max(100).optional(),
});
export type TSelfSignUpRequest = z.infer<typeof ZSelfSignUpRequest>;

/** The same answer whether or not an invitation was sent. */
export const ZSelfSignUpResponse = z.object({ sent: z.literal(true) });
export type TSelfSignUpResponse = z.infer<typeof ZSelfSignUpResponse>;

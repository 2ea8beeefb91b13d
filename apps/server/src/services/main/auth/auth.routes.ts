import {
  ZChangeFirstLoginRequest,
  ZChangePasswordRequest,
  ZChangePasswordResponse,
  ZClaimInvitationRequest,
  ZCodeSentResponse,
  ZConfirmEmailResponse,
  ZCreateEmailOtpRequest,
  ZCreateHandoffRequest,
  ZCreateSmsOtpRequest,
  ZForgotPasswordRequest,
  ZHandoffResponse,
  ZInvitationPreview,
  ZOkResponse,
  ZOneTimePasswordResponse,
  ZRequestNewInvitationResponse,
  ZResendConfirmationRequest,
  ZResetPasswordRequest,
  ZSignInRequest,
  ZSignInResponse,
  ZUpdateProfileRequest,
  ZUserDetailsResponse,
  ZUuid,
  ZVerifyEmailOtpRequest,
  ZVerifySmsOtpRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf, SIGNIN_BINDING_COOKIE } from '../../../core/context.ts';
import * as auth from './auth.service.ts';
import * as handoff from './handoff.service.ts';
import * as invitation from './invitation.service.ts';
import * as oneTimePassword from './one-time-password.service.ts';
import * as otp from './otp.service.ts';
import * as profile from './profile.service.ts';
import * as recovery from './recovery.service.ts';

const ok = { ok: true as const };
/** A code or id in a path: URL-safe characters only. */
const ZPathCode = z.object({
  code: z
    .string()
    .min(8)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid code'),
});
const ZPathId = z.object({
  id: z
    .string()
    .min(20)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id'),
});
const publicRoute = { auth: 'none' } as const;

/** Every way to sign in, sign up and recover an account, the user session and sign-out. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/signin',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        operationId: 'signIn',
        summary: 'Sign in with a password on this host (with inviteCode: join the invitation’s workspace)',
        body: ZSignInRequest,
        response: { 200: ZSignInResponse },
      },
    },
    async (req) => auth.signIn(ctxOf(req), req.body),
  );
  app.post(
    '/user/signin-create-otp',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        operationId: 'sendSignInCode',
        summary: 'Mail a 6-digit sign-in code (same answer whether or not the account exists)',
        body: ZCreateEmailOtpRequest,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (req) => otp.createEmailOtp(ctxOf(req), req.body),
  );
  app.post(
    '/user/signin-verify-otp',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        operationId: 'signInWithCode',
        summary: 'Sign in with a mailed code',
        body: ZVerifyEmailOtpRequest,
        response: { 200: ZSignInResponse },
      },
    },
    async (req) => otp.verifyEmailOtp(ctxOf(req), req.body),
  );
  app.post(
    '/user/signin-create-sms-otp',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        operationId: 'sendSignInSmsCode',
        summary: 'Text a 6-digit sign-in code (same answer whether or not the account exists)',
        body: ZCreateSmsOtpRequest,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (req) => otp.createSmsOtp(ctxOf(req), req.body),
  );
  app.post(
    '/user/signin-verify-sms-otp',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        operationId: 'signInWithSmsCode',
        summary: 'Sign in with a texted code',
        body: ZVerifySmsOtpRequest,
        response: { 200: ZSignInResponse },
      },
    },
    async (req) => otp.verifySmsOtp(ctxOf(req), req.body),
  );
  app.post(
    '/user/forgot-password',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        operationId: 'requestPasswordReset',
        summary: 'Mail a password reset code (always the same answer)',
        body: ZForgotPasswordRequest,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (req) => recovery.forgotPassword(ctxOf(req), req.body),
  );
  app.post(
    '/user/reset-password',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        operationId: 'resetPassword',
        summary: 'Set a new password with the mailed code; ends every session of the account',
        body: ZResetPasswordRequest,
        response: { 200: ZOkResponse },
      },
    },
    async (req) => {
      await recovery.resetPassword(ctxOf(req), req.body);
      return ok;
    },
  );
  app.post(
    '/user/resend/confirmation-email',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        operationId: 'resendEmailConfirmation',
        summary: 'Mail a fresh email-confirmation link; the previous one stops working',
        body: ZResendConfirmationRequest,
        response: { 200: ZCodeSentResponse },
      },
    },
    async (req) => recovery.resendConfirmation(ctxOf(req), req.body),
  );
  app.get(
    '/user/confirm-email/:code',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        operationId: 'confirmEmail',
        summary: 'Confirm an email address with the mailed link',
        params: ZPathCode,
        response: { 200: ZConfirmEmailResponse },
      },
    },
    async (req) => recovery.confirmEmail(ctxOf(req), req.params.code),
  );
  app.get(
    '/user/details',
    {
      config: { duringFirstLogin: true, public: true },
      schema: {
        tags: ['auth'],
        operationId: 'getCurrentUser',
        summary: 'The signed-in person and their workspaces',
        response: { 200: ZUserDetailsResponse },
      },
    },
    async (req) => auth.userDetails(ctxOf(req)),
  );
  app.put(
    '/user',
    {
      config: { duringContractExpiry: true, duringFirstLogin: true, public: true },
      schema: {
        tags: ['auth'],
        operationId: 'updateOwnName',
        summary: 'Update your own name',
        body: ZUpdateProfileRequest,
        response: { 200: ZOkResponse },
      },
    },
    async (req) => {
      await profile.updateProfile(ctxOf(req), req.body);
      return ok;
    },
  );
  app.post(
    '/user/change-first-login',
    {
      config: { duringContractExpiry: true, duringFirstLogin: true, public: true },
      schema: {
        tags: ['auth'],
        operationId: 'completeFirstLogin',
        summary: 'First sign-in: set your own password (after completing your profile)',
        body: ZChangeFirstLoginRequest,
        response: { 200: ZOkResponse },
      },
    },
    async (req) => {
      await profile.changeFirstLogin(ctxOf(req), req.body);
      return ok;
    },
  );
  app.post(
    '/user/change-password',
    {
      config: { duringContractExpiry: true, public: true },
      schema: {
        tags: ['auth'],
        operationId: 'changePassword',
        summary: 'Change your password (with the current one); your other sessions end, this one stays',
        body: ZChangePasswordRequest,
        response: { 200: ZChangePasswordResponse },
      },
    },
    async (req) => profile.changePassword(ctxOf(req), req.body),
  );
  app.post(
    '/user/:id/one-time-password',
    {
      config: { host: 'workspace', permission: 'users.manage', menu: 'USERS' },
      schema: {
        tags: ['users'],
        operationId: 'issueOneTimePassword',
        summary:
          'A one-time password for a member of a lower role (shown once): their sessions end, and at their next sign-in they choose their own',
        params: z.object({ id: ZUuid }),
        response: { 200: ZOneTimePasswordResponse },
      },
    },
    async (req) => oneTimePassword.issueOneTimePassword(ctxOf(req), req.params.id),
  );
  app.get(
    '/user/sign-out',
    {
      config: { duringFirstLogin: true, public: true, anyIp: true },
      schema: {
        tags: ['auth'],
        operationId: 'signOut',
        summary: 'Revoke this session',
        response: { 200: ZOkResponse },
      },
    },
    async (req) => {
      await auth.signOut(ctxOf(req));
      return ok;
    },
  );

  // Invitations, seen from the invited person's side (administration is elsewhere).
  app.get(
    '/invite/claim/:code',
    {
      config: { ...publicRoute, host: 'workspace' },
      schema: {
        tags: ['auth'],
        operationId: 'getInvitationPreview',
        summary: 'What an invitation is for, before accepting it',
        params: ZPathCode,
        response: { 200: ZInvitationPreview },
      },
    },
    async (req) => invitation.previewInvitation(ctxOf(req), req.params.code),
  );
  app.post(
    '/invite/claim/:code',
    {
      config: { ...publicRoute, host: 'workspace' },
      schema: {
        tags: ['auth'],
        operationId: 'acceptInvitation',
        summary: 'Accept an invitation: join with its business unit, department and role, and sign in',
        params: ZPathCode,
        body: ZClaimInvitationRequest,
        response: { 200: ZSignInResponse },
      },
    },
    async (req) => invitation.claimInvitation(ctxOf(req), req.params.code, req.body),
  );
  app.post(
    '/invite/request-new/:code',
    {
      config: { ...publicRoute, host: 'workspace' },
      schema: {
        tags: ['auth'],
        operationId: 'requestNewInvitation',
        summary: 'Ask the workspace’s administrators for a new invitation (an expired one)',
        params: ZPathCode,
        response: { 200: ZRequestNewInvitationResponse },
      },
    },
    async (req) => {
      await invitation.requestNewInvitation(ctxOf(req), req.params.code);
      return ok;
    },
  );

  // Platform host → workspace host.
  app.post(
    '/session/handoff',
    {
      config: { host: 'platform', public: true },
      schema: {
        tags: ['auth'],
        operationId: 'createSessionHandoff',
        summary: 'A one-time id to continue signed in on one of your workspaces (60 seconds, single use)',
        body: ZCreateHandoffRequest,
        response: { 200: ZHandoffResponse },
      },
    },
    async (req) => handoff.createWorkspaceHandoff(ctxOf(req), req.body.workspaceId),
  );
  app.get(
    '/session/get/:id',
    {
      config: { ...publicRoute, host: 'workspace' },
      schema: {
        tags: ['auth'],
        operationId: 'exchangeSessionHandoff',
        summary: 'Exchange a hand-off id for a session on this workspace',
        params: ZPathId,
        response: { 200: ZSignInResponse },
      },
    },
    async (req, reply) => {
      const session = await handoff.exchangeHandoff(ctxOf(req), req.params.id);
      // The browser binding of a Google or Microsoft sign-in has done its job.
      if (req.cookies[SIGNIN_BINDING_COOKIE] !== undefined) {
        reply.clearCookie(SIGNIN_BINDING_COOKIE, {
          path: '/api/session',
          httpOnly: true,
          secure: req.protocol === 'https',
          sameSite: 'lax',
        });
      }
      return session;
    },
  );
};

import {
  type TChangeFirstLoginRequest,
  type TChangePasswordRequest,
  type TClaimInvitationRequest,
  type TCreateEmailOtpRequest,
  type TCreateSmsOtpRequest,
  type TForgotPasswordRequest,
  type TResetPasswordRequest,
  type TSelfSignUpRequest,
  type TSignInRequest,
  type TUpdateProfileRequest,
  type TUpdateWorkspaceSettingsRequest,
  type TVerifyEmailOtpRequest,
  type TVerifySmsOtpRequest,
  ZAppConfig,
  ZBulkSignUpSetting,
  ZChangePasswordResponse,
  ZCodeSentResponse,
  ZCompanyProfile,
  ZConcernedAuthorityCard,
  ZConfirmEmailResponse,
  ZFeatureFlagList,
  ZHandoffResponse,
  ZInvitationPreview,
  ZNavigationResponse,
  ZOkResponse,
  ZOneTimePasswordResponse,
  ZSelfSignUpResponse,
  ZSignInResponse,
  ZUserDetailsResponse,
  ZUserManualList,
  ZWorkspaceContractStatus,
  ZWorkspaceOverview,
  ZWorkspaceSettings,
} from '@app/contract';
import type { ApiClient } from './api-client.ts';
import { isApiError } from './api-error.ts';

/** The calls of the main service that the web app makes, bound to one client. */
export type MainApi = ReturnType<typeof createMainApi>;

/**
 * Main-service calls with the session rules of spec §8 that belong to particular calls:
 * a 500 from user details ends the session (`onSessionFailure`, the browser goes to /signin),
 * and signing out clears the tokens whatever the server answers.
 */
export function createMainApi(client: ApiClient, hooks: { onSessionFailure: () => void }) {
  return {
    /** Whether this host is the platform host or a workspace (public). */
    getAppConfig: (signal?: AbortSignal) =>
      client.request({ path: '/app-config', schema: ZAppConfig, auth: false, signal }),

    /** Branding of the workspace served at `host` (public); 404 `UNKNOWN_HOST` when none is. */
    getCompanyProfile: (host: string, signal?: AbortSignal) =>
      client.request({
        path: `/workspace/company-profile/${encodeURIComponent(host)}`,
        schema: ZCompanyProfile,
        auth: false,
        signal,
      }),

    /** Branding, white-label switches and bulk sign-up of this workspace (administrators). */
    getWorkspaceSettings: (signal?: AbortSignal) =>
      client.request({ path: '/workspace/settings', schema: ZWorkspaceSettings, signal }),

    /** Whether this workspace's bulk sign-up is on (public: its sign-in page offers self sign-up then). */
    getBulkSignUpSetting: (signal?: AbortSignal) =>
      client.request({ path: '/workspace/bulk-signup-setting', schema: ZBulkSignUpSetting, signal, auth: false }),

    /** Changes any of the settings; what is left out stays as it is. */
    updateWorkspaceSettings: (body: TUpdateWorkspaceSettingsRequest) =>
      client.request({ method: 'PUT', path: '/workspace/settings', body, schema: ZWorkspaceSettings }),

    /** Uploads the workspace logo (PNG, JPEG or WebP, up to 2 MB; the server resizes it). */
    uploadWorkspaceLogo: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.request({ method: 'POST', path: '/workspace/logo', body: form, schema: ZWorkspaceSettings });
    },

    /** Removes the workspace logo. */
    deleteWorkspaceLogo: () =>
      client.request({ method: 'DELETE', path: '/workspace/logo', schema: ZWorkspaceSettings }),

    /** The admin home's figures and setup checklist (administrators; a unit admin gets its unit's). */
    getWorkspaceOverview: (signal?: AbortSignal) =>
      client.request({ path: '/workspace/overview', schema: ZWorkspaceOverview, signal }),

    /** Whether the workspace's contract ended (any member); its last day and user limit for who may invite. */
    getWorkspaceContract: (signal?: AbortSignal) =>
      client.request({ path: '/workspace/contract', schema: ZWorkspaceContractStatus, signal }),

    /** Who to contact about harassment (any member): the home page's card. */
    getConcernedAuthority: (signal?: AbortSignal) =>
      client.request({ path: '/workspace/concerned-authority', schema: ZConcernedAuthorityCard, signal }),

    /** Password sign-in; on success the caller stores the returned token. */
    signIn: (body: TSignInRequest) =>
      client.request({ method: 'POST', path: '/user/signin', body, schema: ZSignInResponse, auth: false }),

    /** Mails a 6-digit sign-in code (the answer is the same whether or not the account exists). */
    createEmailOtp: (body: TCreateEmailOtpRequest) =>
      client.request({
        method: 'POST',
        path: '/user/signin-create-otp',
        body,
        schema: ZCodeSentResponse,
        auth: false,
      }),

    /** Signs in with the mailed code. */
    verifyEmailOtp: (body: TVerifyEmailOtpRequest) =>
      client.request({
        method: 'POST',
        path: '/user/signin-verify-otp',
        body,
        schema: ZSignInResponse,
        auth: false,
      }),

    /** Texts a 6-digit sign-in code to a phone number in international form. */
    createSmsOtp: (body: TCreateSmsOtpRequest) =>
      client.request({
        method: 'POST',
        path: '/user/signin-create-sms-otp',
        body,
        schema: ZCodeSentResponse,
        auth: false,
      }),

    /** Signs in with the texted code. */
    verifySmsOtp: (body: TVerifySmsOtpRequest) =>
      client.request({
        method: 'POST',
        path: '/user/signin-verify-sms-otp',
        body,
        schema: ZSignInResponse,
        auth: false,
      }),

    /** Asks to join this workspace (always answers the same; an invitation is mailed if the whitelist lets the address in). */
    selfSignUp: (body: TSelfSignUpRequest) =>
      client.request({ method: 'POST', path: '/user/signup', body, schema: ZSelfSignUpResponse, auth: false }),

    /** Mails a password-reset code (always answers the same). */
    forgotPassword: (body: TForgotPasswordRequest) =>
      client.request({
        method: 'POST',
        path: '/user/forgot-password',
        body,
        schema: ZCodeSentResponse,
        auth: false,
      }),

    /** Sets a new password with the mailed code; every session of the account ends. */
    resetPassword: (body: TResetPasswordRequest) =>
      client.request({ method: 'POST', path: '/user/reset-password', body, schema: ZOkResponse, auth: false }),

    /** Mails a fresh confirmation link; the previous one stops working (always answers the same). */
    resendConfirmationEmail: (body: { userEmail: string }) =>
      client.request({
        method: 'POST',
        path: '/user/resend/confirmation-email',
        body,
        schema: ZCodeSentResponse,
        auth: false,
      }),

    /** Confirms an email address with the code from the mailed link. */
    confirmEmail: (code: string, signal?: AbortSignal) =>
      client.request({
        path: `/user/confirm-email/${encodeURIComponent(code)}`,
        schema: ZConfirmEmailResponse,
        auth: false,
        signal,
      }),

    /** What an invitation is for, before claiming it (404 `INVITE_NOT_FOUND` for an unknown code). */
    getInvitation: (code: string, signal?: AbortSignal) =>
      client.request({
        path: `/invite/claim/${encodeURIComponent(code)}`,
        schema: ZInvitationPreview,
        auth: false,
        signal,
      }),

    /** Joins the invitation's workspace (creating the account when needed) and signs in. */
    claimInvitation: (code: string, body: TClaimInvitationRequest) =>
      client.request({
        method: 'POST',
        path: `/invite/claim/${encodeURIComponent(code)}`,
        body,
        schema: ZSignInResponse,
        auth: false,
      }),

    /** Asks the workspace's administrators for a fresh invitation (for an expired one). */
    requestNewInvitation: (code: string) =>
      client.request({
        method: 'POST',
        path: `/invite/request-new/${encodeURIComponent(code)}`,
        schema: ZOkResponse,
        auth: false,
      }),

    /** Platform host: a one-time id to continue signed in on one of the person's workspaces. */
    createHandoff: (body: { workspaceId: string }) =>
      client.request({ method: 'POST', path: '/session/handoff', body, schema: ZHandoffResponse }),

    /** Workspace host: exchanges a one-time hand-off id for a session here (401 `INVALID_HANDOFF`). */
    exchangeHandoff: (id: string) =>
      client.request({
        path: `/session/get/${encodeURIComponent(id)}`,
        schema: ZSignInResponse,
        auth: false,
      }),

    /** The user manuals for the signed-in person (administrators' or employees', every language). */
    listUserManuals: () => client.request({ path: '/user-manual', schema: ZUserManualList }),

    /** The signed-in person's own name. */
    updateProfile: (body: TUpdateProfileRequest) =>
      client.request({ method: 'PUT', path: '/user', body, schema: ZOkResponse }),

    /** The signed-in person's own password, ending the first-sign-in state. */
    changeFirstLogin: (body: TChangeFirstLoginRequest) =>
      client.request({ method: 'POST', path: '/user/change-first-login', body, schema: ZOkResponse }),

    /** The signed-in person's password, with the current one; the other sessions end. */
    changePassword: (body: TChangePasswordRequest) =>
      client.request({ method: 'POST', path: '/user/change-password', body, schema: ZChangePasswordResponse }),

    /** A one-time password for a member of a lower role (shown once); their sessions end. */
    issueOneTimePassword: (userId: string) =>
      client.request({
        method: 'POST',
        path: `/user/${encodeURIComponent(userId)}/one-time-password`,
        schema: ZOneTimePasswordResponse,
      }),

    /** Who is signed in. A 500 here means the session is unusable: sign out to /signin. */
    async getUserDetails(signal?: AbortSignal) {
      try {
        return await client.request({ path: '/user/details', schema: ZUserDetailsResponse, signal });
      } catch (error) {
        if (isApiError(error, 500)) {
          client.tokenStore.clear();
          hooks.onSessionFailure();
        }
        throw error;
      }
    },

    /** Revokes the token on the server; the local tokens are cleared even if that call fails. */
    async signOut() {
      try {
        await client.request({ path: '/user/sign-out', schema: ZOkResponse });
      } catch {
        // The session ends locally whatever the server said (spec §8).
      } finally {
        client.tokenStore.clear();
      }
    },

    /** All feature flags visible to this session (polled while signed in). */
    getFeatureFlags: (signal?: AbortSignal) =>
      client.request({ path: '/feature-flags', schema: ZFeatureFlagList, signal }),

    /** Operator: creates a flag; answers with the whole updated list. */
    createFeatureFlag: (body: { key: string; value: 'true' | 'false' }) =>
      client.request({ method: 'POST', path: '/feature-flags', body, schema: ZFeatureFlagList }),

    /** Operator: switches a flag on or off; answers with the whole updated list. */
    updateFeatureFlag: (body: { key: string; value: 'true' | 'false' }) =>
      client.request({ method: 'PUT', path: '/feature-flags', body, schema: ZFeatureFlagList }),

    /** Operator: limits a flag to these workspaces (empty list: every workspace); answers with the list. */
    setFeatureFlagWorkspaces: (body: { key: string; workspaceUrls: string[] }) =>
      client.request({ method: 'PUT', path: '/feature-flags/workspaces', body, schema: ZFeatureFlagList }),

    /** The menus of this user and whether each is enabled. */
    getNavigation: (signal?: AbortSignal) =>
      client.request({ path: '/navigation/v3', schema: ZNavigationResponse, signal }),
  };
}

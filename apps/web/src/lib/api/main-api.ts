import {
  type TSignInRequest,
  ZAppConfig,
  ZCompanyProfile,
  ZFeatureFlagList,
  ZNavigationResponse,
  ZOkResponse,
  ZSignInResponse,
  ZUserDetailsResponse,
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

    /** Password sign-in; on success the caller stores the returned token. */
    signIn: (body: TSignInRequest) =>
      client.request({ method: 'POST', path: '/user/signin', body, schema: ZSignInResponse, auth: false }),

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

import { createTokenStore } from '../auth-token.store.ts';
import { createApiClient } from './api-client.ts';
import { createMainApi } from './main-api.ts';
import { createOrganisationApi } from './organisation-api.ts';
import { resolveBaseUrls } from './request-helpers.ts';
import { createUsersApi } from './users-api.ts';

export { ApiError, errorMessage, isApiError } from './api-error.ts';
export { toColorParam, toPageNo } from './request-helpers.ts';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The session of this host, kept in localStorage. */
export const tokenStore = createTokenStore(browserStorage(), { eventTarget: window });

/** The app's one HTTP client: a 401 on an authenticated call clears the session and reloads. */
export const apiClient = createApiClient({
  baseUrls: resolveBaseUrls(import.meta.env),
  tokenStore,
  onUnauthorized: () => window.location.reload(),
});

/** Main-service calls; a failed session (500 on user details) goes to /signin. */
export const mainApi = createMainApi(apiClient, {
  onSessionFailure: () => window.location.assign('/signin'),
});

/** Base URL of the main service, for full-page navigations (OpenID sign-in starts there). */
export const mainApiBaseUrl = resolveBaseUrls(import.meta.env).main;

/** Business units and departments (admin pages). */
export const organisationApi = createOrganisationApi(apiClient);
/** User administration and permission-matrix calls. */
export const usersApi = createUsersApi(apiClient);

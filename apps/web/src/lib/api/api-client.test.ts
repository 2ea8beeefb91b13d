import { ZUserDetailsResponse } from '@app/contract';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryStorage, createTokenStore } from '../auth-token.store.ts';
import { createApiClient } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { createMainApi } from './main-api.ts';

type TCall = { url: string; init: RequestInit };

const userDetails: unknown = {
  user: {
    userId: '7d6f1c2e-4b1a-4c55-9a55-2b1f5f7c9d01',
    firstName: 'Asha',
    lastName: 'Rao',
    userEmail: 'asha@acme.test',
    username: null,
    contactNumber: null,
    emailVerified: true,
    firstLogin: false,
    platformRole: null,
    profileImageUrl: null,
    language: null,
  },
  currentWorkspaceId: '0b7a8a5e-9d1c-4f0e-8a43-1c2d3e4f5a6b',
  currentRole: 'EMPLOYEE',
  currentScope: 'self',
  workspaces: [],
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

/** A client on a fresh store with a scripted fetch that records every call. */
function setup(respond: (call: TCall) => Response | Promise<Response>, signedIn = true) {
  const calls: TCall[] = [];
  const tokenStore = createTokenStore(createMemoryStorage());
  if (signedIn) tokenStore.save({ accessToken: 'tok-123', expiresAt: '2999-01-01T00:00:00Z' });
  const onUnauthorized = vi.fn();
  const onSessionFailure = vi.fn();
  let n = 0;
  const client = createApiClient({
    baseUrls: { main: '/api', lms: '/lms/api', cms: 'https://cms.example.com/cms/api' },
    tokenStore,
    onUnauthorized,
    newTraceId: () => `trace-${++n}`,
    fetch: async (input, init) => {
      const call = { url: String(input), init: init ?? {} };
      calls.push(call);
      return respond(call);
    },
  });
  const api = createMainApi(client, { onSessionFailure });
  return { calls, tokenStore, onUnauthorized, onSessionFailure, client, api };
}

const header = (call: TCall | undefined, name: string) => new Headers(call?.init.headers).get(name);

describe('api client: requests', () => {
  it('sends a file upload as multipart, leaving the boundary to the browser', async () => {
    const settings = {
      backgroundColor: '1F6FEB',
      companyLogo: '/api/workspace/logo/x/y.png',
      bulkSignUpEnabled: false,
      whiteLabel: { cms: true, lms: true, concernedAuthority: true, policies: true, compliance: true },
      concernedAuthority: null,
      adminIpRanges: [],
      elevateIpOn: false,
      yourIp: '127.0.0.1',
    };
    const { calls, api } = setup(() => json(200, settings));
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
    expect(await api.uploadWorkspaceLogo(file)).toEqual(settings);
    expect(calls[0]?.url).toBe('/api/workspace/logo');
    expect(calls[0]?.init.method).toBe('POST');
    expect(header(calls[0], 'Content-Type')).toBeNull();
    expect(header(calls[0], 'Authorization')).toBe('Bearer tok-123');
    const body = calls[0]?.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('logo.png');
  });

  it('sends the bearer token and a fresh trace id to the right service', async () => {
    const { calls, client } = setup(() => json(200, { ok: true }));
    await client.request({ path: '/user/details' });
    await client.request({ service: 'cms', path: '/workflow', query: { pageNo: 0, pageSize: 20, q: undefined } });
    expect(calls[0]?.url).toBe('/api/user/details');
    expect(calls[1]?.url).toBe('https://cms.example.com/cms/api/workflow?pageNo=0&pageSize=20');
    expect(header(calls[0], 'Authorization')).toBe('Bearer tok-123');
    expect(header(calls[0], 'X-Trace-Id')).toBe('trace-1');
    expect(header(calls[1], 'X-Trace-Id')).toBe('trace-2');
  });

  it('sends no token on public calls and JSON bodies with a content type', async () => {
    const { calls, api } = setup(() =>
      json(200, { accessToken: 'new', tokenType: 'Bearer', expiresAt: '2026-07-01T00:00:00Z' }),
    );
    const session = await api.signIn({ userEmail: 'asha@acme.test', userPassword: 'secret' });
    expect(session.accessToken).toBe('new');
    expect(header(calls[0], 'Authorization')).toBeNull();
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ userEmail: 'asha@acme.test', userPassword: 'secret' });
    expect(calls[0]?.init.method).toBe('POST');
  });

  it('encodes the host in the company-profile path', async () => {
    const { calls, api } = setup(
      () => json(404, { status: 404, code: 'UNKNOWN_HOST', message: 'No workspace' }),
      false,
    );
    await expect(api.getCompanyProfile('acme.localhost:3000')).rejects.toMatchObject({
      status: 404,
      code: 'UNKNOWN_HOST',
    });
    expect(calls[0]?.url).toBe('/api/workspace/company-profile/acme.localhost%3A3000');
  });
});

describe('api client: errors', () => {
  it('on a 401 clears the tokens and reloads', async () => {
    const { tokenStore, onUnauthorized, client } = setup(() =>
      json(401, { status: 401, code: 'UNAUTHENTICATED', message: 'Sign in again' }),
    );
    await expect(client.request({ path: '/navigation/v3' })).rejects.toBeInstanceOf(ApiError);
    expect(tokenStore.getAccessToken()).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('hands a wrong password (401 on sign-in) to the caller without reloading', async () => {
    const { onUnauthorized, api } = setup(
      () => json(401, { status: 401, code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' }),
      false,
    );
    await expect(api.signIn({ username: 'asha', userPassword: 'nope' })).rejects.toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('on a 500 from user details logs out to /signin', async () => {
    const { tokenStore, onSessionFailure, onUnauthorized, api } = setup(() =>
      json(500, { status: 500, code: 'INTERNAL', message: 'Something went wrong' }),
    );
    await expect(api.getUserDetails()).rejects.toMatchObject({ status: 500 });
    expect(tokenStore.getAccessToken()).toBeNull();
    expect(onSessionFailure).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('does not end the session on a 500 from other calls', async () => {
    const { tokenStore, onSessionFailure, api } = setup(() =>
      json(500, { status: 500, code: 'INTERNAL', message: 'Something went wrong' }),
    );
    await expect(api.getNavigation()).rejects.toMatchObject({ status: 500 });
    expect(tokenStore.getAccessToken()).toBe('tok-123');
    expect(onSessionFailure).not.toHaveBeenCalled();
  });

  it('parses user details with the contract', async () => {
    const { api } = setup(() => json(200, userDetails));
    const details = await api.getUserDetails();
    expect(details).toEqual(ZUserDetailsResponse.parse(userDetails));
  });

  it('clears the tokens on sign-out even when the server answers with an error', async () => {
    const { tokenStore, api, calls } = setup(() => json(503, { status: 503, code: 'UNAVAILABLE', message: 'Down' }));
    await api.signOut();
    expect(calls[0]?.url).toBe('/api/user/sign-out');
    expect(header(calls[0], 'Authorization')).toBe('Bearer tok-123');
    expect(tokenStore.getAccessToken()).toBeNull();
  });

  it('clears the tokens on sign-out when the server cannot be reached', async () => {
    const { tokenStore, api } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    await api.signOut();
    expect(tokenStore.getAccessToken()).toBeNull();
  });

  it('throws other errors as ApiError with the server body and Retry-After', async () => {
    const body = {
      status: 429,
      code: 'RATE_LIMITED',
      message: 'Too many attempts',
      details: [{ path: 'userEmail', message: 'slow down' }],
    };
    const { client } = setup(() => json(429, body, { 'Retry-After': '42' }));
    const error = await client.request({ path: '/x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ ...body, retryAfterSeconds: 42, traceId: 'trace-1' });
  });

  it('turns an unreachable server into a network ApiError', async () => {
    const { client } = setup(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await client.request({ path: '/x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true });
  });

  it('gives a generic ApiError when an error body is not JSON', async () => {
    const { client } = setup(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(client.request({ path: '/x' })).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
  });

  it('refuses a response that does not match the contract', async () => {
    const { api } = setup(() => json(200, { platformHost: 'localhost:3000' }));
    await expect(api.getAppConfig()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });
});

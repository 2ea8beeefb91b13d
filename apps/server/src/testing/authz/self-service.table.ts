import { aMember, anInvitation, signIn, TEST_PASSWORD } from '../factories.ts';
import { type AuthzFixture, aCertificate } from './fixture.ts';
import type { AuthzEntry, AuthzTable, NotApplicable, Prepared } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/**
 * A route every member uses on itself (its account, its session, its menus, its workspace's pickers):
 * there is no lower role and no unit to step out of; another workspace's admin gets its own (on B's
 * host) and its session is refused on A's host.
 */
const SELF: Pick<AuthzEntry, 'anotherWorkspace' | 'lowerRole' | 'unitAdminOutside' | 'moreThanHeld'> = {
  anotherWorkspace: 'own-scope',
  lowerRole: na("the caller's own: every member, whatever its role"),
  unitAdminOutside: na("the caller's own: no business unit is reached"),
  moreThanHeld: na("gives nothing: the caller's own account or reading"),
};

/**
 * A public route (no session): nobody is refused for who they are; what protects it is the credential
 * in the request (a password, a one-time code, an invitation code, a hand-off id), tried where it
 * applies as `alsoRefused` (another workspace's credential on this host).
 */
const PUBLIC: Pick<AuthzEntry, 'as' | 'anotherWorkspace' | 'lowerRole' | 'unitAdminOutside' | 'moreThanHeld'> = {
  as: 'public',
  anotherWorkspace: na(
    'no session is read; a credential of another workspace is tried below where the route takes one',
  ),
  lowerRole: na('no session: no role'),
  unitAdminOutside: na('no session: no business unit'),
  moreThanHeld: na('gives nothing beyond what its credential proves'),
};

/** The operator's platform-host routes of the main API. */
const OPERATOR: Pick<AuthzEntry, 'as' | 'anotherWorkspace' | 'lowerRole' | 'unitAdminOutside' | 'moreThanHeld'> = {
  as: 'operator',
  anotherWorkspace: na("operator data: no workspace's; every workspace member is the lower role below"),
  lowerRole: 'adminA',
  unitAdminOutside: na('operator data has no business unit'),
  moreThanHeld: na('switches a flag; gives no workspace a permission'),
};

/** A new employee of A's target unit (as the learner is) with its own session (for a control that changes or ends it). */
async function aNewcomer(f: AuthzFixture, opts: { firstLogin?: boolean } = {}): Promise<Prepared> {
  const m = await aMember(f.a, { unit: f.target.unit, ...opts });
  return { token: await m.session(), email: m.email };
}
const newcomerControl = async (f: AuthzFixture, p: Prepared) => ({ token: p.token!, host: f.a.host });

/** `request`, and an `alsoRefused` case sending it with B's admin's session on A's host. */
function withBonA(request: AuthzEntry['request']): Pick<AuthzEntry, 'request' | 'alsoRefused'> {
  return {
    request,
    alsoRefused: [
      {
        as: 'adminB',
        why: "B's session on A's host",
        request: (f, p) => ({ ...request(f, p, f.a.host), host: f.a.host }),
        status: [401],
      },
    ],
  };
}

const flagKey = () => `authz_${Math.random().toString(36).slice(2, 8)}`;

/** An invitation to A's target unit (its code). */
async function anInvite(f: AuthzFixture): Promise<Prepared> {
  const { code } = await anInvitation(f.a, { unit: f.target.unit, department: f.target.department });
  return { code };
}

/** A hand-off id the learner asked for on the platform host, to continue on A's host. */
async function aHandoff(f: AuthzFixture): Promise<Prepared> {
  const learner = f.people.learner.member!;
  const platform = await signIn(f.t, f.t.config.platformHost, { email: learner.email, password: TEST_PASSWORD });
  const res = await f.t.request(f.t.config.platformHost, {
    method: 'POST',
    url: '/api/session/handoff',
    token: platform,
    payload: { workspaceId: f.a.id },
  });
  if (res.statusCode !== 200) throw new Error(`handoff: ${res.statusCode} ${res.body}`);
  return { id: res.json().id ?? res.json().handoffId, platform };
}

/**
 * The main API's routes that need no workspace permission (the others are in
 * core/admin-authz.test.ts), the case-management service's, and the public routes of learning.
 */
export const SELF_SERVICE_ROUTES: AuthzTable = {
  // Signing in (public): the password or code is the credential, and it is the workspace's.
  'POST /api/user/signin': {
    rule: 'public: an account of this workspace with its password',
    ...PUBLIC,
    request: (f) => ({
      method: 'POST',
      url: '/api/user/signin',
      payload: { userEmail: f.people.learner.member!.email, userPassword: TEST_PASSWORD },
    }),
    alsoRefused: [
      {
        as: 'public',
        why: "another workspace's admin signing in on A's host with its own password",
        request: (f) => ({
          method: 'POST',
          url: '/api/user/signin',
          host: f.a.host,
          payload: { userEmail: f.people.adminB.member!.email, userPassword: TEST_PASSWORD },
        }),
        status: [400, 401, 403, 404],
      },
    ],
  },
  'POST /api/user/signin-create-otp': {
    rule: 'public: sends a code to an address of this workspace (answers alike for any address)',
    ...PUBLIC,
    request: (f) => ({
      method: 'POST',
      url: '/api/user/signin-create-otp',
      payload: { userEmail: f.people.learner.member!.email },
    }),
  },
  'POST /api/user/signin-verify-otp': {
    rule: 'public: the code sent to the address is the credential',
    ...PUBLIC,
    request: (f) => ({
      method: 'POST',
      url: '/api/user/signin-verify-otp',
      payload: { userEmail: f.people.learner.member!.email, userOtp: '000000' },
    }),
    // No code was sent for this request: the control is the refusal of a wrong code (the credential).
    ok: [400, 401],
  },
  'POST /api/user/signin-create-sms-otp': {
    rule: 'public: sends a code to a number of this workspace (answers alike for any number)',
    ...PUBLIC,
    request: () => ({
      method: 'POST',
      url: '/api/user/signin-create-sms-otp',
      payload: { contactNumber: '+919800000001' },
    }),
  },
  'POST /api/user/signin-verify-sms-otp': {
    rule: 'public: the code sent to the number is the credential',
    ...PUBLIC,
    request: () => ({
      method: 'POST',
      url: '/api/user/signin-verify-sms-otp',
      payload: { contactNumber: '+919800000001', userOtp: '000000' },
    }),
    ok: [400, 401],
  },
  'POST /api/user/forgot-password': {
    rule: 'public: sends a reset code to the address (answers alike for any address)',
    ...PUBLIC,
    request: (f) => ({
      method: 'POST',
      url: '/api/user/forgot-password',
      payload: { userEmail: f.people.learner.member!.email },
    }),
  },
  'POST /api/user/reset-password': {
    rule: 'public: the reset code mailed to the address is the credential',
    ...PUBLIC,
    request: (f) => ({
      method: 'POST',
      url: '/api/user/reset-password',
      payload: {
        userEmail: f.people.learner.member!.email,
        userNewPassword: 'Another-Horse-42',
        confirmationCode: '000000',
      },
    }),
    ok: [400, 401],
  },
  'POST /api/user/resend/confirmation-email': {
    rule: 'public: resends the confirmation to the address (answers alike for any address)',
    ...PUBLIC,
    request: (f) => ({
      method: 'POST',
      url: '/api/user/resend/confirmation-email',
      payload: { userEmail: f.people.learner.member!.email },
    }),
  },
  'GET /api/user/confirm-email/:code': {
    rule: 'public: the code mailed is the credential',
    ...PUBLIC,
    request: () => ({ method: 'GET', url: '/api/user/confirm-email/0000000000000000' }),
    ok: [400, 404],
  },

  // The signed-in member's own account and session.
  'GET /api/user/details': {
    rule: "a session on this host: the caller's own account",
    as: 'learner',
    request: () => ({ method: 'GET', url: '/api/user/details' }),
    hides: (f) => f.a.id,
    ...SELF,
  },
  'PUT /api/user': {
    rule: "a session on this host: the caller's own names",
    as: 'learner',
    request: () => ({ method: 'PUT', url: '/api/user', payload: { firstName: 'Asha', lastName: 'Rao' } }),
    ...SELF,
  },
  'POST /api/user/change-first-login': {
    rule: 'a session still in its first sign-in: its own password',
    as: 'learner',
    prepare: (f) => aNewcomer(f, { firstLogin: true }),
    control: newcomerControl,
    ...withBonA(() => ({
      method: 'POST',
      url: '/api/user/change-first-login',
      payload: { userNewPassword: 'Another-Horse-42' },
    })),
    anotherWorkspace: na(
      "the first sign-in of A's newcomer: B's admin is past its own (tried as own-scope it would be refused for that)",
    ),
    lowerRole: na("the caller's own password"),
    unitAdminOutside: na("the caller's own password"),
    moreThanHeld: na("the caller's own password"),
  },
  'POST /api/user/change-password': {
    rule: "a session on this host, proving the current password: the caller's own",
    as: 'learner',
    prepare: (f) => aNewcomer(f),
    control: newcomerControl,
    ...withBonA(() => ({
      method: 'POST',
      url: '/api/user/change-password',
      payload: { currentPassword: TEST_PASSWORD, userNewPassword: 'Another-Horse-42' },
    })),
    anotherWorkspace: na(
      "changing B's admin's own password proves nothing about A; its session on A's host is tried below",
    ),
    lowerRole: na("the caller's own password"),
    unitAdminOutside: na("the caller's own password"),
    moreThanHeld: na("the caller's own password"),
  },
  'GET /api/user/sign-out': {
    rule: "a session on this host: ends the caller's own",
    as: 'learner',
    prepare: (f) => aNewcomer(f),
    control: newcomerControl,
    ...withBonA(() => ({ method: 'GET', url: '/api/user/sign-out' })),
    anotherWorkspace: na(
      "would end B's admin's own session, which later cases use; its session on A's host is tried below",
    ),
    lowerRole: na("the caller's own session"),
    unitAdminOutside: na("the caller's own session"),
    moreThanHeld: na("the caller's own session"),
  },

  // Invitations (public, on the workspace's host): the code is the credential.
  'GET /api/invite/claim/:code': {
    rule: "public: an invitation code of this host's workspace",
    ...PUBLIC,
    prepare: anInvite,
    request: (_f, p) => ({ method: 'GET', url: `/api/invite/claim/${p.code}` }),
    alsoRefused: [
      {
        as: 'public',
        why: "A's invitation code on B's host",
        request: (f, p) => ({ method: 'GET', url: `/api/invite/claim/${p.code}`, host: f.b.host }),
        status: [400, 404],
      },
    ],
  },
  'POST /api/invite/claim/:code': {
    rule: "public: an invitation code of this host's workspace",
    ...PUBLIC,
    prepare: anInvite,
    request: (_f, p) => ({
      method: 'POST',
      url: `/api/invite/claim/${p.code}`,
      payload: { firstName: 'New', userPassword: 'Another-Horse-42' },
    }),
    alsoRefused: [
      {
        as: 'public',
        why: "A's invitation code claimed on B's host",
        request: (f, p) => ({
          method: 'POST',
          url: `/api/invite/claim/${p.code}`,
          host: f.b.host,
          payload: { firstName: 'New', userPassword: 'Another-Horse-42' },
        }),
        status: [400, 404],
      },
    ],
  },
  'POST /api/invite/request-new/:code': {
    rule: "public: an expired invitation code of this host's workspace asks its admins for a new one",
    ...PUBLIC,
    prepare: async (f) => ({
      code: (await anInvitation(f.a, { unit: f.target.unit, expiresInDays: -1 })).code,
    }),
    request: (_f, p) => ({ method: 'POST', url: `/api/invite/request-new/${p.code}` }),
    alsoRefused: [
      {
        as: 'public',
        why: "A's invitation code on B's host",
        request: (f, p) => ({ method: 'POST', url: `/api/invite/request-new/${p.code}`, host: f.b.host }),
        status: [400, 404],
      },
    ],
  },

  // Moving from the platform host to a workspace.
  'POST /api/session/handoff': {
    rule: "a session on the platform host: a hand-off to one of the caller's own workspaces",
    as: 'learner',
    prepare: aHandoff,
    control: async (f, p) => ({ token: p.platform!, host: f.t.config.platformHost }),
    request: (f) => ({ method: 'POST', url: '/api/session/handoff', payload: { workspaceId: f.a.id } }),
    anotherWorkspace: na('a platform-host session; a workspace the account is not in is tried below'),
    lowerRole: na("the caller's own workspaces"),
    unitAdminOutside: na("the caller's own workspaces"),
    moreThanHeld: na('a hand-off gives the session the account already has a right to'),
    alsoRefused: [
      {
        as: 'learner',
        why: 'a hand-off to workspace B, where the learner is not a member',
        request: (f) => ({
          method: 'POST',
          url: '/api/session/handoff',
          host: f.t.config.platformHost,
          payload: { workspaceId: f.b.id },
        }),
        status: [401, 403, 404],
      },
    ],
  },
  'GET /api/session/get/:id': {
    rule: 'public: a hand-off id, on the host of the workspace it was made for, once',
    ...PUBLIC,
    prepare: aHandoff,
    request: (_f, p) => ({ method: 'GET', url: `/api/session/get/${p.id}` }),
    alsoRefused: [
      {
        as: 'public',
        why: "A's hand-off exchanged on B's host",
        request: (f, p) => ({ method: 'GET', url: `/api/session/get/${p.id}`, host: f.b.host }),
        status: [400, 401, 403, 404],
      },
    ],
  },
  'GET /api/auth/oidc/:provider/start': {
    rule: "public: starts a Google or Microsoft sign-in for this host's workspace",
    ...PUBLIC,
    request: () => ({ method: 'GET', url: '/api/auth/oidc/google/start' }),
    // No provider is configured in the tests: the control is the refusal to start one.
    ok: [302, 303, 400, 404],
  },
  'GET /api/auth/oidc/callback': {
    rule: "public: the provider's answer with the sign-in's state (bound to the browser) is the credential",
    ...PUBLIC,
    request: (f) => ({ method: 'GET', url: '/api/auth/oidc/callback?state=x&code=y', host: f.t.config.platformHost }),
    ok: [302, 303, 400, 401, 404],
  },

  // The workspace as every member (or the sign-in page) sees it.
  'GET /api/workspace/company-profile/:host': {
    rule: "public (optional session): the branding of the named host's workspace",
    ...PUBLIC,
    request: (f) => ({ method: 'GET', url: `/api/workspace/company-profile/${f.a.host}` }),
  },
  'GET /api/app-config': {
    rule: 'public: the sign-in options of the platform',
    ...PUBLIC,
    request: () => ({ method: 'GET', url: '/api/app-config' }),
  },
  'GET /api/workspace/logo/:workspaceId/:name': {
    rule: 'public: a logo (the sign-in page shows it)',
    ...PUBLIC,
    prepare: async (f) => {
      const boundary = '----authz-logo';
      const png = Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
        'base64',
      );
      const res = await f.t.request(f.a.host, {
        method: 'POST',
        url: '/api/workspace/logo',
        token: f.people.adminA.token,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          png,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      if (res.statusCode !== 200) throw new Error(`logo: ${res.statusCode} ${res.body}`);
      const profile = await f.t.request(f.a.host, { method: 'GET', url: `/api/workspace/company-profile/${f.a.host}` });
      const url = new URL(profile.json().companyLogo as string, `http://${f.a.host}`);
      return { path: url.pathname };
    },
    request: (_f, p) => ({ method: 'GET', url: p.path! }),
  },
  'GET /api/workspace/overview': {
    rule: "an administrator's counts: the whole workspace, or a unit admin's own unit (overview.policy.ts)",
    as: 'adminA',
    request: () => ({ method: 'GET', url: '/api/workspace/overview' }),
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: na(
      "answers the caller's own scope: a unit admin gets its unit's counts (overview.policy.test.ts)",
    ),
    moreThanHeld: na('reads counts; gives nothing'),
  },
  'GET /api/feature-flags': {
    rule: "a session: the flags as they apply to the caller's workspace",
    as: 'learner',
    request: () => ({ method: 'GET', url: '/api/feature-flags' }),
    hides: (f) => f.a.host,
    ...SELF,
  },
  'POST /api/feature-flags': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/api/feature-flags',
      host: f.t.config.platformHost,
      payload: { key: flagKey(), value: 'false' },
    }),
  },
  'PUT /api/feature-flags': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'PUT',
      url: '/api/feature-flags',
      host: f.t.config.platformHost,
      payload: { key: 'maintenance', value: 'false' },
    }),
  },
  'PUT /api/feature-flags/workspaces': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'PUT',
      url: '/api/feature-flags/workspaces',
      host: f.t.config.platformHost,
      payload: { key: 'maintenance', workspaceUrls: [] },
    }),
  },
  'GET /api/navigation/v3': {
    rule: "a session: the caller's own menus",
    as: 'learner',
    request: () => ({ method: 'GET', url: '/api/navigation/v3' }),
    ...SELF,
  },
  'GET /api/navigation/v2': {
    rule: "a session: the caller's own menus",
    as: 'learner',
    request: () => ({ method: 'GET', url: '/api/navigation/v2' }),
    ...SELF,
  },
  'GET /api/workspace/all-branches1': {
    rule: "a session on this host: the workspace's business units (every member's pickers)",
    as: 'learner',
    request: () => ({ method: 'GET', url: '/api/workspace/all-branches1?pageNo=0&pageSize=100' }),
    hides: (f) => f.target.unit.id,
    ...SELF,
  },
  'POST /api/department/list': {
    rule: "a session on this host: the workspace's departments (every member's pickers)",
    as: 'learner',
    request: () => ({ method: 'POST', url: '/api/department/list?pageNo=0&pageSize=100', payload: { showAll: true } }),
    hides: (f) => f.target.department.id,
    ...SELF,
  },
  'GET /api/workspace/bulk-signup-setting': {
    rule: "public: whether this host's workspace takes self sign-ups (its sign-in page offers it)",
    ...PUBLIC,
    request: () => ({ method: 'GET', url: '/api/workspace/bulk-signup-setting' }),
  },
  'POST /api/user/signup': {
    rule: "public: asks to join this host's workspace (answers alike for any address; the whitelist decides in a job)",
    ...PUBLIC,
    request: () => ({
      method: 'POST',
      url: '/api/user/signup',
      payload: { email: `someone-${Date.now()}@example.test`, firstName: 'Asha' },
    }),
  },
  'GET /api/workspace/concerned-authority': {
    rule: "a session on this host: the workspace's setting",
    as: 'learner',
    request: () => ({ method: 'GET', url: '/api/workspace/concerned-authority' }),
    ...SELF,
  },

  // Service information and certificate checks (public).
  'GET /lms/api/service-info': {
    rule: 'public: what the learning service is',
    ...PUBLIC,
    request: () => ({ method: 'GET', url: '/lms/api/service-info' }),
  },
  'GET /cms/api/service-info': {
    rule: 'public: what the case-management service is',
    ...PUBLIC,
    request: () => ({ method: 'GET', url: '/cms/api/service-info' }),
  },
  'GET /lms/api/certificate/verify/:code': {
    rule: "public: a certificate's code (printed on it) shows what it certifies",
    ...PUBLIC,
    prepare: (f) => aCertificate(f, 'learner'),
    request: (_f, p) => ({ method: 'GET', url: `/lms/api/certificate/verify/${p.code}` }),
  },
};

import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { OidcProviderName } from '../../../core/config.ts';
import type { Ctx } from '../../../core/context.ts';
import { hashToken, newToken } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError } from '../../../core/errors.ts';
import { rateCheck, rateLimited } from '../../../core/rate-limit.ts';
import { createHandoff } from '../auth/sessions.ts';
import type { OidcClients } from './oidc.clients.ts';
import * as repo from './oidc.repo.ts';

/** Path of the one redirect URI, on the platform host, registered with every provider. */
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** Scopes asked of the provider: the subject, the email address and whether it is verified, the name. */
const SCOPE = 'openid email profile';

/** Why a sign-in with a provider ended on the sign-in page (`/signin?oidcError=…`). */
export type OidcError = 'not_enabled' | 'failed' | 'no_account' | 'email_unverified' | 'cancelled';

/** The redirect URI for a request served over `scheme`. */
export function callbackUrl(scheme: string, platformHost: string): string {
  return `${scheme}://${platformHost}${OIDC_CALLBACK_PATH}`;
}

/**
 * Whether `path` may follow a sign-in: a path on the same host (one leading `/`, no `//`, no
 * backslash, no scheme, no control characters), so that a sign-in never sends anyone elsewhere.
 */
export function isSafeRedirectPath(path: string): boolean {
  if (path.length > 2048 || !path.startsWith('/') || path.startsWith('//')) return false;
  for (const ch of path) {
    const code = ch.charCodeAt(0);
    if (ch === '\\' || code < 0x20 || code === 0x7f) return false;
  }
  try {
    const base = 'http://same.invalid';
    const url = new URL(path, base);
    return url.origin === base && url.pathname.startsWith('/') && !url.pathname.startsWith('//');
  } catch {
    return false;
  }
}

export type StartResult =
  | { ok: true; location: string; binding: string }
  | { ok: false; location: string; reason: 'not_configured' | 'not_enabled' | 'discovery_failed' };

/**
 * Starts a sign-in with `provider` on the request's workspace host: refuses a provider that is not
 * configured or not enabled for the workspace, otherwise records state (hashed), nonce and PKCE
 * verifier, and answers where to send the browser and the browser-binding value for its cookie.
 */
export async function startSignIn(
  ctx: Ctx,
  clients: OidcClients,
  input: { provider: OidcProviderName; redirect: string | undefined; scheme: string; log: FastifyBaseLogger },
): Promise<StartResult> {
  const workspaceId = ctx.workspaceId;
  if (workspaceId === null) throw new AppError(404, 'NOT_ON_WORKSPACE_HOST', 'Sign in on your workspace.');
  const refused = (reason: 'not_configured' | 'not_enabled' | 'discovery_failed'): StartResult => ({
    ok: false,
    reason,
    location: `/signin?oidcError=${reason === 'discovery_failed' ? 'failed' : 'not_enabled'}`,
  });
  if (!ctx.config.oidc[input.provider]) return refused('not_configured');
  // Each start writes a row: one client may not start sign-ins without end.
  const { wait, enabled } = await ctx.tenant(async (tx) => ({
    wait: await rateCheck(tx, `oidc-start:ip:${ctx.ip}`, ctx.config.rateLimits.oidcStartsPerIp, true),
    enabled: await repo.socialPlatforms(tx, workspaceId),
  }));
  if (wait > 0) throw rateLimited(wait);
  if (!enabled.includes(input.provider)) return refused('not_enabled');

  let configuration: client.Configuration;
  try {
    configuration = await clients.get(input.provider);
  } catch (err) {
    input.log.warn({ err, provider: input.provider }, 'OpenID discovery failed');
    return refused('discovery_failed');
  }

  const state = client.randomState();
  const nonce = client.randomNonce();
  const codeVerifier = client.randomPKCECodeVerifier();
  const binding = newToken();
  const redirectPath = input.redirect && isSafeRedirectPath(input.redirect) ? input.redirect : null;
  await ctx.tenant(async (tx) => {
    await repo.deleteStaleLogins(tx, workspaceId);
    await repo.insertLogin(tx, {
      workspaceId,
      provider: input.provider,
      stateHash: hashToken(state),
      nonce,
      codeVerifier,
      bindingHash: hashToken(binding),
      redirectPath,
    });
  });
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: callbackUrl(input.scheme, ctx.config.platformHost),
    scope: SCOPE,
    state,
    nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { ok: true, location: url.href, binding };
}

/** The claims of a validated ID token that decide who signed in. */
type IdClaims = { sub: string; email: string | null; emailVerified: boolean };

function idClaims(provider: OidcProviderName, claims: client.IDToken): IdClaims {
  const email = typeof claims.email === 'string' && claims.email.length > 0 ? claims.email : null;
  // Microsoft sends no email_verified; `xms_edov` (an optional claim) says the email's domain owner verified it.
  const verified = claims.email_verified === true || (provider === 'MICROSOFT' && claims.xms_edov === true);
  return { sub: claims.sub, email, emailVerified: verified };
}

/**
 * Finishes a sign-in at the provider's redirect to the platform host: uses up the sign-in named by
 * `state` (400 when unknown, used or expired: the workspace is then unknown too), exchanges the
 * code with the PKCE verifier and checks state, nonce and issuer, then finds the account by the
 * provider's subject, or else by a verified email (and links it). The account must be an active
 * member of the workspace. Answers where to send the browser: the workspace's `/signin` with a
 * one-time hand-off bound to the browser that started, or with `oidcError`. Every outcome is audited.
 */
export async function finishSignIn(
  ctx: Ctx,
  clients: OidcClients,
  input: {
    state: string | undefined;
    error: string | undefined;
    currentUrl: URL;
    scheme: string;
    log: FastifyBaseLogger;
  },
): Promise<string> {
  const unknown = () =>
    new AppError(
      400,
      'OIDC_SIGNIN_UNKNOWN',
      'This sign-in has expired or was already used. Go back to your workspace and sign in again.',
    );
  const platform = <T>(fn: (tx: Tx) => Promise<T>) => ctx.platform({ action: 'auth.oidc.callback', audit: false }, fn);

  const login = input.state ? await platform((tx) => repo.takeLogin(tx, hashToken(input.state!))) : null;
  if (!login) {
    await platform(() =>
      ctx.audit(
        'auth.oidc.callback.failure',
        null,
        { reason: input.state ? 'unknown_state' : 'missing_state' },
        { workspaceId: null, actorAccountId: null },
      ),
    );
    throw unknown();
  }

  const provider = login.provider;
  const method = provider === 'GOOGLE' ? 'google' : 'microsoft';
  const workspaceUrl = `${input.scheme}://${login.workspace.host}`;
  const fail = async (error: OidcError, reason: string, accountId: string | null = null, extra = {}) => {
    await platform(() =>
      ctx.audit(
        'auth.oidc.callback.failure',
        null,
        { provider, reason, ...extra },
        { workspaceId: login.workspaceId, actorAccountId: accountId },
      ),
    );
    return `${workspaceUrl}/signin?oidcError=${error}`;
  };

  if (input.error)
    return fail(input.error === 'access_denied' ? 'cancelled' : 'failed', `provider_${input.error}`.slice(0, 80));
  if (!login.workspace.active || !login.workspace.socialPlatforms.includes(provider) || !ctx.config.oidc[provider]) {
    return fail('not_enabled', 'not_enabled');
  }

  let claims: IdClaims;
  try {
    const configuration = await clients.get(provider);
    const tokens = await client.authorizationCodeGrant(configuration, input.currentUrl, {
      expectedState: input.state!,
      expectedNonce: login.nonce,
      pkceCodeVerifier: login.codeVerifier,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) return fail('failed', 'no_id_token');
    claims = idClaims(provider, idToken);
  } catch (err) {
    const e = err as { code?: string; error?: string; message?: string };
    input.log.warn({ err, provider }, 'OpenID code exchange failed');
    return fail('failed', 'token_exchange', null, { error: String(e.error ?? e.code ?? 'error').slice(0, 80) });
  }

  type Outcome =
    | { ok: true; handoff: string }
    | { ok: false; error: OidcError; reason: string; accountId: string | null };
  const outcome = await platform(async (tx): Promise<Outcome> => {
    const refuse = (error: OidcError, reason: string, accountId: string | null = null): Outcome => ({
      ok: false,
      error,
      reason,
      accountId,
    });
    const linked = await repo.findIdentity(tx, provider, claims.sub);
    let accountId = linked?.accountId ?? null;
    if (!accountId) {
      if (!claims.email) return refuse('no_account', 'no_email');
      if (!claims.emailVerified) return refuse('email_unverified', 'email_unverified');
      accountId = (await repo.findAccountByEmail(tx, claims.email))?.accountId ?? null;
      if (!accountId) return refuse('no_account', 'unknown_account');
    }
    if (!(await repo.isActiveMember(tx, login.workspaceId, accountId))) {
      return refuse('no_account', 'not_an_active_member', accountId);
    }
    if (linked) await repo.touchIdentity(tx, provider, claims.sub, claims.email);
    else await repo.linkIdentity(tx, { provider, subject: claims.sub, accountId, email: claims.email });
    const handoff = await createHandoff(tx, {
      workspaceId: login.workspaceId,
      accountId,
      method,
      bindingHash: login.bindingHash,
      redirectPath: login.redirectPath,
    });
    await ctx.audit(
      'auth.oidc.callback.success',
      null,
      { provider, matchedBy: linked ? 'subject' : 'verified_email' },
      { workspaceId: login.workspaceId, actorAccountId: accountId },
    );
    return { ok: true, handoff };
  });
  if (!outcome.ok) return fail(outcome.error, outcome.reason, outcome.accountId);
  const redirect = login.redirectPath ? `?redirect=${encodeURIComponent(login.redirectPath)}` : '';
  return `${workspaceUrl}/signin${redirect}#handoff=${outcome.handoff}`;
}

import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import { SIGNIN_BINDING_COOKIE } from '../auth/sessions.ts';
import { createOidcClients } from './oidc.clients.ts';
import { OIDC_LOGIN_TTL_SECONDS } from './oidc.repo.ts';
import * as service from './oidc.service.ts';

/**
 * The scheme of the addresses this request leads to: https in production, otherwise the request's
 * own (`X-Forwarded-Proto` counts when TRUST_PROXY is on).
 */
function schemeOf(req: FastifyRequest): 'http' | 'https' {
  return req.server.deps.config.env === 'production' || req.protocol === 'https' ? 'https' : 'http';
}

const ZProviderParam = z.object({
  provider: z.enum(['google', 'microsoft']).describe('The OpenID provider: google or microsoft'),
});
const PROVIDER = { google: 'GOOGLE', microsoft: 'MICROSOFT' } as const;

/** Google and Microsoft sign-in (OpenID Connect, authorization code with PKCE). Both answer with redirects. */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const clients = createOidcClients(app.deps.config.oidc);

  app.get(
    '/auth/oidc/:provider/start',
    {
      config: { host: 'workspace', auth: 'none' },
      schema: {
        tags: ['auth'],
        operationId: 'startOidcSignIn',
        summary: 'Start signing in with Google or Microsoft (a browser navigation; answers 302)',
        description:
          "Redirects to the provider when it is configured and enabled in the workspace's socialPlatformSet, and sets a short-lived cookie binding the sign-in to this browser; otherwise redirects to `/signin?oidcError=not_enabled`. `redirect` is kept only when it is a path on this host.",
        params: ZProviderParam,
        querystring: z.object({
          redirect: z.string().max(2048).optional().describe('Where to go after signing in: a path on this host'),
        }),
        otherResponses: { 302: { description: 'To the provider, or to `/signin?oidcError=not_enabled` on this host' } },
      },
    },
    async (req, reply) => {
      const scheme = schemeOf(req);
      const result = await service.startSignIn(ctxOf(req), clients, {
        provider: PROVIDER[req.params.provider],
        redirect: req.query.redirect,
        scheme,
        log: req.log,
      });
      reply.header('cache-control', 'no-store');
      if (result.ok) {
        reply.setCookie(SIGNIN_BINDING_COOKIE, result.binding, {
          path: '/api/session',
          maxAge: OIDC_LOGIN_TTL_SECONDS,
          httpOnly: true,
          secure: scheme === 'https',
          sameSite: 'lax',
        });
      }
      return reply.redirect(result.location, 302);
    },
  );

  app.get(
    '/auth/oidc/callback',
    {
      config: { host: 'platform', auth: 'none' },
      schema: {
        tags: ['auth'],
        operationId: 'oidcCallback',
        summary: "The providers' redirect URI (platform host; answers 302 to the workspace's /signin)",
        description:
          'Register `{scheme}://{PLATFORM_HOST}/api/auth/oidc/callback` with Google and Microsoft. On success redirects to `/signin#handoff={id}` on the workspace host (exchange it with `GET /api/session/get/{id}` from the same browser); on failure to `/signin?oidcError=failed|no_account|email_unverified|cancelled|not_enabled`. An unknown, used or expired `state` answers 400.',
        querystring: z.object({
          state: z.string().max(512).optional(),
          code: z.string().max(4096).optional(),
          iss: z.string().max(2048).optional(),
          error: z.string().max(256).optional(),
          error_description: z.string().max(2048).optional(),
        }),
        otherResponses: {
          302: { description: "To the workspace's `/signin#handoff={id}`, or `/signin?oidcError=…` there" },
        },
      },
    },
    async (req, reply) => {
      const scheme = schemeOf(req);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      const location = await service.finishSignIn(ctxOf(req), clients, {
        state: req.query.state,
        error: req.query.error,
        currentUrl: new URL(req.url, service.callbackUrl(scheme, app.deps.config.platformHost)),
        scheme,
        log: req.log,
      });
      return reply.redirect(location, 302);
    },
  );
};

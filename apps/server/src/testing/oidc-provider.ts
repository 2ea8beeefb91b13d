import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

type Stored = { payload: Record<string, unknown> & { uid?: string; userCode?: string; grantId?: string } };

/** oidc-provider's storage, in memory per provider instance (it warns about its own default). */
function memoryAdapter() {
  const store = new Map<string, Stored>();
  return class MemoryAdapter {
    private readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Stored['payload']) {
      store.set(this.key(id), { payload });
    }
    async find(id: string) {
      return store.get(this.key(id))?.payload;
    }
    async findByUid(uid: string) {
      return [...store.values()].find((s) => s.payload.uid === uid)?.payload;
    }
    async findByUserCode(userCode: string) {
      return [...store.values()].find((s) => s.payload.userCode === userCode)?.payload;
    }
    async consume(id: string) {
      const found = store.get(this.key(id));
      if (found) found.payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [k, s] of store) if (s.payload.grantId === grantId) store.delete(k);
    }
  };
}

/** A person known to the test identity provider. */
export type TestIdpUser = {
  /** The provider's stable subject identifier (`sub`). */
  sub: string;
  email: string;
  /** What the ID token's `email_verified` claim says. */
  emailVerified: boolean;
  name?: string;
};

/** A real OpenID provider (oidc-provider) on a local port, standing in for Google or Microsoft. */
export type TestIdp = {
  /** Issuer identifier, e.g. `http://127.0.0.1:41234` (http: the app needs OIDC_ALLOW_INSECURE_HTTP). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people who can sign in; tests add and change them (a changed email keeps the subject). */
  users: Map<string, TestIdpUser>;
  /** Adds or replaces a person. */
  addUser(user: TestIdpUser): TestIdpUser;
  /** The authorization requests received, newest last (what the app sent: state, nonce, PKCE challenge…). */
  authorizationRequests: URLSearchParams[];
  close(): Promise<void>;
};

export type TestIdpOptions = {
  /** Shown on the sign-in page, e.g. "Google (test)". */
  name: string;
  /** Redirect URIs the client may use, e.g. `http://localhost:3000/api/auth/oidc/callback`. */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  port?: number;
  users?: TestIdpUser[];
};

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><main>${body}</main></body></html>`;
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

/**
 * Starts a real OpenID provider on 127.0.0.1 with one confidential client (client_secret_post,
 * authorization code only). Its sign-in page is a plain form: type an email address or a subject
 * and press "Sign in" (or "Cancel", which answers `access_denied`). Consent is implied. PKCE and
 * nonce are optional here, as at Google, so that tests prove the app sends them. The ID token
 * carries `email` and `email_verified`, as Google's does.
 */
export async function startTestIdp(opts: TestIdpOptions): Promise<TestIdp> {
  const users = new Map<string, TestIdpUser>();
  const addUser = (u: TestIdpUser) => {
    users.set(u.sub, u);
    return u;
  };
  for (const u of opts.users ?? []) addUser(u);
  const authorizationRequests: URLSearchParams[] = [];
  const clientId = opts.clientId ?? `client-${randomBytes(4).toString('hex')}`;
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('base64url');

  let handler: http.RequestListener = (_req, res) => res.writeHead(503).end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: 'test-key' };
  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    adapter: memoryAdapter(),
    jwks: { keys: [jwk as never] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Grant: 3600, Session: 3600 },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Google puts the email claims in the ID token itself.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => false },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const user = users.get(sub);
      if (!user) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: user.email,
          email_verified: user.emailVerified,
          ...(user.name ? { name: user.name } : {}),
        }),
      };
    },
    // First-party client: consent is implied, so the only interaction is the sign-in form.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<h1>Sign-in error</h1><p>${escapeHtml(JSON.stringify(out))}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  const callback = provider.callback();

  const loginForm = (uid: string, message = '') =>
    page(
      `Sign in — ${opts.name}`,
      `<h1>Sign in to ${escapeHtml(opts.name)}</h1>${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
  <label for="login">Email or subject</label>
  <input id="login" name="login" autocomplete="off" autofocus>
  <button type="submit">Sign in</button>
</form>
<form method="post" action="/interaction/${uid}/abort"><button type="submit">Cancel</button></form>`,
    );

  handler = async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (url.pathname === '/auth') authorizationRequests.push(new URLSearchParams(url.search));
    const m = /^\/interaction\/([\w-]+)(\/login|\/abort)?$/.exec(url.pathname);
    if (!m) {
      callback(req, res);
      return;
    }
    try {
      const details = await provider.interactionDetails(req, res);
      if (req.method === 'GET' && !m[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginForm(details.uid));
        return;
      }
      if (req.method === 'POST' && m[2] === '/abort') {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      if (req.method === 'POST' && m[2] === '/login') {
        const login = ((await readForm(req)).get('login') ?? '').trim().toLowerCase();
        const user = [...users.values()].find((u) => u.sub.toLowerCase() === login || u.email.toLowerCase() === login);
        if (!user) {
          res
            .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
            .end(loginForm(details.uid, 'No such account.'));
          return;
        }
        await provider.interactionFinished(
          req,
          res,
          { login: { accountId: user.sub } },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      res.writeHead(405).end();
    } catch (err) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end(String(err));
    }
  };

  return {
    issuer,
    clientId,
    clientSecret,
    users,
    addUser,
    authorizationRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

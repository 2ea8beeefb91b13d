import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { LIMITS } from '@app/contract';
import { getDomain } from 'tldts-icann';
import { z } from 'zod';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './rate-limit.ts';
import { DEFAULT_SPREADSHEET_LIMITS, type SpreadsheetLimits } from './spreadsheets.ts';

const SERVICE_NAMES = ['main', 'lms', 'cms'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'use true or false' })
    .optional()
    .transform((v) => (v === undefined ? def : ['true', '1', 'yes'].includes(v)));

/**
 * A session unused for this long ends (401, revoked), whatever is left of its 120 days: a working
 * day with its breaks stays signed in, a token left overnight in a browser does not.
 */
export const DEFAULT_SESSION_IDLE_MINUTES = 12 * 60;

/** A web build's API base URL (`VITE_*_API_URL`): a path on the same origin, or an http(s) URL. */
const apiBaseUrl = z
  .string()
  .refine(
    (v) => v.startsWith('/') || (/^https?:\/\//.test(v) && URL.canParse(v)),
    'must be a path (/api) or an http(s) URL',
  )
  .optional();

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** `1`: the server's clock can be set through `POST /dev/clock` (browser tests); never in production. */
  TEST_CLOCK: z.enum(['0', '1']).optional(),
  PORT: z.coerce.number({ message: 'must be a port number' }).int().min(0).max(65535).default(3000),
  LISTEN_HOST: z.string().min(1).default('localhost'),
  PLATFORM_HOST: z
    .string()
    .regex(/^[a-z0-9.-]+(:\d+)?$/i, 'must be host[:port], e.g. localhost:3000')
    .optional(),
  /** The origin SCORM content is served from (never a workspace's or the platform's host). */
  LMS_CONTENT_ORIGIN: z
    .string()
    .refine(
      (v) => URL.canParse(v) && /^https?:\/\/[^/]+\/?$/i.test(v),
      'must be an http(s) origin without a path, e.g. http://scorm.localhost:3000',
    )
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SERVICES: z
    .string()
    .default('main,lms,cms')
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const bad = list.filter((s) => !(SERVICE_NAMES as readonly string[]).includes(s));
      if (bad.length > 0 || list.length === 0) {
        ctx.addIssue({ code: 'custom', message: `unknown service(s) "${bad.join(',')}"; use main, lms, cms` });
        return z.NEVER;
      }
      return [...new Set(list)] as ServiceName[];
    }),
  DEMO_DATA: bool(true),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Compliance Platform <no-reply@localhost>'),
  SMS_GATEWAY_URL: z.url({ message: 'must be an http(s) URL' }).optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number({ message: 'must be a whole number' }).int().min(0).max(600_000).default(10_000),
  SPREADSHEET_CONCURRENCY: z.coerce.number({ message: 'must be a whole number' }).int().min(1).max(64).default(2),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  TRUST_PROXY: bool(false),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 48`)').optional(),
  OIDC_GOOGLE_ISSUER: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_MICROSOFT_ISSUER: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  OIDC_MICROSOFT_CLIENT_ID: z.string().optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().optional(),
  OIDC_ALLOW_INSECURE_HTTP: bool(false),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'use true or false' }).optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ message: 'must be a number of minutes' })
    .int()
    .min(10, 'must be at least 10 minutes')
    .max(LIMITS.accessTokenDays * 24 * 60, `must be at most ${LIMITS.accessTokenDays} days in minutes`)
    .default(DEFAULT_SESSION_IDLE_MINUTES),
  VITE_MAIN_API_URL: apiBaseUrl,
  VITE_LMS_API_URL: apiBaseUrl,
  VITE_CMS_API_URL: apiBaseUrl,
});

/** The OpenID providers a workspace may offer (`socialPlatformSet`). */
export const OIDC_PROVIDERS = ['GOOGLE', 'MICROSOFT'] as const;
export type OidcProviderName = (typeof OIDC_PROVIDERS)[number];

/** One OpenID provider's client registration. */
export type OidcProviderConfig = {
  /** Issuer identifier; its `/.well-known/openid-configuration` is discovered on first use. */
  issuer: string;
  clientId: string;
  clientSecret: string;
};

/** OpenID Connect sign-in: the configured providers, and whether http:// issuers are allowed (tests only). */
export type OidcConfig = Partial<Record<OidcProviderName, OidcProviderConfig>> & { allowInsecureHttp: boolean };

/** Server configuration, read once at start-up. */
export type Config = {
  env: 'development' | 'production' | 'test';
  /**
   * Whether the server runs on a test clock that `POST /dev/clock` sets and advances: NODE_ENV=test
   * or TEST_CLOCK=1, never in production.
   */
  testClock: boolean;
  port: number;
  listenHost: string;
  platformHost: string;
  /**
   * The origin SCORM packages are played and served from (LMS_CONTENT_ORIGIN, default
   * `http://scorm.localhost:<PORT>`): no workspace or platform host, no session, no cookies.
   */
  lmsContentOrigin: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  services: ServiceName[];
  demoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  smsGatewayUrl: string | undefined;
  smsGatewayToken: string | undefined;
  bodyLimitBytes: number;
  /** On SIGTERM/SIGINT: how long in-flight requests and jobs may take to finish before the process exits. */
  shutdownTimeoutMs: number;
  logLevel: string;
  webDistDir: string;
  trustProxy: boolean;
  /** Key of the HMACs that one-time codes are stored under and file links are signed with. */
  authSecret: string;
  /** The file `authSecret` was read from (or created in), or undefined when it came from AUTH_SECRET. */
  authSecretFile: string | undefined;
  /** Limits of the sign-in paths (tests tighten or loosen them). */
  rateLimits: RateLimits;
  /**
   * Spreadsheet uploads (bulk invitations and users): how many are read at once in this process
   * (more → 503 with Retry-After), and what one may cost (tests tighten the limits).
   */
  spreadsheets: { concurrency: number; limits: SpreadsheetLimits };
  /** Google and Microsoft sign-in; a provider is absent unless all three of its variables are set. */
  oidc: OidcConfig;
  /** Where uploaded files live (see core/storage.ts). */
  storage: StorageConfig;
  /** A session not used for this many minutes is refused and revoked (SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
  /**
   * Origins other than its own that the web app calls (the `VITE_*_API_URL` it was built with, when
   * they point elsewhere): allowed in the Content-Security-Policy's connect-src.
   */
  webApiOrigins: string[];
};

/** S3-compatible object storage (AWS S3, MinIO, Ceph, R2…). */
export type S3Config = {
  bucket: string;
  region: string;
  /** Endpoint of a non-AWS service; undefined for AWS itself. */
  endpoint: string | undefined;
  /** Explicit keys; undefined to use the SDK's default credential chain (instance role, env, profile). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key` (MinIO, s3rver). */
  forcePathStyle: boolean;
};

/** File storage: local disk under `dir`, unless `s3` is configured. */
export type StorageConfig = { dir: string; s3: S3Config | null };

/** Thrown when the environment holds a bad value; the message names every bad variable. */
export class ConfigError extends Error {}

/** A host's registrable domain (example.co.in for app.example.co.in; the host itself for an IP or a bare name). */
function registrableDomain(host: string): string {
  const name = host
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return getDomain(name) ?? name;
}

/**
 * In production SCORM packages (anyone's HTML and JavaScript) must be served from an origin set on
 * purpose (LMS_CONTENT_ORIGIN) on another registrable domain than the platform's: a sibling
 * subdomain (scorm.example.com beside app.example.com) shares the site, so a package could set
 * cookies for the platform and be treated as same-site (issue 21, item 25).
 */
function contentOriginOrThrow(origin: string | undefined, platformHost: string): void {
  if (!origin)
    throw new ConfigError(
      'Invalid configuration:\n  LMS_CONTENT_ORIGIN="": required in production: the origin SCORM packages are served from, on another registrable domain than PLATFORM_HOST (e.g. https://content.example-learning.com for app.example.com)',
    );
  const content = registrableDomain(new URL(origin).host);
  if (content === registrableDomain(platformHost))
    throw new ConfigError(
      `Invalid configuration:\n  LMS_CONTENT_ORIGIN=${JSON.stringify(origin)}: must be on another registrable domain than PLATFORM_HOST (${platformHost}): ${content} is the platform's own`,
    );
}

/**
 * Reads and validates the environment. Throws ConfigError naming the variable on a bad value.
 * Without AUTH_SECRET (allowed outside production), the secret is read from `<DATA_DIR>/auth-secret`,
 * which is created with a new random secret on first start.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ZEnv.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `  ${i.path.join('.')}=${JSON.stringify(env[String(i.path[0])] ?? '')}: ${i.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (production && !e.AUTH_SECRET) {
    throw new ConfigError(
      'Invalid configuration:\n  AUTH_SECRET="": required in production (at least 32 random characters)',
    );
  }
  const platformHost = (e.PLATFORM_HOST ?? `localhost:${e.PORT}`).toLowerCase();
  const oidc = oidcConfig(e, production);
  if (production) contentOriginOrThrow(e.LMS_CONTENT_ORIGIN, platformHost);
  const dataDir = path.resolve(e.DATA_DIR);
  const authSecretFile = e.AUTH_SECRET ? undefined : path.join(dataDir, AUTH_SECRET_FILE);
  const storage: StorageConfig = {
    dir: path.resolve(e.STORAGE_DIR ?? path.join(dataDir, 'files')),
    s3: s3Config(e),
  };
  return {
    env: e.NODE_ENV,
    testClock: !production && (e.NODE_ENV === 'test' || e.TEST_CLOCK === '1'),
    port: e.PORT,
    listenHost: e.LISTEN_HOST,
    platformHost,
    lmsContentOrigin: new URL(e.LMS_CONTENT_ORIGIN ?? `http://scorm.localhost:${e.PORT}`).origin,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    services: e.SERVICES,
    demoData: production ? false : e.DEMO_DATA,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    smsGatewayUrl: e.SMS_GATEWAY_URL,
    smsGatewayToken: e.SMS_GATEWAY_TOKEN,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(import.meta.dirname, '../../../web/dist')),
    trustProxy: e.TRUST_PROXY,
    // Last, so that a configuration refused for another reason creates no file.
    authSecret: e.AUTH_SECRET ?? readOrCreateAuthSecret(authSecretFile!),
    authSecretFile,
    rateLimits: DEFAULT_RATE_LIMITS,
    spreadsheets: { concurrency: e.SPREADSHEET_CONCURRENCY, limits: DEFAULT_SPREADSHEET_LIMITS },
    oidc,
    storage,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    webApiOrigins: [
      ...new Set(
        [e.VITE_MAIN_API_URL, e.VITE_LMS_API_URL, e.VITE_CMS_API_URL]
          .filter((u): u is string => u?.startsWith('http') ?? false)
          .map((u) => new URL(u).origin),
      ),
    ],
  };
}

/** Name of the generated secret's file inside DATA_DIR. */
export const AUTH_SECRET_FILE = 'auth-secret';

/** The generated secret: 48 random bytes, base64 (64 characters). */
const GENERATED_SECRET = /^[A-Za-z0-9+/]{64,}={0,2}$/;

/**
 * Reads the secret kept in `file`, or creates the file (mode 0600) with a new random secret. Two
 * processes starting at once agree: the file appears whole (a hard link to a written temporary file)
 * or not at all, and the process that finds it there reads it. A file
 * that does not hold a generated secret (truncated, edited, corrupt) stops the start: a silently
 * replaced secret would break every link and code in flight, and a weak one would be worse.
 */
function readOrCreateAuthSecret(file: string): string {
  const unusable = (err: unknown) =>
    new ConfigError(
      `Invalid configuration:\n  ${file}: cannot keep the generated secret there (${(err as Error).message}).\n  Make DATA_DIR a writable folder, or set AUTH_SECRET.`,
    );
  const secret = randomBytes(48).toString('base64');
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  let kept: string;
  try {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temporary, `${secret}\n`, { mode: 0o600, flag: 'wx' });
    linkSync(temporary, file);
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || !existsSync(temporary)) throw unusable(err);
    try {
      kept = readFileSync(file, 'utf8').trim();
    } catch (readErr) {
      throw unusable(readErr);
    }
  } finally {
    if (existsSync(temporary)) rmSync(temporary);
  }
  if (!GENERATED_SECRET.test(kept)) {
    throw new ConfigError(
      `Invalid configuration:\n  ${file} does not hold a valid secret (expected the 64 base64 characters the server writes there).\n  Restore it, set AUTH_SECRET, or delete the file to generate a new secret (sign-in codes and file links issued before then stop working).`,
    );
  }
  return kept;
}

/**
 * Reads the S3 settings: none of them (local disk), or at least S3_BUCKET and S3_REGION, with both
 * keys or neither. A partial setting is refused rather than silently falling back to local disk.
 */
function s3Config(e: z.infer<typeof ZEnv>): S3Config | null {
  const names = [
    'S3_BUCKET',
    'S3_ENDPOINT',
    'S3_REGION',
    'S3_ACCESS_KEY_ID',
    'S3_SECRET_ACCESS_KEY',
    'S3_FORCE_PATH_STYLE',
  ] as const;
  const given = names.filter((n) => e[n] !== undefined);
  if (given.length === 0) return null;
  const problems: string[] = [];
  const requiredWith = (name: string) => problems.push(`  ${name}="": required with ${given.join(' and ')}`);
  if (!e.S3_BUCKET) requiredWith('S3_BUCKET');
  if (!e.S3_REGION) requiredWith('S3_REGION');
  if (e.S3_ACCESS_KEY_ID !== undefined && e.S3_SECRET_ACCESS_KEY === undefined) requiredWith('S3_SECRET_ACCESS_KEY');
  if (e.S3_SECRET_ACCESS_KEY !== undefined && e.S3_ACCESS_KEY_ID === undefined) requiredWith('S3_ACCESS_KEY_ID');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION!,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID !== undefined
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! }
        : undefined,
    forcePathStyle: ['true', '1', 'yes'].includes(e.S3_FORCE_PATH_STYLE ?? 'false'),
  };
}

/**
 * Reads the OpenID providers: all three variables of a provider, or none. An http:// issuer needs
 * OIDC_ALLOW_INSECURE_HTTP, which production refuses. Secrets are never echoed in the message.
 */
function oidcConfig(e: z.infer<typeof ZEnv>, production: boolean): OidcConfig {
  const problems: string[] = [];
  const line = (name: string, value: string | undefined, message: string) =>
    problems.push(
      `  ${name}=${JSON.stringify(name.endsWith('_SECRET') || value === undefined ? '' : value)}: ${message}`,
    );
  if (production && e.OIDC_ALLOW_INSECURE_HTTP) {
    line('OIDC_ALLOW_INSECURE_HTTP', 'true', 'not allowed in production (http:// issuers are for tests only)');
  }
  const oidc: OidcConfig = { allowInsecureHttp: e.OIDC_ALLOW_INSECURE_HTTP };
  for (const provider of OIDC_PROVIDERS) {
    const names = {
      issuer: `OIDC_${provider}_ISSUER`,
      clientId: `OIDC_${provider}_CLIENT_ID`,
      clientSecret: `OIDC_${provider}_CLIENT_SECRET`,
    } as const;
    const values = {
      issuer: e[names.issuer],
      clientId: e[names.clientId],
      clientSecret: e[names.clientSecret],
    };
    const set = Object.entries(values).filter(([, v]) => v !== undefined);
    if (set.length === 0) continue;
    if (set.length < 3) {
      const given = set.map(([k]) => names[k as keyof typeof names]).join(' and ');
      for (const [k, v] of Object.entries(values)) {
        if (v === undefined) line(names[k as keyof typeof names], v, `required with ${given}`);
      }
      continue;
    }
    if (values.issuer!.startsWith('http://') && !e.OIDC_ALLOW_INSECURE_HTTP) {
      line(
        names.issuer,
        values.issuer,
        'must be https:// (http:// only with OIDC_ALLOW_INSECURE_HTTP=true, for tests)',
      );
      continue;
    }
    oidc[provider] = { issuer: values.issuer!, clientId: values.clientId!, clientSecret: values.clientSecret! };
  }
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return oidc;
}

import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_SECRET_FILE, ConfigError, loadConfig } from './config.ts';

// Without AUTH_SECRET, loadConfig keeps a generated secret in DATA_DIR (./data by default): run in a
// temporary folder, so that no test writes into the developer's own data folder.
const startDir = process.cwd();
const workDir = mkdtempSync(path.join(os.tmpdir(), 'cp-config-test-'));
beforeAll(() => process.chdir(workDir));
afterAll(() => {
  process.chdir(startDir);
  rmSync(workDir, { recursive: true, force: true });
});

/** The ConfigError thrown for `env`, or a failure if none is thrown. */
function configError(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('loadConfig', () => {
  it('starts the whole platform on a fresh machine with no settings at all', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      env: 'development',
      port: 3000,
      listenHost: 'localhost',
      platformHost: 'localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      smsGatewayUrl: undefined,
      services: ['main', 'lms', 'cms'],
      demoData: true,
      bodyLimitBytes: 1_048_576,
      trustProxy: false,
    });
    expect(path.isAbsolute(c.dataDir)).toBe(true);
    expect(c.webDistDir).toMatch(/apps[\\/]web[\\/]dist$/);
  });

  it('lets PLATFORM_HOST follow PORT unless it is set, and lower-cases it', () => {
    expect(loadConfig({ PORT: '4000' }).platformHost).toBe('localhost:4000');
    expect(loadConfig({ PORT: '4000', PLATFORM_HOST: 'App.Example.COM' }).platformHost).toBe('app.example.com');
  });

  it('serves SCORM from LMS_CONTENT_ORIGIN, by default scorm.localhost on PORT', () => {
    expect(loadConfig({ PORT: '4000' }).lmsContentOrigin).toBe('http://scorm.localhost:4000');
    expect(loadConfig({ LMS_CONTENT_ORIGIN: 'https://Content.Example.com' }).lmsContentOrigin).toBe(
      'https://content.example.com',
    );
  });

  it('treats an empty variable as unset', () => {
    const c = loadConfig({ PORT: '', SERVICES: '', DEMO_DATA: '', DATABASE_URL: '' });
    expect(c).toMatchObject({ port: 3000, services: ['main', 'lms', 'cms'], demoData: true, databaseUrl: undefined });
  });

  it('reads a subset of services, trimmed and without repeats', () => {
    expect(loadConfig({ SERVICES: ' lms , cms,lms' }).services).toEqual(['lms', 'cms']);
  });

  it('accepts the usual spellings of true and false', () => {
    expect(loadConfig({ DEMO_DATA: 'no' }).demoData).toBe(false);
    expect(loadConfig({ DEMO_DATA: '0' }).demoData).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'yes' }).trustProxy).toBe(true);
  });

  it('accepts postgres:// and postgresql:// URLs, smtp:// and smtps://', () => {
    expect(loadConfig({ DATABASE_URL: 'postgresql://u@h/db' }).databaseUrl).toBe('postgresql://u@h/db');
    expect(loadConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe(
      'smtps://u:p@mail.example.com:465',
    );
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '80.5'],
    ['SERVICES', 'foo'],
    ['SERVICES', 'main,billing'],
    ['SERVICES', ' , '],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://x'],
    ['DEMO_DATA', 'maybe'],
    ['PLATFORM_HOST', 'https://localhost:3000/'],
    ['LMS_CONTENT_ORIGIN', 'scorm.localhost:3000'],
    ['LMS_CONTENT_ORIGIN', 'https://content.example.com/scorm'],
    ['NODE_ENV', 'staging'],
    ['SMS_GATEWAY_URL', 'not a url'],
    ['BODY_LIMIT_BYTES', '10'],
    ['LOG_LEVEL', 'loud'],
  ])('%s=%j throws a ConfigError naming the variable and the value', (name, value) => {
    const err = configError({ [name]: value });
    expect(err.message).toContain(`${name}=${JSON.stringify(value)}`);
    // Only the bad variable is named.
    expect(err.message.split('\n').filter((l) => /^\s+[A-Z_]+=/.test(l))).toHaveLength(1);
  });

  it('names every bad variable at once', () => {
    const err = configError({ PORT: 'abc', SERVICES: 'foo', SMTP_URL: 'http://x' });
    for (const name of ['PORT', 'SERVICES', 'SMTP_URL']) expect(err.message).toContain(`${name}=`);
  });

  /** What production needs besides AUTH_SECRET: its host, and SCORM content on another site. */
  const hosts = { PLATFORM_HOST: 'app.example.com', LMS_CONTENT_ORIGIN: 'https://content.example-learning.com' };

  it('never seeds demo data in production, whatever DEMO_DATA says', () => {
    const secret = 'x'.repeat(40);
    expect(loadConfig({ ...hosts, NODE_ENV: 'production', DEMO_DATA: 'true', AUTH_SECRET: secret }).demoData).toBe(
      false,
    );
    expect(loadConfig({ ...hosts, NODE_ENV: 'production', AUTH_SECRET: secret }).demoData).toBe(false);
  });

  it('in production, refuses to start without LMS_CONTENT_ORIGIN, or with one on the platform’s registrable domain', () => {
    const prod = { NODE_ENV: 'production', AUTH_SECRET: 'y'.repeat(32), PLATFORM_HOST: 'app.example.co.in' };
    expect(configError(prod).message).toMatch(/LMS_CONTENT_ORIGIN="": required in production/);
    for (const sibling of ['https://scorm.example.co.in', 'https://example.co.in:8443', 'https://app.example.co.in'])
      expect(configError({ ...prod, LMS_CONTENT_ORIGIN: sibling }).message).toMatch(
        /LMS_CONTENT_ORIGIN=.*must be on another registrable domain than PLATFORM_HOST/,
      );
    const ok = loadConfig({ ...prod, LMS_CONTENT_ORIGIN: 'https://scorm.example-content.co.in' });
    expect(ok.lmsContentOrigin).toBe('https://scorm.example-content.co.in');
    // Outside production the default (scorm.localhost) still serves development and tests.
    expect(loadConfig({ NODE_ENV: 'development', PORT: '3000' }).lmsContentOrigin).toBe('http://scorm.localhost:3000');
  });

  it('needs AUTH_SECRET in production, and a long one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: 'short' })).toThrow(/AUTH_SECRET.*32/);
    expect(loadConfig({ ...hosts, NODE_ENV: 'production', AUTH_SECRET: 'y'.repeat(32) }).authSecret).toBe(
      'y'.repeat(32),
    );
    expect(loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'true' }).demoData).toBe(true);
  });

  describe('OpenID providers (Google, Microsoft)', () => {
    const google = {
      OIDC_GOOGLE_ISSUER: 'https://accounts.google.com',
      OIDC_GOOGLE_CLIENT_ID: 'google-client',
      OIDC_GOOGLE_CLIENT_SECRET: 'google-secret-value',
    };

    it('configures none by default, and allows no http:// issuer', () => {
      expect(loadConfig({}).oidc).toEqual({ allowInsecureHttp: false });
    });

    it('configures a provider when all three of its variables are set', () => {
      const c = loadConfig({
        ...google,
        OIDC_MICROSOFT_ISSUER: 'https://login.microsoftonline.com/common/v2.0',
        OIDC_MICROSOFT_CLIENT_ID: 'ms-client',
        OIDC_MICROSOFT_CLIENT_SECRET: 'ms-secret',
      });
      expect(c.oidc).toEqual({
        allowInsecureHttp: false,
        GOOGLE: {
          issuer: 'https://accounts.google.com',
          clientId: 'google-client',
          clientSecret: 'google-secret-value',
        },
        MICROSOFT: {
          issuer: 'https://login.microsoftonline.com/common/v2.0',
          clientId: 'ms-client',
          clientSecret: 'ms-secret',
        },
      });
    });

    it('names each missing variable of a partly configured provider, never echoing a secret', () => {
      const err = configError({
        OIDC_GOOGLE_ISSUER: google.OIDC_GOOGLE_ISSUER,
        OIDC_GOOGLE_CLIENT_SECRET: 'hush-hush',
      });
      expect(err.message).toContain(
        'OIDC_GOOGLE_CLIENT_ID="": required with OIDC_GOOGLE_ISSUER and OIDC_GOOGLE_CLIENT_SECRET',
      );
      expect(err.message).not.toContain('hush-hush');
      const err2 = configError({ OIDC_MICROSOFT_CLIENT_ID: 'x' });
      expect(err2.message).toContain('OIDC_MICROSOFT_ISSUER=""');
      expect(err2.message).toContain('OIDC_MICROSOFT_CLIENT_SECRET=""');
    });

    it('refuses an issuer that is not an http(s) URL', () => {
      expect(configError({ ...google, OIDC_GOOGLE_ISSUER: 'accounts.google.com' }).message).toContain(
        'OIDC_GOOGLE_ISSUER="accounts.google.com"',
      );
      expect(configError({ ...google, OIDC_GOOGLE_ISSUER: 'ftp://idp.test' }).message).toContain('OIDC_GOOGLE_ISSUER=');
    });

    it('accepts an http:// issuer only with OIDC_ALLOW_INSECURE_HTTP, and never in production', () => {
      const local = { ...google, OIDC_GOOGLE_ISSUER: 'http://127.0.0.1:4455' };
      expect(configError(local).message).toMatch(/OIDC_GOOGLE_ISSUER="http:\/\/127\.0\.0\.1:4455": must be https/);
      const c = loadConfig({ ...local, OIDC_ALLOW_INSECURE_HTTP: 'true' });
      expect(c.oidc.allowInsecureHttp).toBe(true);
      expect(c.oidc.GOOGLE?.issuer).toBe('http://127.0.0.1:4455');
      const prod = configError({
        NODE_ENV: 'production',
        AUTH_SECRET: 'z'.repeat(40),
        OIDC_ALLOW_INSECURE_HTTP: 'true',
      });
      expect(prod.message).toContain('OIDC_ALLOW_INSECURE_HTTP="true": not allowed in production');
    });
  });

  describe('file storage', () => {
    it('keeps files on local disk under DATA_DIR/files by default, or under STORAGE_DIR', () => {
      const c = loadConfig({ DATA_DIR: '/srv/cp', AUTH_SECRET: 'z'.repeat(40) });
      expect(c.storage).toEqual({ dir: path.resolve('/srv/cp/files'), s3: null });
      expect(loadConfig({ STORAGE_DIR: '/mnt/uploads' }).storage.dir).toBe(path.resolve('/mnt/uploads'));
    });

    it('uses S3-compatible storage when the bucket and region are set', () => {
      const c = loadConfig({
        S3_BUCKET: 'cp-files',
        S3_REGION: 'ap-south-1',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'key-id',
        S3_SECRET_ACCESS_KEY: 'secret-key',
        S3_FORCE_PATH_STYLE: 'true',
      });
      expect(c.storage.s3).toEqual({
        bucket: 'cp-files',
        region: 'ap-south-1',
        endpoint: 'http://127.0.0.1:9000',
        credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret-key' },
        forcePathStyle: true,
      });
      // No keys: the SDK's own credential chain (an instance role, say).
      expect(loadConfig({ S3_BUCKET: 'cp-files', S3_REGION: 'eu-west-1' }).storage.s3).toMatchObject({
        credentials: undefined,
        endpoint: undefined,
        forcePathStyle: false,
      });
    });

    it('refuses a partial S3 setting, naming what is missing and never echoing the secret', () => {
      const noBucket = configError({ S3_REGION: 'eu-west-1', S3_SECRET_ACCESS_KEY: 'hush-hush' });
      expect(noBucket.message).toContain('S3_BUCKET="": required with S3_REGION and S3_SECRET_ACCESS_KEY');
      expect(noBucket.message).toContain('S3_ACCESS_KEY_ID="": required with');
      expect(noBucket.message).not.toContain('hush-hush');
      expect(configError({ S3_BUCKET: 'cp-files' }).message).toContain('S3_REGION="": required with S3_BUCKET');
      expect(configError({ S3_BUCKET: 'cp-files', S3_REGION: 'x', S3_ACCESS_KEY_ID: 'id' }).message).toContain(
        'S3_SECRET_ACCESS_KEY="": required with',
      );
    });

    it('refuses a bad bucket name, endpoint or path-style flag', () => {
      expect(configError({ S3_BUCKET: 'Bad_Bucket', S3_REGION: 'x' }).message).toMatch(
        /S3_BUCKET="Bad_Bucket": must be/,
      );
      expect(configError({ S3_BUCKET: 'ok-bucket', S3_REGION: 'x', S3_ENDPOINT: 'ftp://h' }).message).toMatch(
        /S3_ENDPOINT="ftp:\/\/h": must be an http/,
      );
      expect(configError({ S3_BUCKET: 'ok-bucket', S3_REGION: 'x', S3_FORCE_PATH_STYLE: 'maybe' }).message).toMatch(
        /S3_FORCE_PATH_STYLE="maybe": use true or false/,
      );
    });
  });

  describe('AUTH_SECRET outside production', () => {
    const freshDir = () => mkdtempSync(path.join(workDir, 'data-'));

    it('is generated on first start into DATA_DIR/auth-secret (mode 0600), and read back on the next', () => {
      const dataDir = freshDir();
      const first = loadConfig({ DATA_DIR: dataDir });
      const file = path.join(dataDir, AUTH_SECRET_FILE);
      expect(first.authSecretFile).toBe(file);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8').trim()).toBe(first.authSecret);
      expect(Buffer.from(first.authSecret, 'base64').length).toBeGreaterThanOrEqual(48);
      expect(loadConfig({ DATA_DIR: dataDir }).authSecret).toBe(first.authSecret);
    });

    it('is no constant: two fresh data folders get different secrets', () => {
      const a = loadConfig({ DATA_DIR: freshDir() }).authSecret;
      const b = loadConfig({ NODE_ENV: 'test', DATA_DIR: freshDir() }).authSecret;
      expect(a).not.toBe(b);
      expect(a).not.toBe('development-only-auth-secret-do-not-use-in-production');
    });

    it('uses AUTH_SECRET when it is set, and then writes no file', () => {
      const dataDir = freshDir();
      const c = loadConfig({ DATA_DIR: dataDir, AUTH_SECRET: 's'.repeat(40) });
      expect(c).toMatchObject({ authSecret: 's'.repeat(40), authSecretFile: undefined });
      expect(() => statSync(path.join(dataDir, AUTH_SECRET_FILE))).toThrow(/ENOENT/);
    });

    it('stops with a clear message on a short or corrupt secret file', () => {
      for (const content of ['', 'too-short\n', `${'!'.repeat(70)}\n`]) {
        const dataDir = freshDir();
        writeFileSync(path.join(dataDir, AUTH_SECRET_FILE), content, { mode: 0o600 });
        const err = configError({ DATA_DIR: dataDir });
        expect(err.message).toContain(path.join(dataDir, AUTH_SECRET_FILE));
        expect(err.message).toMatch(/does not hold a valid secret/);
      }
    });

    it('stops with a clear message when DATA_DIR cannot hold the file', () => {
      const notAFolder = path.join(freshDir(), 'a-file');
      writeFileSync(notAFolder, 'x');
      expect(configError({ DATA_DIR: notAFolder }).message).toMatch(/auth-secret: cannot keep .* set AUTH_SECRET/s);
    });

    it('creates nothing when the configuration is refused for another reason', () => {
      const dataDir = freshDir();
      configError({ DATA_DIR: dataDir, PORT: 'abc' });
      configError({ DATA_DIR: dataDir, NODE_ENV: 'production' });
      expect(() => statSync(path.join(dataDir, AUTH_SECRET_FILE))).toThrow(/ENOENT/);
    });
  });
});

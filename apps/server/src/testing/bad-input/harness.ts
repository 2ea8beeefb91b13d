import { ZErrorResponse } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../core/db/database.ts';
import { withPlatform } from '../../core/db/tenant.ts';
import {
  type AWorkspace,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  multipart,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../index.ts';
import { BODY_LIMIT, type Caller, ROUTES, routesOf, type Shard, shardsOf } from './routes.ts';

/** The routes the app registered, read off Fastify's route tree (HEAD twins left out). */
export function registeredRoutes(t: TestApp): string[] {
  const found: string[] = [];
  const stack: string[] = [];
  for (const line of t.app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^((?:│ {3}| {4})*)(?:├── |└── )(.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!m) continue;
    const depth = (m[1] ?? '').length / 4;
    stack.length = depth;
    const path = (stack[depth - 1] ?? '') + m[2];
    stack.push(path);
    for (const method of (m[3] ?? '').split(', ').filter((x) => x && x !== 'HEAD')) found.push(`${method} ${path}`);
  }
  return found;
}

/** Asserts the one error shape, with the HTTP status repeated in the body and a message for a person. */
export function expectError(res: LightMyRequestResponse, status: number, code?: string) {
  expect({ status: res.statusCode, body: res.body.slice(0, 300) }).toMatchObject({ status });
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = ZErrorResponse.strict().parse(res.json());
  expect(body.status).toBe(status);
  expect(body.message.trim().length).toBeGreaterThan(5);
  if (code) expect(body.code).toBe(code);
  return body;
}

let t: TestApp;
let operatorToken: string;
let adminToken: string;
/** The workspace (its own, made by the factories) whose host the workspace routes are called on. */
let WS_HOST: string;
/** That workspace's id (for an operator upload naming a workspace in a field). */
let WS_ID: string;
/** That workspace as the factories made it (for upload URLs naming records the API alone cannot make). */
let WS: AWorkspace;

/** The concrete URL of a body route with path parameters. */
function routeUrl(route: string): string | undefined {
  const entry = ROUTES[route];
  return entry?.input === 'body' || entry?.input === 'multipart' ? entry.url : undefined;
}

function send(route: string, caller: Caller, opts: { payload?: string; contentType?: string; url?: string } = {}) {
  const [method, url] = route.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
  return t.request(caller === 'operator' ? TEST_PLATFORM_HOST : WS_HOST, {
    method,
    url: opts.url ?? routeUrl(route) ?? url,
    ...(caller === 'operator' ? { token: operatorToken } : caller === 'admin' ? { token: adminToken } : {}),
    ...(caller === 'operator' ? { token: operatorToken } : {}),
    ...(caller === 'admin' ? { token: adminToken } : {}),
    ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
    headers: opts.contentType ? { 'content-type': opts.contentType } : {},
  });
}

/** What a bad request must not change: the flags, the sessions and the audit trail. */
async function stateSnapshot() {
  const flags = (await send('GET /api/feature-flags', 'operator')).json();
  const counts = await withPlatform(t.database.db, { action: 'test.snapshot', audit: false }, (tx) =>
    queryRows(
      tx,
      sql`select (select count(*)::int from sessions) as sessions, (select count(*)::int from audit_log) as audit`,
    ),
  );
  return { flags, counts };
}

/** Builds the app (with a small body limit), the operator and a workspace admin before the file's tests; closes it after. */
function useApp() {
  beforeAll(async () => {
    t = await createTestApp({ config: { bodyLimitBytes: BODY_LIMIT } });
    operatorToken = await (await anOperator(t)).signIn(t);
    const ws = await aWorkspace(t, { name: 'Bad Input Works' });
    WS_HOST = ws.host;
    WS_ID = ws.id;
    WS = ws;
    adminToken = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).signIn(t);
  });
  afterAll(() => t.close());
}

/** A multipart/form-data body with one file part (or none), after the text `fields`. */
function multipartBody(file: { name: string; data: Buffer } | null, fields: Record<string, string> = {}) {
  const boundary = '----bad-input-probe';
  const head = file
    ? `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: image/png\r\n\r\n`
    : '';
  const texts = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const payload = Buffer.concat([
    Buffer.from(texts),
    Buffer.from(head),
    file?.data ?? Buffer.alloc(0),
    Buffer.from(`${file ? '\r\n' : ''}--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The route table: every route the app serves has an entry in `routes.ts`, and each entry is in
 * exactly one shard; odd host parameters and paths, which belong to no module.
 */
export function routeTableCases() {
  useApp();
  describe('the route table', () => {
    it('lists exactly the routes the app serves under /api, /lms/api and /cms/api (the API reference aside)', () => {
      const served = registeredRoutes(t).filter(
        (r) => /^\w+ \/(lms\/|cms\/)?api\//.test(r) && !r.includes(' /api/docs'),
      );
      expect(served.sort()).toEqual(Object.keys(ROUTES).sort());
    });

    it('puts every route in exactly one shard (SHARDS in routes.ts), so that its cases run', () => {
      const misplaced = Object.keys(ROUTES)
        .map((route) => ({ route, shards: shardsOf(route) }))
        .filter((r) => r.shards.length !== 1);
      expect(misplaced).toEqual([]);
    });
  });

  describe('odd host parameters and paths', () => {
    it.each([
      { what: 'a 400-character host', host: 'a'.repeat(400), status: 414, code: 'URI_TOO_LONG' },
      { what: 'a 256-character host', host: `${'a'.repeat(252)}.com`, status: 400, code: 'VALIDATION_FAILED' },
      { what: 'a broken %-escape', host: '%E0%A4%A', status: 400, code: 'BAD_URL' },
      { what: 'bytes that are not UTF-8', host: '%ff%fe', status: 400, code: 'BAD_URL' },
      { what: 'a NUL character', host: 'acme%00.localhost:3000', status: 400, code: 'VALIDATION_FAILED' },
      { what: 'SQL', host: "acme.localhost:3000'%20or%20'1'%3D'1", status: 404, code: 'UNKNOWN_HOST' },
      { what: 'a path traversal', host: '..%2F..%2Fetc%2Fpasswd', status: 404, code: 'UNKNOWN_HOST' },
      { what: 'a newline inside', host: 'acme%0A.localhost:3000', status: 404, code: 'UNKNOWN_HOST' },
      { what: 'a right-to-left override', host: '%E2%80%AEacme', status: 404, code: 'UNKNOWN_HOST' },
      { what: 'only a space', host: '%20', status: 404, code: 'UNKNOWN_HOST' },
    ])('company-profile with $what → $status', async ({ host, status, code }) => {
      const res = await send('GET /api/workspace/company-profile/:host', 'anonymous', {
        url: `/api/workspace/company-profile/${host}`,
      });
      expectError(res, status, code);
    });

    it('company-profile still answers for a real host, however it is cased or padded', async () => {
      const res = await send('GET /api/workspace/company-profile/:host', 'anonymous', {
        url: `/api/workspace/company-profile/%20${WS_HOST.toUpperCase()}%20`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().companyName).toBe('Bad Input Works');
    });

    it('a path escaping the API reference is not served', async () => {
      for (const url of [
        '/api/docs/static/..%2F..%2F..%2Fpackage.json',
        '/api/docs/static/%2e%2e/%2e%2e/package.json',
      ]) {
        const res = await t.request(WS_HOST, { method: 'GET', url });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.body).not.toContain('"workspaces"');
      }
    });
  });
}

/** The generated bad-input cases of the routes of `shard` (see `SHARDS` in routes.ts). */
export function badInputCases(shard: Shard) {
  const routes = routesOf(shard);
  const bodyRoutes = Object.entries(routes).flatMap(([key, r]) => (r.input === 'body' ? [{ key, ...r }] : []));
  useApp();

  describe('bad bodies are refused with a 4xx in the one error shape, and change nothing', () => {
    let before: Awaited<ReturnType<typeof stateSnapshot>>;
    beforeAll(async () => {
      before = await stateSnapshot();
    });

    describe.each(bodyRoutes)('$key', (route) => {
      const json = (body: unknown) =>
        send(route.key, route.caller, {
          payload: JSON.stringify(body),
          contentType: 'application/json',
          ...(route.url ? { url: route.url } : {}),
        });

      it.each(route.wrongTypes.map((body) => [JSON.stringify(body), body]))('wrong type %s → 400', async (_, body) => {
        const err = expectError(await json(body), 400, 'VALIDATION_FAILED');
        expect(err.details?.length).toBeGreaterThan(0);
        for (const d of err.details ?? []) expect(d.path).toMatch(/^body(\.\w+)*$/);
      });

      it.each(route.missing.map((body) => [JSON.stringify(body), body]))('missing field %s → 400', async (_, body) => {
        expectError(await json(body), 400, 'VALIDATION_FAILED');
      });

      it.each([
        ['null', 'null'],
        ['an array', '[]'],
        ['a string', '"hello"'],
        ['a number', '12'],
      ])('a JSON body that is %s → 400 naming the body', async (_, payload) => {
        const err = expectError(await send(route.key, route.caller, { payload, contentType: 'application/json' }), 400);
        expect(err.details?.[0]?.path).toBe('body');
        expect(err.message).toMatch(/^Check body: /);
      });

      it.each(['{"a":', '{key: 1}', "{'a': 1}", '{"a": 1}}', '\u0000'])('malformed JSON %j → 400', async (payload) => {
        expectError(
          await send(route.key, route.caller, { payload, contentType: 'application/json' }),
          400,
          'MALFORMED_JSON',
        );
      });

      it('a body nested deeper than 64 levels → 400 JSON_TOO_DEEP, before it is parsed', async () => {
        const deep = `${'['.repeat(80)}${']'.repeat(80)}`;
        const payload = JSON.stringify({ nested: 0, ...route.valid }).replace('{"nested":0', `{"nested":${deep}`);
        const err = expectError(
          await send(route.key, route.caller, {
            payload,
            contentType: 'application/json',
            ...(route.url ? { url: route.url } : {}),
          }),
          400,
          'JSON_TOO_DEEP',
        );
        expect(err.message).toMatch(/64 levels/);
      });

      it('an empty JSON body → 400', async () => {
        expectError(
          await send(route.key, route.caller, { payload: '', contentType: 'application/json' }),
          400,
          'MALFORMED_JSON',
        );
      });

      it.each([
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
      ])('a %s body (even if it holds JSON) → 415', async (contentType) => {
        const res = await send(route.key, route.caller, { payload: JSON.stringify(route.valid), contentType });
        expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      });

      it(`a body over the limit (${BODY_LIMIT} bytes) → 413`, async () => {
        const body = { ...route.valid, padding: 'x'.repeat(BODY_LIMIT + 100) };
        expectError(await json(body), 413, 'PAYLOAD_TOO_LARGE');
      });

      it.each(['\u0000', '\ud800', '\udc00'])(
        'a string holding %j (which PostgreSQL cannot store) → 400',
        async (bad) => {
          const [field, value] = Object.entries(route.valid).find(([, v]) => typeof v === 'string') ?? [];
          if (field === undefined) {
            // A body holding only lists of strings (ids): the bad string goes in the list.
            const [list, items] = Object.entries(route.valid).find(([, v]) => Array.isArray(v)) ?? [];
            // A body of numbers and switches only (a course's recurrence): no string to hold one.
            if (list === undefined) return;
            const err = expectError(
              await json({ ...route.valid, [list!]: [`a${bad}${(items as string[])[0]}`] }),
              400,
              'VALIDATION_FAILED',
            );
            expect(err.details?.[0]?.path).toBe(`body.${list}.0`);
            return;
          }
          const err = expectError(await json({ ...route.valid, [field]: `a${bad}${value}` }), 400, 'VALIDATION_FAILED');
          expect(err.details?.[0]?.path).toBe(`body.${field}`);
        },
      );
    });

    it('none of the requests above changed the flags, the sessions or the audit trail', async () => {
      expect(await stateSnapshot()).toEqual(before);
    });
  });

  const uploadRoutes = Object.entries(routes).flatMap(([key, r]) => (r.input === 'upload' ? [{ key, ...r }] : []));

  describe.each(uploadRoutes)('bad uploads to $key are refused in the one error shape, and change nothing', (route) => {
    const [method, path] = route.key.split(' ') as ['POST' | 'PUT', string];
    let url = path;
    const post = (payload: string | Buffer, contentType: string) =>
      t.request(route.caller === 'operator' ? TEST_PLATFORM_HOST : WS_HOST, {
        method,
        url,
        payload,
        headers: { 'content-type': contentType },
        ...(route.caller === 'admin' ? { token: adminToken } : {}),
        ...(route.caller === 'operator' ? { token: operatorToken } : {}),
      });
    const fields = () => route.fields?.({ workspaceId: WS_ID }) ?? {};
    let before: Awaited<ReturnType<typeof stateSnapshot>>;
    beforeAll(async () => {
      if (route.url) url = await route.url(send, WS);
      before = await stateSnapshot();
    });

    it.each([
      ['a JSON body', '{"file":"logo.png"}', 'application/json', 415],
      ['a text body', 'logo', 'text/plain', 415],
    ])('%s → %i', async (_, payload, contentType, status) => {
      expectError(await post(payload, contentType), status);
    });

    it.each([
      ['no file', null, 400],
      ['an empty file', { name: 'a.png', data: Buffer.alloc(0) }, 400],
      ['text named .png', { name: 'a.png', data: Buffer.from('<script>alert(1)</script>') }, 415],
      ['an executable named .png', { name: 'a.png', data: Buffer.from('7f454c46020101000000', 'hex') }, 415],
    ] as const)('%s → %i', async (_, file, status) => {
      const { payload, contentType } = multipartBody(
        file ? { name: file.name, data: Buffer.from(file.data) } : null,
        fields(),
      );
      expectError(await post(payload, contentType), status);
    });

    it('a file over the limit → 413', async () => {
      const { payload, contentType } = multipartBody(
        { name: 'a.png', data: Buffer.alloc(route.maxBytes + 1, 0x89) },
        fields(),
      );
      expectError(await post(payload, contentType), 413);
    });

    it('a malformed multipart body → 400', async () => {
      expectError(await post('--x\r\nnot a part', 'multipart/form-data; boundary=x'), 400);
    });

    it('none of them changed anything', async () => {
      expect(await stateSnapshot()).toEqual(before);
    });
  });

  describe('garbled headers', () => {
    const allRoutes = Object.entries(routes).map(([key, r]) => ({
      key,
      path: key.split(' ')[1]!,
      payload: r.input === 'body' ? JSON.stringify(r.valid) : undefined,
    }));
    it.each(allRoutes)(
      '$key: a garbled Authorization or Origin header never yields a 500',
      async ({ key, path, payload }) => {
        const url = path.replace(':host', WS_HOST);
        const method = key.split(' ')[0] as 'GET' | 'POST' | 'PUT';
        const headerSets = [
          { authorization: 'Bearer not a token' },
          { authorization: `Bearer ${'A'.repeat(500)}` },
          { authorization: 'Basic b3BlcmF0b3I6cGFzcw==' },
          { origin: 'not a url' },
          { origin: `http://${'x'.repeat(300)}.test` },
        ];
        for (const headers of headerSets) {
          const res = await t.request(WS_HOST, {
            method,
            url,
            headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) },
            ...(payload ? { payload } : {}),
          });
          expect(res.statusCode, JSON.stringify(headers)).toBeLessThan(500);
          if (res.statusCode >= 400) expectError(res, res.statusCode);
        }
      },
    );
  });

  const multipartRoutes = Object.entries(routes).flatMap(([key, r]) =>
    r.input === 'multipart' ? [{ key, ...r }] : [],
  );
  describe.each(multipartRoutes)('$key (a file upload)', (route) => {
    const file = 'Email,First name\nnobody-bad-input@example.test,Nobody\n';
    // Made when a test runs: the harness's workspace exists only then.
    const fields = (): Record<string, string | number> => ({
      ...(route.mapped ? { email: 1, firstName: 2 } : {}),
      ...route.fields?.({ workspaceId: WS_ID }),
    });
    beforeAll(async () => {
      await withPlatform(t.database.db, { action: 'test.bulk-sign-up', audit: false }, (tx) =>
        tx.execute(sql`update workspaces set bulk_sign_up_enabled = true where host = ${WS_HOST}`),
      );
    });
    const upload = (body: ReturnType<typeof multipart>) =>
      t.request(route.caller === 'operator' ? TEST_PLATFORM_HOST : WS_HOST, {
        method: 'POST',
        url: route.url ?? route.key.split(' ')[1]!,
        token: route.caller === 'operator' ? operatorToken : adminToken,
        payload: body.payload,
        headers: body.headers,
      });

    it.each(['application/json', 'text/plain', 'application/x-www-form-urlencoded'])(
      'a %s body → 415',
      async (contentType) => {
        const res = await send(route.key, route.caller, { payload: JSON.stringify(fields()), contentType });
        expectError(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
      },
    );

    it('a multipart body without a file, or with a broken boundary → 400', async () => {
      expectError(await upload(multipart(null, fields())), 400);
      const broken = multipart(file, fields());
      broken.headers['content-type'] = 'multipart/form-data; boundary=nope';
      expectError(await upload(broken), 400);
      expectError(await send(route.key, route.caller, { payload: 'x', contentType: 'multipart/form-data' }), 400);
    });

    it('a file that is not a spreadsheet → 415; an empty one → 400', async () => {
      expectError(await upload(multipart(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), fields())), 415);
      expectError(await upload(multipart('', fields())), 400);
    });

    it.runIf(route.mapped)(
      'column numbers that are not numbers, or NUL in a field → 400 naming the field',
      async () => {
        const err = expectError(
          await upload(multipart(file, { email: 'one', firstName: 2 })),
          400,
          'VALIDATION_FAILED',
        );
        expect(err.details?.[0]?.path).toBe('email');
        expectError(await upload(multipart(file, { email: '1\u0000', firstName: 2 })), 400, 'VALIDATION_FAILED');
      },
    );

    it('a valid upload passes', async () => {
      const res = await upload(multipart(file, fields()));
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    });
  });

  describe('the valid bodies used above do pass validation', () => {
    it.each(bodyRoutes)('$key', async (route) => {
      const res = await send(route.key, route.caller, {
        payload: JSON.stringify(route.valid),
        contentType: 'application/json',
        ...(route.url ? { url: route.url } : {}),
      });
      // Refused, if at all, for what the body says (wrong code, unknown invitation…), not for its shape.
      expect(res.statusCode).toBeLessThan(500);
      if (res.statusCode >= 300)
        expect(res.json().code).not.toMatch(/^(VALIDATION_FAILED|MALFORMED_JSON|PAYLOAD_TOO_LARGE)$/);
    });
  });
}

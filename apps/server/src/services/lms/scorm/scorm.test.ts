import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { jobRun } from '../../../core/job-context.ts';
import {
  type AWorkspace,
  aBusinessUnit,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  multipart,
  type TestApp,
} from '../../../testing/index.ts';
import { buildScormPackage, hostilePackages } from '../../../testing/scorm/build-package.ts';
import * as courses from '../courses/courses.repo.ts';
import * as repo from './scorm.repo.ts';
import { SCORM_IMPORTS_AT_ONCE, scormImportSlots } from './scorm.routes.ts';
import { extractScormPackage } from './scorm.service.ts';

const quiet = { warn: () => {}, info: () => {}, error: () => {} };

import { SCORM_TOKEN_TTL_SECONDS, signScormToken } from './token.ts';

let t: TestApp;
let ws: AWorkspace;
let admin: string;
let contentHost: string;

beforeAll(async () => {
  t = await createTestApp();
  ws = await aWorkspace(t);
  admin = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).session();
  contentHost = new URL(t.config.lmsContentOrigin).host;
}, 60_000);
afterAll(() => t?.close());

const upload = (token: string, zip: Buffer, fields: Record<string, string> = {}, host = ws.host) => {
  const body = multipart(zip, fields, 'package.zip');
  return t.request(host, { method: 'POST', url: '/lms/api/course/scorm/import', token, ...body });
};
const status = (packageId: string, token = admin) =>
  t.request(ws.host, { method: 'GET', url: `/lms/api/course/scorm/${packageId}`, token });
const ready = async (packageId: string) => {
  await expect
    .poll(async () => (await status(packageId)).json().status, { timeout: 30_000, interval: 200 })
    .not.toBe('PROCESSING');
  return (await status(packageId)).json();
};
const launch = (packageId: string, token = admin, parentOrigin = `http://${ws.host}`) =>
  t.request(ws.host, {
    method: 'POST',
    url: `/lms/api/course/scorm/${packageId}/launch`,
    token,
    payload: { parentOrigin },
  });
const content = (path: string, host = contentHost) => t.request(host, { method: 'GET', url: path });
const countRows = (sqlTable: 'scorm_packages' | 'scorm_files') =>
  withPlatform(t.database.db, { action: 'test.count', audit: false }, async (tx) => {
    const result = await tx.execute(`select count(*)::int as n from ${sqlTable}` as never);
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
  });

describe('SCORM import', () => {
  for (const standard of ['SCORM_12', 'SCORM_2004'] as const) {
    it(`imports a ${standard} package as a new course, extracts it, and plays it on the content origin only`, async () => {
      const res = await upload(admin, buildScormPackage(standard));
      expect(res.statusCode, res.body).toBe(200);
      const imported = res.json();
      expect(imported.status).toBe('PROCESSING');
      const pkg = await ready(imported.packageId);
      expect(pkg).toMatchObject({
        status: 'READY',
        standard,
        courseId: imported.courseId,
        itemId: imported.itemId,
        fileCount: 3,
        failureCode: null,
        manifest: { title: 'Fire safety', launchHref: 'sco/index.html', scos: [{ masteryScore: 70 }] },
      });

      const launched = await launch(imported.packageId);
      expect(launched.statusCode, launched.body).toBe(200);
      const { playerUrl, contentOrigin } = launched.json();
      expect(contentOrigin).toBe(t.config.lmsContentOrigin);
      const player = new URL(playerUrl);
      expect(player.origin).toBe(t.config.lmsContentOrigin);

      const page = await content(player.pathname);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain(`frame-ancestors http://${ws.host} ${contentOrigin}`);
      expect(page.headers['x-frame-options']).toBeUndefined();
      expect(page.headers['set-cookie']).toBeUndefined();
      expect(page.body).toContain(standard === 'SCORM_12' ? 'scorm12.min.js' : 'scorm2004.min.js');
      const token = player.pathname.split('/')[2]!;
      const sco = await content(`/scorm/${token}/sco/index.html`);
      expect(sco.statusCode).toBe(200);
      expect(sco.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(sco.body).toContain('Complete');
      expect((await content(`/scorm/${token}/sco/missing.html`)).statusCode).toBe(404);
      expect((await content(`/scorm/${token}/sco/..%2f..%2fimsmanifest.xml`)).statusCode).toBe(404);
      const runtime = await content(`/scorm-runtime/${standard === 'SCORM_12' ? 'scorm12' : 'scorm2004'}.min.js`);
      expect(runtime.statusCode).toBe(200);
      expect(runtime.body.length).toBeGreaterThan(10_000);

      // The content host is no workspace: the API answers there as on an unknown host.
      const onContent = await t.request(contentHost, {
        method: 'GET',
        url: `/lms/api/course/scorm/${imported.packageId}`,
        token: admin,
      });
      expect(onContent.statusCode).toBe(404);
      // Never on a workspace (or the platform) host.
      for (const host of [ws.host, t.config.platformHost]) {
        expect((await content(player.pathname, host)).statusCode).toBe(404);
        expect((await content(`/scorm/${token}/sco/index.html`, host)).statusCode).toBe(404);
        expect((await content('/scorm-runtime/scorm12.min.js', host)).statusCode).toBe(404);
      }
    });

    it(`imports a ${standard} package as an item of an existing course's draft`, async () => {
      const first = (await upload(admin, buildScormPackage(standard))).json();
      await ready(first.packageId);
      const res = await upload(admin, buildScormPackage(standard), { courseId: first.courseId });
      expect(res.statusCode, res.body).toBe(200);
      const second = res.json();
      expect(second.courseId).toBe(first.courseId);
      expect(second.itemId).not.toBe(first.itemId);
      expect(await ready(second.packageId)).toMatchObject({ status: 'READY', courseId: first.courseId });
    });
  }

  it('refuses every hostile package with its reason, storing nothing', async () => {
    const before = { packages: await countRows('scorm_packages'), files: await countRows('scorm_files') };
    for (const hostile of hostilePackages()) {
      const res = await upload(admin, hostile.zip);
      expect(res.statusCode, hostile.name).toBe(400);
      expect(res.json(), hostile.name).toMatchObject({ code: 'SCORM_INVALID', params: { reason: hostile.reason } });
    }
    expect({ packages: await countRows('scorm_packages'), files: await countRows('scorm_files') }).toEqual(before);
  }, 60_000);

  it('the extract job marks a package FAILED with its reason when its stored zip does not pass, storing nothing', async () => {
    const { accountId } = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const scope = { workspaceId: ws.id, accountId };
    const made = async (zip: Buffer) => {
      const sourceKey = `${ws.id}/scorm/test-${crypto.randomUUID()}.zip`;
      await t.app.deps.storage.put(sourceKey, zip, { contentType: 'application/zip' });
      return withTenant(t.database.db, scope, async (tx) => {
        const courseId = await courses.insertCourse(tx, ws.id, accountId);
        const versionId = await courses.insertVersion(tx, {
          courseId,
          owner: ws.id,
          number: 1,
          primaryLanguage: 'en',
          languages: ['en'],
          actor: accountId,
        });
        return repo.insertPackage(tx, {
          workspaceId: ws.id,
          versionId,
          sourceKey,
          sourceName: 'p.zip',
          actor: accountId,
        });
      });
    };
    const run = (packageId: string) =>
      extractScormPackage(jobRun(t.app.deps, `extract:${packageId}`, quiet), { packageId, workspaceId: ws.id });
    const read = (packageId: string) => withTenant(t.database.db, scope, (tx) => repo.findPackage(tx, packageId));
    const files = (packageId: string) => withTenant(t.database.db, scope, (tx) => repo.countFiles(tx, packageId));

    const bad = await made(hostilePackages().find((h) => h.reason === 'DUPLICATE_PATH')!.zip);
    await run(bad);
    expect(await read(bad)).toMatchObject({ status: 'FAILED', failureCode: 'DUPLICATE_PATH' });
    expect(await files(bad)).toBe(0);
    expect(await t.app.deps.storage.get(`${ws.id}/scorm/${bad}/0`)).toBeNull();

    const good = await made(buildScormPackage('SCORM_2004'));
    await run(good);
    await run(good); // a second run (a retried job) changes nothing
    expect(await read(good)).toMatchObject({ status: 'READY', standard: 'SCORM_2004', fileCount: 3 });
    expect(await files(good)).toBe(3);
    expect(await t.app.deps.storage.get(`${ws.id}/scorm/${good}/0`)).not.toBeNull();
  });

  it('answers 503 with Retry-After while every import slot is taken, reading nothing', async () => {
    const slots = scormImportSlots(t.app.deps, ws.id);
    slots.now += SCORM_IMPORTS_AT_ONCE;
    try {
      const res = await upload(admin, buildScormPackage('SCORM_12'));
      expect(res.statusCode).toBe(503);
      expect(res.json().code).toBe('SCORM_IMPORTS_BUSY');
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      slots.now -= SCORM_IMPORTS_AT_ONCE;
    }
    expect((await upload(admin, buildScormPackage('SCORM_12'))).statusCode).toBe(200);
  });

  it('refuses a request that is not multipart, and one without a file', async () => {
    const notMultipart = await t.request(ws.host, {
      method: 'POST',
      url: '/lms/api/course/scorm/import',
      token: admin,
      payload: { file: 'x' },
    });
    expect(notMultipart.statusCode).toBe(415);
    const empty = multipart(null, { language: 'hi' });
    const none = await t.request(ws.host, {
      method: 'POST',
      url: '/lms/api/course/scorm/import',
      token: admin,
      ...empty,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('NO_FILE');
  });
});

describe('the operator’s catalogue', () => {
  it('imports a package into a catalogue course on the platform host, which no workspace reads', async () => {
    const operator = await (await anOperator(t)).signIn(t);
    const host = t.config.platformHost;
    const res = await upload(operator, buildScormPackage('SCORM_2004'), {}, host);
    expect(res.statusCode, res.body).toBe(200);
    const { packageId } = res.json();
    const get = () => t.request(host, { method: 'GET', url: `/lms/api/course/scorm/${packageId}`, token: operator });
    await expect.poll(async () => (await get()).json().status, { timeout: 30_000, interval: 200 }).toBe('READY');
    const row = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      repo.findPackage(tx, packageId),
    );
    expect(row).toMatchObject({ workspaceId: null });
    expect(row!.sourceKey.startsWith('catalogue/scorm/')).toBe(true);
    expect(await t.app.deps.storage.get(`catalogue/scorm/${packageId}/0`)).not.toBeNull();
    const launched = await t.request(host, {
      method: 'POST',
      url: `/lms/api/course/scorm/${packageId}/launch`,
      token: operator,
      payload: { parentOrigin: `http://${host}` },
    });
    expect(launched.statusCode, launched.body).toBe(200);
    // A workspace's author does not see a draft catalogue package.
    expect((await status(packageId)).statusCode).toBe(404);
    expect((await launch(packageId)).statusCode).toBe(404);
  });
});

describe('who may import, read and launch', () => {
  it('refuses an EMPLOYEE, a BRANCH_ADMIN and another workspace’s admin', async () => {
    const imported = (await upload(admin, buildScormPackage('SCORM_12'))).json();
    await ready(imported.packageId);
    const employee = await (await aMember(ws)).session();
    const unit = await aBusinessUnit(ws);
    const branchAdmin = await (await aMember(ws, { role: 'BRANCH_ADMIN', unit })).session();
    for (const token of [employee, branchAdmin]) {
      expect((await upload(token, buildScormPackage('SCORM_12'))).statusCode).toBe(403);
      expect((await status(imported.packageId, token)).statusCode).toBe(403);
      // A draft is not played by learners.
      expect((await launch(imported.packageId, token)).statusCode).toBe(403);
    }
    const other = await aWorkspace(t);
    const otherAdmin = await (await aMember(other, { role: 'WORKSPACE_ADMIN' })).session();
    const asOther = (url: string, method: 'GET' | 'POST', payload?: object) =>
      t.request(other.host, { method, url, token: otherAdmin, ...(payload ? { payload } : {}) });
    expect((await asOther(`/lms/api/course/scorm/${imported.packageId}`, 'GET')).statusCode).toBe(404);
    expect(
      (
        await asOther(`/lms/api/course/scorm/${imported.packageId}/launch`, 'POST', {
          parentOrigin: `http://${other.host}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await upload(otherAdmin, buildScormPackage('SCORM_12'), { courseId: imported.courseId }, other.host)).statusCode,
    ).toBe(404);
    // Without a session.
    expect((await status(imported.packageId, '')).statusCode).toBe(401);
  });

  it('launches only for the caller’s own origin', async () => {
    const imported = (await upload(admin, buildScormPackage('SCORM_12'))).json();
    await ready(imported.packageId);
    const res = await launch(imported.packageId, admin, 'https://evil.example');
    expect(res.statusCode).toBe(400);
    expect(res.json().params.reason).toBe('PARENT_ORIGIN_MISMATCH');
  });
});

describe('content tokens', () => {
  it('answers 403 to a forged or expired token, and 404 to a package that does not exist', async () => {
    const imported = (await upload(admin, buildScormPackage('SCORM_2004'))).json();
    await ready(imported.packageId);
    const good = new URL((await launch(imported.packageId)).json().playerUrl).pathname.split('/')[2]!;
    const forged = `${good.split('.')[0]}.${'A'.repeat(43)}`;
    for (const path of [`/scorm-player/${forged}`, `/scorm/${forged}/sco/index.html`]) {
      const res = await content(path);
      expect(res.statusCode).toBe(403);
      expect(res.json().params.reason).toBe('SCORM_LINK_INVALID');
    }
    const now = t.clock.now().getTime();
    const { token: old } = signScormToken(
      t.config.authSecret,
      { packageId: imported.packageId, parentOrigin: `http://${ws.host}` },
      now - SCORM_TOKEN_TTL_SECONDS * 1000 - 1000,
    );
    for (const path of [`/scorm-player/${old}`, `/scorm/${old}/sco/index.html`]) {
      const res = await content(path);
      expect(res.statusCode).toBe(403);
      expect(res.json().params.reason).toBe('SCORM_LINK_EXPIRED');
    }
    const { token: nothing } = signScormToken(
      t.config.authSecret,
      { packageId: crypto.randomUUID(), parentOrigin: `http://${ws.host}` },
      now,
    );
    expect((await content(`/scorm-player/${nothing}`)).statusCode).toBe(404);
  });
});

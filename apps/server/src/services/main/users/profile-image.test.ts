import { rmSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageConfig } from '../../../core/config.ts';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { type AdminFixture, adminFixture, sessionFor } from '../../../testing/admin-fixture.ts';
import { addMembership, createTestApp, multipart, newUser, type TestApp } from '../../../testing/index.ts';
import { storageDrivers } from '../../../testing/storage-drivers.ts';

const drivers = storageDrivers('cp-profile');

/** A picture of `width` × `height` with an EXIF marker that must not survive. */
const photo = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .toFormat(format)
    .toBuffer();

/** A valid 1×1 PNG whose header then claims `width` × `height` (a decompression bomb's trick). */
async function claimingPng(width: number, height: number) {
  const png = Buffer.from(await photo(1, 1));
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe.each(drivers)('profile images on $driver storage', ({ driver, storage }) => {
  let t: TestApp;
  let storageConfig: StorageConfig;
  let f: AdminFixture;
  beforeAll(async () => {
    storageConfig = storage();
    t = await createTestApp({ config: { storage: storageConfig } });
    f = await adminFixture(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    if (driver === 'local') rmSync(storageConfig.dir, { recursive: true, force: true });
  });

  const generate = (token: string, userId?: string, host = f.a.host) =>
    t.request(host, {
      method: 'POST',
      url: '/api/user/generate-profile-image-upload-url',
      token,
      payload: userId ? { userId } : {},
    });

  /** A fresh upload URL; fails the test unless it is handed out. */
  async function uploadUrl(token: string, userId?: string): Promise<string> {
    const res = await generate(token, userId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().uploadUrl;
  }

  const put = (url: string, token: string, file: Buffer | string, name = 'me.png', host = f.a.host) =>
    t.request(host, { method: 'PUT', url, token, ...multipart(file, {}, name) });

  /** The membership's stored key (null: none). */
  async function keyOf(accountId: string, workspaceId = f.a.id): Promise<string | null> {
    const [row] = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      queryRows<{ key: string | null }>(
        tx,
        sql`select profile_image_key as key from memberships where workspace_id = ${workspaceId} and account_id = ${accountId}`,
      ),
    );
    return row?.key ?? null;
  }

  async function auditOf(action: string, targetId: string) {
    return withPlatform(t.database.db, { action: 'test.audit', audit: false }, (tx) =>
      queryRows<{
        actor: string;
        details: { before: { profileImageKey: string | null }; after: Record<string, unknown> };
      }>(
        tx,
        sql`select actor_account_id as actor, details from audit_log
             where workspace_id = ${f.a.id} and action = ${action} and target_id = ${targetId} order by occurred_at, id`,
      ),
    );
  }

  /** Downloads a profile image URL as a browser would: this server's `/files/…`, or the bucket's presigned URL. */
  async function download(url: string): Promise<{ status: number; body: Buffer }> {
    if (url.startsWith('/')) {
      const res = await t.app.inject({ method: 'GET', url });
      return { status: res.statusCode, body: res.rawPayload };
    }
    const res = await fetch(url);
    return { status: res.status, body: Buffer.from(await res.arrayBuffer()) };
  }

  it('a member sets their own picture: checked by content (a PNG named .jpg is fine), resized, stripped, audited', async () => {
    const res = await generate(f.employeeA.token);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ method: 'PUT', maxBytes: 5 * 1_048_576 });
    expect(answer.uploadUrl).toMatch(/^\/api\/user\/profile-image-upload\/[A-Za-z0-9_-]{43}$/);
    const ttl = Date.parse(answer.expiresAt) - Date.now();
    expect(ttl).toBeGreaterThan(250_000);
    expect(ttl).toBeLessThanOrEqual(300_000);

    const up = await put(answer.uploadUrl, f.employeeA.token, await photo(800, 600), 'holiday photo.jpg');
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().userId).toBe(f.employeeA.user.accountId);
    const key = await keyOf(f.employeeA.user.accountId);
    expect(key).toMatch(new RegExp(`^${f.a.id}/profile-image/\\d{14}-[0-9a-f]{8}-holiday-photo.png$`));

    const stored = await download(up.json().profileImageUrl);
    expect(stored.status).toBe(200);
    const meta = await sharp(stored.body).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 256, height: 192 });
    expect(stored.body.toString('latin1')).not.toContain('secret-exif-marker');

    const details = await t.request(f.a.host, { method: 'GET', url: '/api/user/details', token: f.employeeA.token });
    expect(details.json().user.profileImageUrl).toEqual(expect.any(String));
    expect((await download(details.json().user.profileImageUrl)).status).toBe(200);

    const [entry] = await auditOf('user.profile_image.updated', f.employeeA.user.accountId);
    expect(entry).toMatchObject({
      actor: f.employeeA.user.accountId,
      details: { before: { profileImageKey: null }, after: { profileImageKey: key, width: 256, height: 192 } },
    });
  });

  it('an administrator sets a picture of a user in scope; the users list and search show it; replacing removes the old file', async () => {
    const target = f.target.user.accountId;
    const first = await put(await uploadUrl(f.adminA.token, target), f.adminA.token, await photo(1200, 300, 'jpeg'));
    expect(first.statusCode, first.body).toBe(200);
    const firstKey = (await keyOf(target))!;
    expect(await t.app.deps.storage.get(firstKey)).not.toBeNull();
    const resized = await sharp((await download(first.json().profileImageUrl)).body).metadata();
    expect([resized.width, resized.height]).toEqual([256, 64]);

    const list = await t.request(f.a.host, {
      method: 'POST',
      url: '/api/workspace/users?pageNo=0&pageSize=50',
      token: f.adminA.token,
      payload: {},
    });
    const rows = list.json().content as { userId: string; profileImageUrl: string | null }[];
    expect(rows.find((r) => r.userId === target)?.profileImageUrl).toEqual(expect.any(String));
    expect(rows.find((r) => r.userId === f.adminA.user.accountId)?.profileImageUrl).toBeNull();
    const search = await t.request(f.a.host, {
      method: 'POST',
      url: '/api/user/search',
      token: f.adminA.token,
      payload: { category: 'ALL', searchText: f.target.user.email },
    });
    expect(search.json()[0].profileImageUrl).toEqual(expect.any(String));

    const second = await put(await uploadUrl(f.adminA.token, target), f.adminA.token, await photo(100, 100, 'webp'));
    expect(second.statusCode, second.body).toBe(200);
    const secondKey = await keyOf(target);
    expect(secondKey).not.toBe(firstKey);
    expect(await t.app.deps.storage.get(firstKey)).toBeNull();
    expect(await t.app.deps.storage.get(secondKey!)).not.toBeNull();
    const audits = await auditOf('user.profile_image.updated', target);
    expect(audits.at(-1)).toMatchObject({
      actor: f.adminA.user.accountId,
      details: { before: { profileImageKey: firstKey }, after: { profileImageKey: secondKey } },
    });
  });

  it('refuses text, SVG, a polyglot, a decompression bomb and an oversized file; nothing changes and the URL stays usable', async () => {
    const me = f.branchAdminOutside;
    const url = await uploadUrl(me.token);
    const refusals: [string, Buffer | string, number, string?][] = [
      ['text', 'just some text, not an image', 415, 'UNSUPPORTED_FILE_TYPE'],
      ['svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 415, 'UNSUPPORTED_FILE_TYPE'],
      [
        'html behind a PNG signature',
        Buffer.concat([(await photo(1, 1)).subarray(0, 16), Buffer.from('<html><script>alert(1)</script>')]),
        400,
        'BAD_IMAGE',
      ],
      ['a PDF', '%PDF-1.7\n1 0 obj <<>> endobj\n', 415, 'UNSUPPORTED_FILE_TYPE'],
      ['a 50000 × 50000 header', await claimingPng(50_000, 50_000), 400, 'IMAGE_TOO_LARGE'],
      ['over 5 MB', Buffer.alloc(5 * 1_048_576 + 1, 0x89), 413, 'FILE_TOO_LARGE'],
    ];
    for (const [what, file, status, code] of refusals) {
      const res = await put(url, me.token, file, 'innocent.png');
      expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
      expect(res.json().code, what).toBe(code);
      expect(res.json().message.length, what).toBeGreaterThan(10);
    }
    expect(await keyOf(me.user.accountId)).toBeNull();
    expect(await auditOf('user.profile_image.updated', me.user.accountId)).toEqual([]);

    // An image with a script appended is re-encoded: the script does not survive.
    const appended = Buffer.concat([await photo(40, 40), Buffer.from('<script>alert(1)</script>')]);
    const ok = await put(url, me.token, appended, 'innocent.png');
    expect(ok.statusCode, ok.body).toBe(200);
    const stored = (await download(ok.json().profileImageUrl)).body;
    expect(stored.toString('latin1')).not.toContain('<script>');
  });

  it('an upload URL works once, for the person who asked, in its workspace, until it expires', async () => {
    const me = f.employeeA;
    const before = await keyOf(me.user.accountId);
    const url = await uploadUrl(me.token);
    const image = await photo(50, 50);

    // Someone else's session (A's admin) cannot use it; B's admin on B's host does not find it.
    const other = await put(url, f.adminA.token, image);
    expect(other.statusCode).toBe(403);
    const elsewhere = await put(url, f.adminB.token, image, 'x.png', f.b.host);
    expect(elsewhere.statusCode).toBe(404);
    expect((await put(url, f.adminB.token, image)).statusCode).toBe(401);
    expect(await keyOf(me.user.accountId)).toBe(before);

    expect((await put(url, me.token, image)).statusCode).toBe(200);
    const after = await keyOf(me.user.accountId);
    const reused = await put(url, me.token, image);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('UPLOAD_URL_USED');
    expect(await keyOf(me.user.accountId)).toBe(after);

    const late = await uploadUrl(me.token);
    await withPlatform(t.database.db, { action: 'test.expire', audit: false }, (tx) =>
      queryRows(
        tx,
        sql`update profile_image_uploads set expires_at = now() - interval '1 second' where used_at is null`,
      ),
    );
    const expired = await put(late, me.token, image);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('UPLOAD_URL_EXPIRED');
    expect(await keyOf(me.user.accountId)).toBe(after);

    // A URL made on B's host is not found on A's, whoever holds it.
    const bUser = await newUser(t.database.db, f.b);
    const bToken = await sessionFor(t.database.db, bUser);
    const bUrl = (await generate(bToken, undefined, f.b.host)).json().uploadUrl;
    expect((await put(bUrl, me.token, image)).statusCode).toBe(404);
    expect(await keyOf(me.user.accountId)).toBe(after);
  });

  it('refuses another workspace’s admin, a branch admin outside the unit and an employee for someone else', async () => {
    const target = f.target.user.accountId;
    const before = await keyOf(target);
    expect((await generate(f.adminB.token, target, f.b.host)).statusCode).toBe(404);
    expect((await generate(f.adminB.token, target)).statusCode).toBe(401);
    expect((await generate(f.branchAdminOutside.token, target)).statusCode).toBe(404);
    const employee = await generate(f.employeeA.token, target);
    expect(employee.statusCode).toBe(403);
    const removals = [
      [f.adminB.token, f.b.host, 404],
      [f.adminB.token, f.a.host, 401],
      [f.branchAdminOutside.token, f.a.host, 404],
      [f.employeeA.token, f.a.host, 403],
    ] as const;
    for (const [token, host, status] of removals) {
      const res = await t.request(host, { method: 'DELETE', url: `/api/user/profile-image/${target}`, token });
      expect(res.statusCode, res.body).toBe(status);
    }
    expect(await keyOf(target)).toBe(before);
  });

  it('a URL made while the user was in scope is refused once they are not (the reach is checked again)', async () => {
    const u = await newUser(t.database.db, { ...f.a, branchId: f.target.branchId });
    const url = await uploadUrl(f.adminA.token, u.accountId);
    await withPlatform(t.database.db, { action: 'test.promote', audit: false }, (tx) =>
      queryRows(tx, sql`update memberships set deleted_at = now() where account_id = ${u.accountId}`),
    );
    const res = await put(url, f.adminA.token, await photo(10, 10));
    expect(res.statusCode).toBe(404);
    expect(await keyOf(u.accountId)).toBeNull();
  });

  it('each workspace keeps its own picture of a person', async () => {
    const person = await newUser(t.database.db, f.a);
    await addMembership(t.database.db, person, f.b);
    const inA = await sessionFor(t.database.db, person);
    const inB = await sessionFor(t.database.db, { accountId: person.accountId, workspace: f.b });
    expect((await put(await uploadUrl(inA), inA, await photo(30, 30))).statusCode).toBe(200);
    const a = await t.request(f.a.host, { method: 'GET', url: '/api/user/details', token: inA });
    const b = await t.request(f.b.host, { method: 'GET', url: '/api/user/details', token: inB });
    expect(a.json().user.profileImageUrl).toEqual(expect.any(String));
    expect(b.json().user.profileImageUrl).toBeNull();
    expect(await keyOf(person.accountId, f.b.id)).toBeNull();
  });

  it('can be removed (own, or by an administrator in scope): the file goes, audited; removing none is fine', async () => {
    const me = f.employeeA;
    if (!(await keyOf(me.user.accountId))) {
      expect((await put(await uploadUrl(me.token), me.token, await photo(20, 20))).statusCode).toBe(200);
    }
    const key = (await keyOf(me.user.accountId))!;
    const res = await t.request(f.a.host, {
      method: 'DELETE',
      url: `/api/user/profile-image/${me.user.accountId}`,
      token: me.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ userId: me.user.accountId, profileImageUrl: null });
    expect(await keyOf(me.user.accountId)).toBeNull();
    expect(await t.app.deps.storage.get(key)).toBeNull();
    const [entry] = await auditOf('user.profile_image.removed', me.user.accountId);
    expect(entry?.details).toEqual({ before: { profileImageKey: key }, after: { profileImageKey: null } });
    const again = await t.request(f.a.host, {
      method: 'DELETE',
      url: `/api/user/profile-image/${me.user.accountId}`,
      token: f.adminA.token,
    });
    expect(again.statusCode).toBe(200);
    expect(await auditOf('user.profile_image.removed', me.user.accountId)).toHaveLength(1);
    const details = await t.request(f.a.host, { method: 'GET', url: '/api/user/details', token: me.token });
    expect(details.json().user.profileImageUrl).toBeNull();
  });

  it('deleting a user erases their picture (file and key); the deletion audit names what was erased', async () => {
    const u = await newUser(t.database.db, { ...f.a, branchId: f.target.branchId });
    expect(
      (await put(await uploadUrl(f.adminA.token, u.accountId), f.adminA.token, await photo(60, 60))).statusCode,
    ).toBe(200);
    const key = (await keyOf(u.accountId))!;
    expect(await t.app.deps.storage.get(key)).not.toBeNull();
    const res = await t.request(f.a.host, { method: 'DELETE', url: `/api/user/${u.accountId}`, token: f.adminA.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await keyOf(u.accountId)).toBeNull();
    expect(await t.app.deps.storage.get(key)).toBeNull();
    const [entry] = await withPlatform(t.database.db, { action: 'test.audit', audit: false }, (tx) =>
      queryRows<{ details: { erased: unknown } }>(
        tx,
        sql`select details from audit_log where action = 'user.deleted' and target_id = ${u.accountId}`,
      ),
    );
    expect(entry?.details.erased).toEqual({ profileImageKey: key });
  });
});

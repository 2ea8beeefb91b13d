import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../db/schema.ts';
import {
  type AMember,
  type AWorkspace,
  addMembership,
  aMember,
  aWorkspace,
  createTestApp,
  openTestDatabase,
  type TestApp,
} from '../testing/index.ts';
import { verifySession } from './auth.ts';
import { requestHandles } from './context.ts';
import { queryRows, type Tx } from './db/database.ts';
import { withPlatform, withTenant } from './db/tenant.ts';
import type { Site } from './site.ts';

/**
 * Case access will rest on `app_current_account()` being exactly the caller (DESIGN §9): these pin
 * it on the request path as it is built (the session check sets the account in the transaction the
 * route adopts; core/db/tenant.ts `holdTenant`), on one connection reused by every request (a pool
 * of one on PostgreSQL; PGlite has only one), so that a request could only ever see another's
 * account through that connection.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let t: TestApp;
let ws: AWorkspace;
let other: AWorkspace;
let x: AMember;
let y: AMember;
let site: Site;

beforeAll(async () => {
  database = await openTestDatabase({ poolSize: 1 });
  t = await createTestApp({ database });
  ws = await aWorkspace(database.db);
  other = await aWorkspace(database.db);
  x = await aMember(ws);
  y = await aMember(ws);
  // x belongs to two workspaces, y to one: `app_my_workspaces()` (the account's) tells them apart.
  await addMembership(database.db, x, other);
  site = { kind: 'workspace', host: ws.host, workspaceId: ws.id };
});
afterAll(async () => {
  await t.close();
  await database.dispose();
});

type Seen = { account: string | null; pid: number };
const seen = async (tx: Tx): Promise<Seen> =>
  (await queryRows<Seen>(tx, sql`select app_current_account()::text as account, pg_backend_pid() as pid`))[0]!;

/** The connection's account setting outside any transaction: what a next transaction would inherit. */
async function leftover(): Promise<string | null> {
  const q = "select current_setting('app.account_id', true) as v";
  const client = (database.db as unknown as { $client: unknown }).$client;
  const rows =
    client instanceof pg.Pool
      ? (await client.query<{ v: string | null }>(q)).rows
      : (await database.pglite!.query<{ v: string | null }>(q)).rows;
  return rows[0]?.v || null;
}

/** The session check of `token` held for a route, and the request's handles around it (as app.ts builds them). */
async function request(token: string) {
  const verified = await verifySession(database.db, site, token, 60, { hold: true });
  if (!verified) throw new Error('no session');
  const held = verified.held!;
  const inCheck = await seen(held.tx);
  const handles = requestHandles(database.db, {
    workspaceId: ws.id,
    principal: verified.principal,
    traceId: 't',
    ip: '203.0.113.1',
    held,
  });
  return { verified, held, inCheck, handles };
}

/** A transaction of the workspace with no account set: what an anonymous request's would be. */
const anonymous = () => withTenant(database.db, { workspaceId: ws.id }, seen);

describe('app_current_account() on the request path (pool of one connection)', () => {
  it('is the caller in the session check and in the route, which adopts the check’s transaction', async () => {
    const r = await request(await x.session());
    expect(r.inCheck.account).toBe(x.accountId);
    r.held.handOver(60_000);
    const inRoute = await r.handles.tenant(seen);
    expect(inRoute).toEqual(r.inCheck);
    // A second ctx.tenant of the request runs in a transaction of its own, for the caller too.
    expect((await r.handles.tenant(seen)).account).toBe(x.accountId);
    expect(await leftover()).toBeNull();
  });

  it('a second request on the same connection is its own caller’s, never the first one’s', async () => {
    const first = await request(await x.session());
    first.held.handOver(60_000);
    const a = await first.handles.tenant(seen);
    const second = await request(await y.session());
    second.held.handOver(60_000);
    const b = await second.handles.tenant(seen);
    expect(b.pid).toBe(a.pid);
    expect([a.account, b.account]).toEqual([x.accountId, y.accountId]);
    expect((await anonymous()).account).toBeNull();
  });

  it('after a request whose route failed, the connection carries no account', async () => {
    const r = await request(await x.session());
    r.held.handOver(60_000);
    await expect(
      r.handles.tenant(async () => {
        throw new Error('the route failed');
      }),
    ).rejects.toThrow('the route failed');
    expect(await leftover()).toBeNull();
    const next = await anonymous();
    expect(next.pid).toBe(r.inCheck.pid);
    expect(next.account).toBeNull();
    const r2 = await request(await y.session());
    expect(r2.inCheck.account).toBe(y.accountId);
    await r2.held.release();
  });

  it('after a held check that nobody adopted timed out, the connection carries no account', async () => {
    const r = await request(await x.session());
    r.held.handOver(20);
    // On one connection, this waits for the timed-out hold to be released.
    const next = await anonymous();
    expect(next.pid).toBe(r.inCheck.pid);
    expect(next.account).toBeNull();
    expect(await leftover()).toBeNull();
    // The route, arriving late, runs in a transaction of its own, still as its caller.
    expect((await r.handles.tenant(seen)).account).toBe(x.accountId);
  });

  it('a token that matches no session sets no account (nor does a refused area)', async () => {
    expect(await verifySession(database.db, site, 'x'.repeat(43), 60, { hold: true })).toBeNull();
    expect(await leftover()).toBeNull();
    expect((await anonymous()).account).toBeNull();
    await withPlatform(database.db, { action: 'test.area-off', audit: false }, (tx) =>
      tx.update(workspaces).set({ accessLms: false }).where(sql`${workspaces.id} = ${ws.id}`),
    );
    try {
      await expect(
        verifySession(database.db, site, await x.session(), 60, { hold: true, area: 'lms' }),
      ).rejects.toMatchObject({ code: 'AREA_SWITCHED_OFF' });
      expect(await leftover()).toBeNull();
      expect((await anonymous()).account).toBeNull();
    } finally {
      await withPlatform(database.db, { action: 'test.area-on', audit: false }, (tx) =>
        tx.update(workspaces).set({ accessLms: true }).where(sql`${workspaces.id} = ${ws.id}`),
      );
    }
  });

  it('through HTTP, each request’s route sees its own caller’s account (their workspaces), one after another', async () => {
    const [tx, ty] = [await x.session(), await y.session()];
    const details = async (token: string) => {
      const res = await t.request(ws.host, { method: 'GET', url: '/api/user/details', token });
      expect(res.statusCode).toBe(200);
      return (res.json().workspaces as { workspaceId: string }[]).length;
    };
    // Interleaved on the one connection: x has two workspaces, y one; an unset account would list none.
    expect([await details(tx), await details(ty), await details(tx), await details(ty)]).toEqual([2, 1, 2, 1]);
  });
});

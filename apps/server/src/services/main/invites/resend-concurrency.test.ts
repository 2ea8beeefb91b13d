import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import type { Delivery } from '../../../core/jobs.ts';
import { aMember, anInvitation, aWorkspace, createTestApp, type TestApp } from '../../../testing/index.ts';
import { setInvitationMailStates } from './mail-state.repo.ts';

/**
 * "Resend all unused invitations" against the mail-state recorder (issue 21 item 24). Both lock many
 * invitation rows; taken in different orders, two transactions wait on each other and PostgreSQL
 * ends one with a deadlock (40P01), which answered 500. Both now lock in id order.
 *
 * PostgreSQL only: PGlite is a single connection, so its transactions never overlap and cannot
 * deadlock (the test would pass there whatever the lock order).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const shuffled = <T>(list: T[]) =>
  list
    .map((v) => ({ v, k: Math.random() }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.v);

describe('resending every unused invitation while mail states are recorded', () => {
  it.skipIf(!process.env.DATABASE_URL)(
    '18 parallel resend-all requests with the recorder running: every one answers 200, never 500',
    async () => {
      const ws = await aWorkspace(t);
      const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
      const token = await admin.session();
      for (let i = 0; i < 60; i++) await anInvitation(ws, {});
      const rows = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
        queryRows<{ id: string; version: number }>(
          tx,
          sql`select id, send_count as version from invitations where workspace_id = ${ws.id}`,
        ),
      );
      expect(rows.length).toBe(60);
      let resending = true;
      const recorder = (async () => {
        let passes = 0;
        // The recorder keeps writing states (in a shuffled order each time, as a worker's batches come) while requests run.
        while (resending || passes < 3) {
          const deliveries: Delivery[] = shuffled(rows).map((r) => ({
            ref: { kind: 'invitation', workspaceId: ws.id, id: r.id, version: r.version + passes },
            outcome: { ok: true },
          }));
          await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
            setInvitationMailStates(tx, ws.id, deliveries),
          );
          passes++;
        }
        return passes;
      })();
      const answers = await Promise.all(
        Array.from({ length: 18 }, () =>
          t.request(ws.host, { method: 'POST', url: '/api/invite/resend/unused/all', token }),
        ),
      );
      resending = false;
      expect(await recorder).toBeGreaterThanOrEqual(3);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      expect(answers.map((a) => a.json().count)).toEqual(answers.map(() => 60));
    },
  );
});

import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { sessionKeyOf } from '../core/auth.ts';
import { type Ctx, requestHandles } from '../core/context.ts';
import { hashToken } from '../core/crypto.ts';
import { queryRows } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';
import type { Person } from './cases.ts';
import { aPrincipal } from './factories.ts';
import type { TestApp } from './test-app.ts';

/**
 * A person's request context built by hand, on their real session (so the case key they unlocked
 * opens): for tests that act in a case with the case module's own functions, e.g. what a
 * committee's action would have done, without going through that action's route.
 */
export async function caseCtxOf(t: TestApp, ws: { id: string; host: string }, p: Person): Promise<Ctx> {
  const [s] = await withPlatform(t.database.db, { action: 'test.session', audit: false }, (tx) =>
    queryRows<{ id: string }>(tx, sql`select id from sessions where token_hash = ${hashToken(p.token)}`),
  );
  if (!s) throw new Error('caseCtxOf: no session for this person');
  const principal = aPrincipal(ws.id, p.accountId, {
    sessionId: s.id,
    role: 'EMPLOYEE',
    sessionKey: sessionKeyOf(p.token),
  });
  const { db, ...deps } = t.app.deps;
  const traceId = randomUUID();
  return {
    ...deps,
    site: { kind: 'workspace', host: ws.host, workspaceId: ws.id },
    principal,
    workspaceId: ws.id,
    traceId,
    ip: '127.0.0.1',
    origin: `http://${ws.host}`,
    signinBinding: null,
    log: t.app.log,
    ...requestHandles(db, { workspaceId: ws.id, principal, traceId, ip: '127.0.0.1' }),
  } as Ctx;
}

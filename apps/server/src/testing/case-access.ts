import { sql } from 'drizzle-orm';
import { sessionKeyOf } from '../core/auth.ts';
import { hashToken, openWithKey, unwrapKey, wipe } from '../core/crypto.ts';
import { queryRows, type Tx } from '../core/db/database.ts';
import { withPlatform, withTenant } from '../core/db/tenant.ts';
import type { OpenCase } from '../services/cms/cases/case-core.ts';
import * as repo from '../services/cms/cases/cases.repo.ts';
import { type ItemBodies, type ItemKind, readItems, writeItem } from '../services/cms/cases/items.ts';
import * as keysRepo from '../services/cms/cases/keys.repo.ts';
import { openKeyring, sessionKeypair } from '../services/cms/cases/keys.ts';
import type { CaseWorld, Person } from './cases.ts';

/*
 * Reading and writing a case as a person through the keyring API (issue 26 tests): in that person's
 * tenant transaction (row-level security by relationship), with their session's unlocked key. For
 * what no route of this branch writes yet, and to prove what a person's keys open.
 */

type World = Pick<CaseWorld, 't' | 'ws'>;

/** The keyring caller of a person's session (their token's session, its derived session key). */
export async function callerOf(w: World, p: Person) {
  const [s] = await withPlatform(w.t.database.db, { action: 'test.session', audit: false }, (tx) =>
    queryRows<{ id: string }>(tx, sql`select id from sessions where token_hash = ${hashToken(p.token)}`),
  );
  if (!s) throw new Error('no session for this token');
  return { workspaceId: w.ws.id, accountId: p.accountId, sessionId: s.id, sessionKey: sessionKeyOf(p.token) };
}

/** Runs `fn` in `p`'s tenant transaction (the application role, row-level security applies). */
export function asPerson<T>(w: World, p: Pick<Person, 'accountId'>, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return withTenant(w.t.database.db, { workspaceId: w.ws.id, accountId: p.accountId }, fn);
}

/** Opens the case as `p` with their keyring (null when the case reads as missing to them). */
async function opened<T>(w: World, p: Person, caseId: string, fn: (c: OpenCase) => Promise<T>): Promise<T | null> {
  const caller = await callerOf(w, p);
  return asPerson(w, p, async (tx) => {
    const row = await repo.findCase(tx, w.ws.id, caseId);
    if (!row) return null;
    const ring = await openKeyring(tx, w.t.config, caller, caseId);
    try {
      const c = { tx, caller, row, ring, trail: async () => {} } as unknown as OpenCase;
      return await fn(c);
    } finally {
      ring.wipe();
    }
  });
}

/** Writes a sealed item as `p` (a committee member: any audience); answers its id. */
export async function writeAs<K extends ItemKind>(
  w: World,
  p: Person,
  caseId: string,
  kind: K,
  audience: 'COMPLAINANT' | 'COMMITTEE',
  body: ItemBodies[K],
): Promise<string> {
  const id = await opened(w, p, caseId, (c) => writeItem(c, { kind, audience, body }));
  if (!id) throw new Error('writeAs: the case reads as missing');
  return id;
}

/** Every item body `p` can open in the case, as JSON text (null: the case reads as missing). */
export async function readableAs(w: World, p: Person, caseId: string): Promise<string[] | null> {
  return opened(w, p, caseId, async (c) => (await readItems(c)).map((i) => JSON.stringify(i.body)));
}

/** The raw data keys `p` holds wraps of now (unwrapped with their session key): to try on later content. */
export async function keysHeldBy(w: World, p: Person, caseId: string): Promise<Map<string, Buffer>> {
  const caller = await callerOf(w, p);
  return asPerson(w, p, async (tx) => {
    const pair = await sessionKeypair(tx, caller);
    try {
      const out = new Map<string, Buffer>();
      for (const wr of await keysRepo.myWraps(tx, w.ws.id, caseId, p.accountId)) {
        if (wr.escrow) continue;
        out.set(wr.dataKeyId, unwrapKey(Buffer.from(wr.wrapped, 'hex'), pair));
      }
      return out;
    } finally {
      wipe(pair.privateKey);
    }
  });
}

/** Whether any of `keys` opens the sealed item `itemId` (read as `reader`, who may see it). */
export async function anyKeyOpens(
  w: World,
  reader: Person,
  caseId: string,
  itemId: string,
  keys: Map<string, Buffer>,
): Promise<boolean> {
  const row = await asPerson(w, reader, (tx) => repo.item(tx, w.ws.id, caseId, itemId));
  if (!row) throw new Error('anyKeyOpens: the reader cannot see the item');
  const context = `ws/${w.ws.id}/case/${caseId}/case_items/${itemId}/body`;
  for (const key of keys.values()) {
    try {
      openWithKey(key, Buffer.from(row.sealed, 'hex'), context);
      return true;
    } catch {
      // not this key
    }
  }
  return false;
}

import { createHmac, randomUUID } from 'node:crypto';
import type { Config } from '../../../core/config.ts';
import type { Ctx } from '../../../core/context.ts';
import {
  type Keypair,
  keypairFromSeed,
  newKey,
  openWithKey,
  SealError,
  sealWithKey,
  unwrapKey,
  verifyPassword,
  wipe,
  wrapKey,
} from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError } from '../../../core/errors.ts';
import {
  createKeystore,
  keystoreOf,
  memberKeypair,
  recoverKeystore,
  startKeystoreOver,
} from '../../../core/keystore.ts';
import * as repo from './keys.repo.ts';

/*
 * A case's keys (docs/cases-security.md §3), in one place:
 *
 * - Each case has data keys by scope: CASE (what the complainant and the committee share: the
 *   complaint, her thread, her files), COMMITTEE (the committee's own space: notes, minutes, votes)
 *   and PARTICIPANT (one participant's share and replies). A new version of a scope starts when
 *   someone's access ends; older content stays under the older version.
 * - A data key is stored only wrapped: to each person with access (their public key), never to a
 *   conflicted member. Someone with access who has no keypair yet (they have never unlocked) gets
 *   a wrap to the server's escrow key instead, replaced by one to their own key the moment they
 *   unlock: this is the "pending wrap" (the design's change for issue 26, explained there).
 * - A person opens a case's keys with their keypair, which their secret opened once in this session
 *   (`unlock`) and which is kept sealed under a key derived from the session's token.
 */

// --- the server's escrow key ---------------------------------------------------------------------

let escrow: { secret: string; pair: Keypair } | null = null;

/**
 * The escrow keypair: derived (HMAC-SHA256, then crypto_box_seed_keypair) from the server's
 * AUTH_SECRET, which is kept outside the database; never stored. Wraps to it are pending until the
 * person unlocks, then replaced.
 */
export function escrowKeypair(config: Pick<Config, 'authSecret'>): Keypair {
  if (escrow?.secret !== config.authSecret) {
    const seed = createHmac('sha256', config.authSecret).update('case-escrow.v1').digest();
    escrow = { secret: config.authSecret, pair: keypairFromSeed(seed) };
    wipe(seed);
  }
  return escrow.pair;
}

// --- unlocking -----------------------------------------------------------------------------------

const unlockContext = (workspaceId: string, sessionId: string, accountId: string) =>
  `ws/${workspaceId}/session/${sessionId}/account/${accountId}/case-unlock`;

const locked = () =>
  new AppError(423, 'CASE_KEY_LOCKED', 'Enter your password (or case passphrase) to open confidential cases.');

type Caller = { workspaceId: string; accountId: string; sessionId: string; sessionKey: Buffer };

/** The signed-in caller with what unlocking needs; 401 without a session key (not a bearer session). */
export function callerOfCtx(ctx: Ctx): Caller {
  const p = ctx.principal;
  if (!p?.workspaceId || !p.sessionKey) {
    throw new AppError(401, 'UNAUTHENTICATED', 'Sign in to continue.');
  }
  return { workspaceId: p.workspaceId, accountId: p.accountId, sessionId: p.sessionId, sessionKey: p.sessionKey };
}

/** Which secret the account sets its keystore up with: its password if it has one, else a case passphrase. */
export async function secretKindOf(tx: Tx, accountId: string): Promise<'PASSWORD' | 'PASSPHRASE'> {
  const existing = await keystoreOf(tx, accountId);
  if (existing) return existing.kind;
  return (await repo.passwordHashOf(tx, accountId)) ? 'PASSWORD' : 'PASSPHRASE';
}

/** Whether the caller's key is open for this session. */
export async function isUnlocked(tx: Tx, c: Caller): Promise<boolean> {
  return (await repo.findUnlock(tx, c.sessionId, c.workspaceId)) !== null;
}

const PASSPHRASE_MIN = 10;

/**
 * Opens the caller's keypair with their secret for this session; the first time, sets up their
 * keystore (answering the recovery code, shown once). A PASSWORD keystore is set up only with the
 * account's own password (403 `KEYSTORE_SECRET_WRONG` otherwise); a passphrase needs 10 characters.
 * Escrow wraps waiting for the caller are delivered to their own key on the way.
 */
export async function unlock(
  tx: Tx,
  config: Pick<Config, 'authSecret'>,
  c: Caller,
  secret: string,
): Promise<{ recoveryCode: string | null }> {
  let recoveryCode: string | null = null;
  if (!(await keystoreOf(tx, c.accountId))) {
    const kind = await secretKindOf(tx, c.accountId);
    await checkNewSecret(tx, c.accountId, kind, secret);
    recoveryCode = (await createKeystore(tx, c.accountId, secret, kind)).recoveryCode;
  }
  const pair = await memberKeypair(tx, c, secret);
  try {
    // A keypair replaced (the member started over): what was wrapped to the old one no longer
    // opens; those wraps go, and the next member who opens each case wraps its keys again.
    if (pair.replaced) await repo.deleteMyWraps(tx, c.workspaceId, c.accountId);
    await repo.upsertUnlock(tx, {
      sessionId: c.sessionId,
      workspaceId: c.workspaceId,
      accountId: c.accountId,
      sealed: sealWithKey(c.sessionKey, pair.privateKey, unlockContext(c.workspaceId, c.sessionId, c.accountId)),
    });
    await deliverEscrow(tx, config, c, pair);
  } finally {
    wipe(pair.privateKey);
  }
  return { recoveryCode };
}

/** A lost secret replaced with the recovery code; the session is unlocked with the new secret. */
export async function recover(
  tx: Tx,
  config: Pick<Config, 'authSecret'>,
  c: Caller,
  recoveryCode: string,
  newSecret: string,
): Promise<{ recoveryCode: string }> {
  const kind = await secretKindOf(tx, c.accountId);
  // A PASSWORD keystore follows the sign-in password: the new secret must be it.
  await checkNewSecret(tx, c.accountId, kind, newSecret);
  const out = await recoverKeystore(tx, c.accountId, recoveryCode, newSecret, kind);
  await unlock(tx, config, c, newSecret);
  return { recoveryCode: out.recoveryCode };
}

/**
 * For a member who lost both their secret and their recovery code: a new keystore under `secret`
 * (their password, checked, or a new passphrase); their keypairs are replaced at this unlock and the
 * committee's next opening of each case wraps its keys to the new one.
 */
export async function startOver(
  tx: Tx,
  config: Pick<Config, 'authSecret'>,
  c: Caller,
  secret: string,
): Promise<{ recoveryCode: string }> {
  const kind = await secretKindOf(tx, c.accountId);
  await checkNewSecret(tx, c.accountId, kind, secret);
  const out = await startKeystoreOver(tx, c.accountId, secret, kind);
  await unlock(tx, config, c, secret);
  return out;
}

async function checkNewSecret(
  tx: Tx,
  accountId: string,
  kind: 'PASSWORD' | 'PASSPHRASE',
  secret: string,
): Promise<void> {
  if (kind === 'PASSWORD') {
    const hash = await repo.passwordHashOf(tx, accountId);
    if (!(await verifyPassword(hash, secret))) {
      throw new AppError(403, 'KEYSTORE_SECRET_WRONG', 'That is not your password.', {
        params: { reason: 'PASSWORD' },
      });
    }
  } else if (secret.length < PASSPHRASE_MIN) {
    throw new AppError(422, 'PASSPHRASE_TOO_SHORT', `A case passphrase has at least ${PASSPHRASE_MIN} characters.`, {
      params: { min: PASSPHRASE_MIN },
    });
  }
}

/** Forgets the session's unlocked key (sign-out does this by deleting the session). */
export async function lock(tx: Tx, c: Caller): Promise<void> {
  await repo.deleteUnlock(tx, c.sessionId, c.workspaceId);
}

/** The caller's keypair for this session; 423 `CASE_KEY_LOCKED` when they have not unlocked. Wipe `privateKey`. */
export async function sessionKeypair(tx: Tx, c: Caller): Promise<Keypair> {
  const sealed = await repo.findUnlock(tx, c.sessionId, c.workspaceId);
  if (!sealed) throw locked();
  const [pub] = await repo.publicKeys(tx, c.workspaceId, [c.accountId]);
  if (!pub) throw locked();
  try {
    const privateKey = openWithKey(
      c.sessionKey,
      Buffer.from(sealed, 'hex'),
      unlockContext(c.workspaceId, c.sessionId, c.accountId),
    );
    return { publicKey: Buffer.from(pub.publicKey, 'hex'), privateKey };
  } catch (err) {
    if (err instanceof SealError) throw locked();
    throw err;
  }
}

/** Replaces every escrow wrap waiting for the caller with one to their own public key. */
async function deliverEscrow(tx: Tx, config: Pick<Config, 'authSecret'>, c: Caller, pair: Keypair): Promise<void> {
  const waiting = await repo.myEscrowWraps(tx, c.workspaceId, c.accountId);
  const esc = escrowKeypair(config);
  for (const w of waiting) {
    const key = unwrapKey(Buffer.from(w.wrapped, 'hex'), esc);
    try {
      await repo.deliverWrap(tx, w.dataKeyId, c.accountId, wrapKey(key, pair.publicKey));
    } finally {
      wipe(key);
    }
  }
}

// --- a case's keyring ----------------------------------------------------------------------------

export type DataKeyScope = repo.DataKeyScope;

type OpenKey = {
  id: string;
  scope: DataKeyScope;
  participantAccountId: string | null;
  version: number;
  retired: boolean;
  key: Buffer;
};

/** A sealed value and the data key it was sealed with. */
export type Sealed = { dataKeyId: string; sealed: Buffer };

/**
 * The data keys of one case that the caller holds, open for this request. `seal` uses the live
 * version of a scope; `open` the version a value names. `wipe()` when the request is done
 * (`withKeyring` does).
 */
export class CaseKeyring {
  readonly workspaceId: string;
  readonly caseId: string;
  private readonly keys: Map<string, OpenKey>;
  constructor(workspaceId: string, caseId: string, keys: Map<string, OpenKey>) {
    this.workspaceId = workspaceId;
    this.caseId = caseId;
    this.keys = keys;
  }

  /** Whether the caller holds a live key of this scope. */
  holds(scope: DataKeyScope, participantAccountId: string | null = null): boolean {
    return this.live(scope, participantAccountId) !== undefined;
  }

  private live(scope: DataKeyScope, participantAccountId: string | null): OpenKey | undefined {
    let best: OpenKey | undefined;
    for (const k of this.keys.values()) {
      if (k.scope !== scope || k.participantAccountId !== participantAccountId || k.retired) continue;
      if (!best || k.version > best.version) best = k;
    }
    return best;
  }

  /** The context a sealed value is bound to: workspace, case, table, row, field. */
  context(table: string, rowId: string, field: string): string {
    return `ws/${this.workspaceId}/case/${this.caseId}/${table}/${rowId}/${field}`;
  }

  /** Seals bytes with the live key of `scope`; 409 `CASE_KEY_MISSING` when the caller holds none. */
  seal(scope: DataKeyScope, participantAccountId: string | null, context: string, plain: Uint8Array): Sealed {
    const k = this.live(scope, participantAccountId);
    if (!k) throw keyMissing();
    return { dataKeyId: k.id, sealed: sealWithKey(k.key, plain, context) };
  }

  sealJson(scope: DataKeyScope, participantAccountId: string | null, context: string, value: unknown): Sealed {
    const plain = Buffer.from(JSON.stringify(value), 'utf8');
    try {
      return this.seal(scope, participantAccountId, context, plain);
    } finally {
      wipe(plain);
    }
  }

  /** Opens bytes sealed with data key `dataKeyId`; null when the caller does not hold that key. */
  open(dataKeyId: string, context: string, sealed: Uint8Array): Buffer | null {
    const k = this.keys.get(dataKeyId);
    if (!k) return null;
    return openWithKey(k.key, sealed, context);
  }

  openJson<T = unknown>(dataKeyId: string, context: string, sealed: Uint8Array): T | null {
    const plain = this.open(dataKeyId, context, sealed);
    if (!plain) return null;
    try {
      return JSON.parse(plain.toString('utf8')) as T;
    } finally {
      wipe(plain);
    }
  }

  /** The open key with this id (to wrap it to someone else); undefined if not held. */
  keyOf(dataKeyId: string): Buffer | undefined {
    return this.keys.get(dataKeyId)?.key;
  }

  /** Ids of the keys held, by scope. */
  heldKeys(): Array<Omit<OpenKey, 'key'>> {
    return [...this.keys.values()].map(({ key: _k, ...rest }) => rest);
  }

  /** Adds a key made in this request (a new case, a new version, a participant's share). */
  add(k: OpenKey): void {
    this.keys.set(k.id, k);
  }

  wipe(): void {
    for (const k of this.keys.values()) wipe(k.key);
    this.keys.clear();
  }
}

const keyMissing = () =>
  new AppError(
    409,
    'CASE_KEY_MISSING',
    'Your key to this case has not reached you yet: ask a committee member to open the case.',
    {
      params: { reason: 'CASE_KEY_MISSING' },
    },
  );

/**
 * Opens the caller's keys of a case: their wraps, unwrapped with their session keypair (escrow
 * wraps are delivered first). Then, holding the keys, wraps them to anyone with access who lacks
 * one (a member assigned since): the "next member who opens the case" of the design.
 */
export async function openKeyring(
  tx: Tx,
  config: Pick<Config, 'authSecret'>,
  c: Caller,
  caseId: string,
): Promise<CaseKeyring> {
  const pair = await sessionKeypair(tx, c);
  const keys = new Map<string, OpenKey>();
  try {
    const rows = await repo.dataKeys(tx, c.workspaceId, caseId);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const wraps = await repo.myWraps(tx, c.workspaceId, caseId, c.accountId);
    const esc = wraps.some((w) => w.escrow) ? escrowKeypair(config) : null;
    for (const w of wraps) {
      const meta = byId.get(w.dataKeyId);
      if (!meta) continue;
      const key = unwrapKey(Buffer.from(w.wrapped, 'hex'), w.escrow && esc ? esc : pair);
      if (w.escrow) await repo.deliverWrap(tx, w.dataKeyId, c.accountId, wrapKey(key, pair.publicKey));
      keys.set(meta.id, { ...meta, key });
    }
  } finally {
    wipe(pair.privateKey);
  }
  const ring = new CaseKeyring(c.workspaceId, caseId, keys);
  await wrapMissing(tx, config, ring);
  return ring;
}

/** Wraps the keys the keyring holds to each person with live access who lacks one (public key, else escrow). */
export async function wrapMissing(tx: Tx, config: Pick<Config, 'authSecret'>, ring: CaseKeyring): Promise<number> {
  const missing = await repo.missingWraps(tx, ring.caseId);
  const wanted = missing.filter((m) => ring.keyOf(m.dataKeyId));
  if (wanted.length === 0) return 0;
  const pubs = new Map(
    (await repo.publicKeys(tx, ring.workspaceId, [...new Set(wanted.map((m) => m.accountId))])).map((p) => [
      p.accountId,
      Buffer.from(p.publicKey, 'hex'),
    ]),
  );
  for (const m of wanted) {
    const key = ring.keyOf(m.dataKeyId)!;
    const pub = pubs.get(m.accountId);
    await repo.insertWrap(tx, {
      workspaceId: ring.workspaceId,
      caseId: ring.caseId,
      dataKeyId: m.dataKeyId,
      accountId: m.accountId,
      wrapped: wrapKey(key, pub ?? escrowKeypair(config).publicKey),
      escrow: !pub,
    });
  }
  return wanted.length;
}

/**
 * Starts a new data key of `scope` (version after the highest so far), held by the keyring; the
 * older live one is retired. Wrap it with `wrapMissing` once access rows are in place.
 */
export async function newDataKey(
  tx: Tx,
  ring: CaseKeyring,
  scope: DataKeyScope,
  participantAccountId: string | null = null,
): Promise<string> {
  const existing = (await repo.dataKeys(tx, ring.workspaceId, ring.caseId)).filter(
    (k) => k.scope === scope && k.participantAccountId === participantAccountId,
  );
  const version = existing.reduce((m, k) => Math.max(m, k.version), 0) + 1;
  if (existing.some((k) => !k.retired)) {
    await repo.retireDataKeys(tx, ring.workspaceId, ring.caseId, scope, participantAccountId);
    for (const k of ring.heldKeys()) {
      if (k.scope === scope && k.participantAccountId === participantAccountId)
        ring.add({ ...k, retired: true, key: ring.keyOf(k.id)! });
    }
  }
  const id = randomUUID();
  await repo.insertDataKey(tx, {
    id,
    workspaceId: ring.workspaceId,
    caseId: ring.caseId,
    scope,
    participantAccountId,
    version,
  });
  ring.add({ id, scope, participantAccountId, version, retired: false, key: newKey() });
  return id;
}

/** Runs `fn` with the caller's keyring of a case, wiped afterwards whatever happens. */
export async function withKeyring<T>(
  tx: Tx,
  config: Pick<Config, 'authSecret'>,
  c: Caller,
  caseId: string,
  fn: (ring: CaseKeyring) => Promise<T>,
): Promise<T> {
  const ring = await openKeyring(tx, config, c, caseId);
  try {
    return await fn(ring);
  } finally {
    ring.wipe();
  }
}

/** An empty keyring for a case being created in this request (its keys are added as they are made). */
export function newKeyring(workspaceId: string, caseId: string): CaseKeyring {
  return new CaseKeyring(workspaceId, caseId, new Map());
}

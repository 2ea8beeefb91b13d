import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../multipart.ts';
import { createTestApp } from '../test-app.ts';
import { type AuthzFixture, authzFixture, CALLER_NAMES, type Caller, snapshot } from './fixture.ts';

/**
 * The table-driven authorization suite (issue 22 §1). Every route of the server has an entry in one
 * table, keyed `METHOD url` as Fastify registers it; `core/route-coverage.test.ts` fails for a route
 * that has none. An entry says which rule decides, who the legitimate caller is (the control, which
 * must succeed, so that the refusals are about who asks and not about a malformed request), and
 * for each of the four standard cases — another workspace, a lower role, a business-unit admin
 * outside the target's unit, giving more than you hold — either how it is tried or, with
 * `{ na: why }`, why it does not apply. Every refusal must leave workspace A's rows as they were.
 */

/** One request; `host` defaults to the caller's own host. */
export type Req = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
  /** A multipart upload (file text and fields) instead of a JSON body. */
  upload?: { file: string; fields: Record<string, string | number>; filename?: string };
  host?: string;
};

/** A case that does not apply to the route, and why. */
export type NotApplicable = { na: string };

/** What `prepare` made for the route (ids), handed to its requests. */
export type Prepared = Record<string, string>;

export type AuthzEntry = {
  /** The rule that decides, in words (the permission, scope and relationship the policy checks). */
  rule: string;
  /** The legitimate caller; `'public'`: no session at all. */
  as: Caller | 'public';
  /** Makes what the requests need (a fresh course to delete), once per route, before anything is counted. */
  prepare?: (f: AuthzFixture) => Promise<Prepared>;
  /** The request; `host` is where it is about to be sent (a SCORM launch names its page's origin). */
  request: (f: AuthzFixture, p: Prepared, host: string) => Req;
  /**
   * For a list that answers every caller with its own scope: a refused caller gets 2xx, but the
   * answer must not contain this (the target's id).
   */
  hides?: (f: AuthzFixture, p: Prepared) => string;
  /** The statuses a refusal may have (default 401, 403, 404; a file of rows refuses with 400). */
  refusedWith?: number[];
  /** The control's statuses (default: any 2xx). */
  ok?: number[];
  /**
   * B's admin sends the same request (A's ids) on B's host, and with B's token on A's host.
   * `'refused'`: both are refused. `'own-scope'`: the request names nothing of A (a list, a new
   * object): on B's host it works on B and must still leave A untouched.
   */
  anotherWorkspace: 'refused' | 'own-scope' | NotApplicable;
  /** A caller of a role below the control's, on A's host: refused. */
  lowerRole: Caller | NotApplicable;
  /** A's business-unit admin of the headquarters, aiming at the target unit: refused. */
  unitAdminOutside: 'refused' | NotApplicable;
  /** A request that gives (access, credits, attempts, a rule) beyond what its sender holds: refused. */
  moreThanHeld:
    | {
        as: Caller;
        why: string;
        request: (f: AuthzFixture, p: Prepared, host: string) => Req;
        status?: number[];
        /** The refusal's `params.reason`, where it names the rule (so that another refusal cannot pass for it). */
        reason?: string;
      }
    | NotApplicable;
  /**
   * Further refusals: a relationship (another learner, the admin on a learner's own route), or for a
   * public route what is refused without any session (another workspace's code on this host).
   * `request` defaults to the entry's; `status` to 401, 403, 404.
   */
  alsoRefused?: { as: Caller | 'public'; why: string; request?: AuthzEntry['request']; status?: number[] }[];
  /**
   * The control's session when the request changes or ends it (a newcomer of A's target unit, of
   * `as`'s role): the cast's own sessions stay usable for the routes after it.
   */
  control?: (f: AuthzFixture, p: Prepared) => Promise<{ token: string; host: string }>;
};

export type AuthzTable = Record<string, AuthzEntry>;

const isNa = (x: unknown): x is NotApplicable => typeof x === 'object' && x !== null && 'na' in x;

/** The refusals the API answers for who asks: 401 (a foreign session), 403, 404 (outside reads as missing), 409 on a record's state. */
const REFUSED = [401, 403, 404];

/**
 * Registers the suite for `table` in the calling test file: one `describe` per route, one `it` per
 * case, on one app and one cast for the whole file (each route prepares its own objects).
 */
export function runAuthzTable(table: AuthzTable): void {
  let f: AuthzFixture;
  beforeAll(async () => {
    f = await authzFixture(await createTestApp());
  }, 120_000);
  afterAll(() => f?.t.close());

  /** Where `as` sends `entry`'s request: `host`, else the request's own host, else the caller's. */
  const hostOf = (entry: AuthzEntry, p: Prepared, as: Caller | 'public', host?: string) =>
    host ?? entry.request(f, p, f.a.host).host ?? (as === 'public' ? f.a.host : f.people[as].host);
  const send = (req: Req, as: Caller | 'public', host: string): Promise<LightMyRequestResponse> => {
    const who = as === 'public' ? null : f.people[as];
    const { upload, payload, headers, method, url } = req;
    return f.t.request(host, {
      method,
      url,
      ...(who ? { token: who.token } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
      ...(headers ? { headers } : {}),
      ...(upload ? multipart(upload.file, upload.fields, upload.filename) : {}),
    });
  };

  describe.each(Object.entries(table).map(([key, entry]) => ({ key, entry })))('$key', ({ entry }) => {
    let p: Prepared = {};
    /** Workspace A once the route's objects are made: every refusal must leave it so. */
    let baseline: Record<string, string> = {};
    beforeAll(async () => {
      p = (await entry.prepare?.(f)) ?? {};
      baseline = await snapshot(f);
    }, 60_000);
    const statuses = entry.refusedWith ?? REFUSED;
    /** `as` sends the entry's request (or `make`'s) on `host`: refused, or (a list) answered without the target. */
    const refused = async (
      as: Caller | 'public',
      host: string,
      make: AuthzEntry['request'] = entry.request,
      allowed: number[] = statuses,
      reason?: string,
    ) => {
      const res = await send(make(f, p, host), as, host);
      const who = as === 'public' ? 'without a session' : CALLER_NAMES[as];
      const label = `${who} on ${host === f.a.host ? "A's host" : host === f.b.host ? "B's host" : host}: ${res.statusCode} ${res.body.slice(0, 300)}`;
      if (entry.hides && res.statusCode < 300) expect(res.body, label).not.toContain(entry.hides(f, p));
      else expect(allowed, label).toContain(res.statusCode);
      if (reason) expect(res.json().params?.reason, label).toBe(reason);
    };
    /** Runs `fn` (the refused requests of one case) and checks workspace A is as it was. */
    const unchanged = async (fn: () => Promise<void>) => {
      await fn();
      const after = await snapshot(f);
      const before = baseline;
      // A wrong change fails this case only: the next case compares with what it found.
      baseline = after;
      expect(after, 'workspace A changed').toEqual(before);
    };

    if (!isNa(entry.anotherWorkspace)) {
      const mode = entry.anotherWorkspace;
      it(`another workspace's admin is refused on its own host (${mode}) and on A's host, and A is unchanged`, () =>
        unchanged(async () => {
          if (mode === 'own-scope') {
            const own = await send(entry.request(f, p, f.b.host), 'adminB', f.b.host);
            expect(own.statusCode, `on B's host: ${own.body.slice(0, 300)}`).toBeLessThan(300);
            if (entry.hides) expect(own.body).not.toContain(entry.hides(f, p));
          } else await refused('adminB', f.b.host, entry.request, [...statuses, 409]);
          // B's session is not valid on A's host.
          await refused('adminB', f.a.host, entry.request, [401]);
        }));
    }
    if (!isNa(entry.lowerRole)) {
      const lower = entry.lowerRole;
      it(`a lower role (${CALLER_NAMES[lower]}) is refused and A is unchanged`, () =>
        unchanged(async () => {
          const host = hostOf(entry, p, lower);
          await refused(lower, host);
          // A route of another host (the operator's) is refused on the caller's own host too.
          if (host !== f.people[lower].host)
            await refused(lower, f.people[lower].host, entry.request, [...statuses, 404]);
        }));
    }
    if (!isNa(entry.unitAdminOutside)) {
      it('a business-unit admin outside the target unit is refused and A is unchanged', () =>
        unchanged(() => refused('unitAdminOutside', hostOf(entry, p, 'unitAdminOutside'))));
    }
    if (!isNa(entry.moreThanHeld)) {
      const more = entry.moreThanHeld;
      it(`giving more than one holds is refused: ${more.why}`, () =>
        unchanged(async () => {
          const host = more.request(f, p, f.a.host).host ?? f.people[more.as].host;
          await refused(more.as, host, more.request, more.status ?? [...REFUSED, 409], more.reason);
        }));
    }
    for (const other of entry.alsoRefused ?? []) {
      const who = other.as === 'public' ? 'a request without a session' : CALLER_NAMES[other.as];
      it(`${who} is refused (${other.why}) and A is unchanged`, () =>
        unchanged(async () => {
          const make = other.request ?? entry.request;
          const host = make(f, p, f.a.host).host ?? (other.as === 'public' ? f.a.host : f.people[other.as].host);
          await refused(other.as, host, make, other.status ?? statuses);
        }));
    }
    it(`the legitimate caller (${entry.as === 'public' ? 'anyone, no session' : CALLER_NAMES[entry.as]}${entry.control ? ', in a session of its own' : ''}) succeeds`, async () => {
      const custom = await entry.control?.(f, p);
      const host = custom?.host ?? hostOf(entry, p, entry.as);
      const req = entry.request(f, p, host);
      const res = custom
        ? await f.t.request(host, {
            method: req.method,
            url: req.url,
            token: custom.token,
            ...(req.payload !== undefined ? { payload: req.payload as object } : {}),
            ...(req.headers ? { headers: req.headers } : {}),
          })
        : await send(req, entry.as, host);
      const label = `${res.statusCode} ${res.body.slice(0, 300)}`;
      if (entry.ok) expect(entry.ok, label).toContain(res.statusCode);
      else expect(res.statusCode >= 200 && res.statusCode < 300, label).toBe(true);
    });
  });
}

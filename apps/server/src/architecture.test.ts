import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type Ctx, ctxOf, type Deps } from './core/context.ts';

/*
 * The layering the server keeps (docs/tenancy-and-audit.md): routes call services, services call
 * repositories, and only repositories (`*.repo.ts`) build SQL. Requests reach the database only
 * through `ctx.tenant` / `ctx.platform`, never through the owner connection.
 */

const SRC = import.meta.dirname;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

const isTest = (f: string) => f.endsWith('.test.ts');
const isRepo = (f: string) => f.endsWith('.repo.ts');

/** Every service and route file, and every other non-repository file of the services. */
export function layeredFiles(root = SRC): string[] {
  return filesUnder(root).filter((f) => {
    if (isTest(f) || isRepo(f)) return false;
    const rel = path.relative(root, f);
    return f.endsWith('.service.ts') || f.endsWith('.routes.ts') || rel.startsWith(`services${path.sep}`);
  });
}

/** What a file outside a repository must not do, with the reason shown when it does. */
const FORBIDDEN: Array<{ pattern: RegExp; why: string }> = [
  { pattern: /from\s+['"]drizzle-orm(\/[^'"]*)?['"]/, why: 'imports drizzle-orm (query builders, sql)' },
  { pattern: /from\s+['"][./]*\/db\/schema\.ts['"]/, why: 'imports the tables (db/schema.ts)' },
  { pattern: /\bqueryRows\s*[<(]/, why: 'runs raw SQL (queryRows)' },
  { pattern: /\bsql\s*`/, why: 'builds SQL (sql`…`)' },
  { pattern: /\b(withTenant|withPlatform)\s*\(/, why: 'opens a transaction on the raw connection' },
  { pattern: /\bwriteAuditEntries\b/, why: 'writes audit rows directly (use ctx.audit)' },
  { pattern: /\bdeps\.db\b/, why: 'reaches the owner connection (app.deps.db)' },
];

/** A query on a transaction, also when Drizzle's formatting puts `.select(…)` on the next line. */
const TX_QUERY = /\btx\s*\.\s*(select|selectDistinct|insert|update|delete|execute|query)\b/g;

/** The violations in one file's text, each with its line. */
export function violationsIn(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    for (const rule of FORBIDDEN) if (rule.pattern.test(line)) found.push(`line ${i + 1} ${rule.why}`);
  });
  for (const m of text.matchAll(TX_QUERY)) {
    found.push(`line ${text.slice(0, m.index).split('\n').length} queries through tx (${m[1]})`);
  }
  return found;
}

describe('architecture', () => {
  it('builds SQL only in *.repo.ts: no service, route or other service file queries the database', () => {
    const files = layeredFiles();
    expect(files.length).toBeGreaterThan(30);
    const offenders = files.flatMap((f) =>
      violationsIn(readFileSync(f, 'utf8')).map((v) => `${path.relative(SRC, f)}: ${v}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the check itself catches SQL in a service', () => {
    expect(violationsIn("import { eq } from 'drizzle-orm';")).toHaveLength(1);
    expect(violationsIn("import type { SQL } from 'drizzle-orm/sql';")).toHaveLength(1);
    expect(violationsIn('  const rows = await tx.select().from(users);')).toEqual([
      'line 1 queries through tx (select)',
    ]);
    expect(violationsIn('x;\n  await tx\n    .update(accounts)')).toEqual(['line 2 queries through tx (update)']);
    expect(violationsIn('await queryRows<{ n: number }>(tx, sql`select 1`);')).toHaveLength(2);
    expect(violationsIn("import { accounts } from '../../../db/schema.ts';")).toHaveLength(1);
    expect(violationsIn('return withTenant(db, scope, fn);')).toHaveLength(1);
    expect(violationsIn('const db = app.deps.db;')).toHaveLength(1);
    expect(violationsIn('await repo.revokeSession(tx, id);\nawait ctx.tenant((tx) => repo.find(tx));')).toEqual([]);
  });

  it('a request context offers scoped transactions, never the owner connection', () => {
    expectTypeOf<Ctx>().not.toHaveProperty('db');
    expectTypeOf<Deps>().toHaveProperty('db');
    const db = { marker: 'the owner connection' };
    const req = {
      server: { deps: { db, config: {}, jobs: {}, storage: {} } },
      site: { kind: 'workspace', host: 'a.test', workspaceId: 'w1' },
      principal: null,
      id: 'req-1',
      ip: '127.0.0.1',
      protocol: 'http',
      host: 'a.test',
      cookies: {},
      log: {},
    } as unknown as FastifyRequest;
    const ctx = ctxOf(req);
    expect('db' in ctx).toBe(false);
    expect(Object.values(ctx)).not.toContain(db);
    expect(typeof ctx.tenant).toBe('function');
    expect(typeof ctx.platform).toBe('function');
    expect(ctx.workspaceId).toBe('w1');
  });
});

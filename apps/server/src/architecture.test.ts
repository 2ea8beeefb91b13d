import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  describeViolation,
  type RuleName,
  readTree,
  serverViolations,
  type Tree,
  webViolations,
} from './architecture/boundaries.ts';
import { type Ctx, ctxOf, type Deps } from './core/context.ts';

/*
 * The boundaries of the code (architecture/boundaries.ts), checked on the syntax tree: each rule
 * passes on the real tree and fails on a violation planted in a copy of it.
 */

const SERVER = import.meta.dirname;
const WEB = path.join(SERVER, '../../web/src');
const server = readTree(SERVER);
const web = readTree(WEB);

/** The violations the rules find in the real tree with `file` added (or replaced) by `text`. */
function planted(tree: Tree, check: (t: Tree) => ReturnType<typeof serverViolations>, file: string, text: string) {
  const copy = new Map(tree);
  copy.set(file, text);
  return check(copy)
    .filter((v) => v.file === file)
    .map((v) => `${v.line} ${v.rule}`);
}
const inServer = (file: string, text: string) => planted(server, serverViolations, file, text);
const inWeb = (file: string, text: string) => planted(web, webViolations, file, text);
const rule = (line: number, name: RuleName) => `${line} ${name}`;

describe('the boundaries, on the real tree', () => {
  it('reads the whole server and web', () => {
    expect(server.size).toBeGreaterThan(300);
    expect(web.size).toBeGreaterThan(150);
    expect([...server.keys()]).toContain('services/lms/index.ts');
  });

  it('the server keeps every rule', () => {
    expect(serverViolations(server).map(describeViolation)).toEqual([]);
  });

  it('the web keeps every rule', () => {
    expect(webViolations(web).map(describeViolation)).toEqual([]);
  });
});

describe('a module imports core, the contract and itself only', () => {
  it('refuses another module, by a relative path, a re-export or a dynamic import', () => {
    expect(
      inServer(
        'services/cms/planted.ts',
        [
          "import { lmsService } from '../lms/index.ts';",
          "export { mainService } from '../main/index.ts';",
          "const m = await import('../escalation/escalation.service.ts');",
          "import type { Ctx } from '../main/users/users.service.ts';",
        ].join('\n'),
      ),
    ).toEqual([
      rule(1, 'module-imports'),
      rule(2, 'module-imports'),
      rule(3, 'module-imports'),
      rule(4, 'module-imports'),
    ]);
  });

  it('refuses the composition (app.ts, testing, seed)', () => {
    expect(
      inServer(
        'services/lms/planted.service.ts',
        "import { buildApp } from '../../app.ts';\nimport { aMember } from '../../testing/factories.ts';",
      ),
    ).toEqual([rule(1, 'module-imports'), rule(2, 'module-imports')]);
  });

  it('allows core, the contract, packages and the module itself', () => {
    expect(
      inServer(
        'services/lms/planted.service.ts',
        [
          "import { ZCourse } from '@app/contract';",
          "import { z } from 'zod';",
          "import type { Ctx } from '../../core/context.ts';",
          "import { errors } from '../../core/errors.ts';",
          "import * as repo from './courses/courses.repo.ts';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('a test is composition: it may set up a case through any module', () => {
    expect(inServer('services/lms/planted.test.ts', "import { mainService } from '../main/index.ts';")).toEqual([]);
  });
});

describe('only a repository reaches the database', () => {
  it('refuses drizzle, the drivers, the tables and the connection helpers in a service or route', () => {
    expect(
      inServer(
        'services/main/planted.service.ts',
        [
          "import { eq } from 'drizzle-orm';",
          "import type { SQL } from 'drizzle-orm/sql';",
          "import { accounts } from '../../db/schema.ts';",
          "import { queryRows } from '../../core/db/database.ts';",
          "import { withTenant } from '../../core/db/tenant.ts';",
          "import pg from 'pg';",
        ].join('\n'),
      ),
    ).toEqual([
      rule(1, 'database-only-in-repositories'),
      rule(3, 'database-only-in-repositories'),
      rule(4, 'database-only-in-repositories'),
      rule(5, 'database-only-in-repositories'),
      rule(6, 'database-only-in-repositories'),
    ]);
  });

  it('a type-only import of the tables is the database too; of a transaction handle it is not', () => {
    expect(
      inServer(
        'services/main/planted.routes.ts',
        "import type { accounts } from '../../db/schema.ts';\nimport type { Tx } from '../../core/db/database.ts';",
      ),
    ).toEqual([rule(1, 'database-only-in-repositories')]);
  });

  it('a service may take the workspace lock inside the transaction it was given', () => {
    expect(
      inServer('services/main/planted.service.ts', "import { lockWorkspace } from '../../core/db/tenant.ts';"),
    ).toEqual([]);
  });

  it('a repository may import drizzle, the tables and queryRows', () => {
    expect(
      inServer(
        'services/main/planted.repo.ts',
        [
          "import { sql } from 'drizzle-orm';",
          "import { accounts } from '../../db/schema.ts';",
          "import { queryRows, type Tx } from '../../core/db/database.ts';",
          'export const one = (tx: Tx) => queryRows(tx, sql`select 1`);',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('refuses a query built on a transaction, or SQL, outside a repository', () => {
    expect(
      inServer(
        'services/main/planted.service.ts',
        [
          'export async function f(ctx: any) {',
          '  await ctx.tenant((tx: any) => tx.select().from(x));',
          '  await ctx.tenant((tx: any) => tx',
          '    .update(x));',
          '  await queryRows(y, sql`select 1`);',
          '}',
        ].join('\n'),
      ),
    ).toEqual([
      rule(2, 'queries-only-in-repositories'),
      rule(3, 'queries-only-in-repositories'),
      rule(5, 'queries-only-in-repositories'),
      rule(5, 'queries-only-in-repositories'),
    ]);
  });

  it('a route or service outside the modules builds no SQL either', () => {
    expect(
      inServer(
        'core/planted.routes.ts',
        [
          "import { eq } from 'drizzle-orm';",
          "import { accounts } from '../db/schema.ts';",
          'export const f = (tx: any, app: any) => [tx.select().from(accounts),',
          '  withTenant(app.deps.db, { workspaceId: null }, async () => 1)];',
        ].join('\n'),
      ),
    ).toEqual([
      rule(1, 'database-only-in-repositories'),
      rule(2, 'database-only-in-repositories'),
      rule(3, 'queries-only-in-repositories'),
      rule(4, 'queries-only-in-repositories'),
      rule(4, 'owner-connection-not-in-modules'),
    ]);
  });

  it('refuses audit rows written directly', () => {
    expect(inServer('services/main/planted.service.ts', 'await writeAuditEntries(tx, []);')).toEqual([
      rule(1, 'audit-only-through-ctx'),
    ]);
  });
});

describe('no repository opens a transaction', () => {
  it('refuses withTenant, withPlatform and transaction, under any local name', () => {
    expect(
      inServer(
        'services/lms/planted.repo.ts',
        [
          "import { withTenant as open, withPlatform } from '../../core/db/tenant.ts';",
          "import * as tenant from '../../core/db/tenant.ts';",
          'export const a = (db: any) => open(db, { workspaceId: null }, async () => 1);',
          "export const b = (db: any) => withPlatform(db, { action: 'x', audit: false }, async () => 1);",
          'export const c = (db: any) => db.transaction(async () => 1);',
          'export const d = (db: any) => tenant.withTenant(db, { workspaceId: null }, async () => 1);',
          'export const e = (tx: any) => tx.transaction(async () => 1);',
        ].join('\n'),
      ),
    ).toEqual([
      rule(3, 'repository-opens-no-transaction'),
      rule(4, 'repository-opens-no-transaction'),
      rule(5, 'repository-opens-no-transaction'),
      rule(6, 'repository-opens-no-transaction'),
      rule(7, 'repository-opens-no-transaction'),
    ]);
  });

  it('a repository running in the transaction it is given passes', () => {
    expect(
      inServer(
        'services/lms/planted.repo.ts',
        "import { sql } from 'drizzle-orm';\nexport const f = (tx: any) => tx.execute(sql`select 1`);",
      ),
    ).toEqual([]);
  });
});

describe('a module never holds the owner connection', () => {
  it('refuses reading db from its dependencies, or naming the connection type', () => {
    expect(
      inServer(
        'services/lms/planted.ts',
        [
          "import type { Db } from '../../core/db/database.ts';",
          'export function f(deps: any) {',
          '  const { db, ...rest } = deps;',
          '  return [deps.db,',
          '    deps?.db,',
          '    deps["db"], rest];',
          '}',
        ].join('\n'),
      ),
    ).toEqual([
      rule(1, 'owner-connection-not-in-modules'),
      rule(3, 'owner-connection-not-in-modules'),
      rule(4, 'owner-connection-not-in-modules'),
      rule(5, 'owner-connection-not-in-modules'),
      rule(6, 'owner-connection-not-in-modules'),
    ]);
  });
});

describe('core names no module', () => {
  it('refuses a module, or the composition, imported from core', () => {
    expect(
      inServer(
        'core/planted.ts',
        "import { lmsService } from '../services/lms/index.ts';\nimport type { X } from '../services/escalation/escalation.repo.ts';\nimport { buildApp } from '../app.ts';",
      ),
    ).toEqual([
      rule(1, 'core-imports-no-module'),
      rule(2, 'core-imports-no-module'),
      rule(3, 'core-imports-no-module'),
    ]);
  });

  it('core may import core and the database', () => {
    expect(
      inServer(
        'core/planted.ts',
        "import { errors } from './errors.ts';\nimport { withTenant } from './db/tenant.ts';\nimport { accounts } from '../db/schema.ts';",
      ),
    ).toEqual([]);
  });
});

describe('the case-management service never opens the platform path', () => {
  it('refuses ctx.platform, withPlatform and escalateToPlatform, called, destructured or imported', () => {
    expect(
      inServer(
        'services/cms/planted.service.ts',
        [
          "import { withPlatform } from '../../core/db/tenant.ts';",
          'export async function f(ctx: any, db: any, tx: any) {',
          "  await ctx.platform({ action: 'x' }, async () => 1);",
          '  const { platform } = ctx;',
          "  await withPlatform(db, { action: 'x' }, async () => 1);",
          "  await escalateToPlatform(tx, { action: 'x' });",
          '}',
        ].join('\n'),
      ),
    ).toEqual(
      expect.arrayContaining([
        rule(1, 'cms-never-opens-the-platform-path'),
        rule(3, 'cms-never-opens-the-platform-path'),
        rule(4, 'cms-never-opens-the-platform-path'),
        rule(5, 'cms-never-opens-the-platform-path'),
        rule(6, 'cms-never-opens-the-platform-path'),
      ]),
    );
  });

  it('the same code in another module is not this rule’s business', () => {
    expect(inServer('services/lms/planted.service.ts', "await ctx.platform({ action: 'x' }, f);")).toEqual([]);
  });

  it('cms opening its own tenant transaction passes', () => {
    expect(inServer('services/cms/planted.service.ts', 'await ctx.tenant(async (tx) => repo.find(tx));')).toEqual([]);
  });
});

describe('a web feature imports its own files, the shared parts and the contract only', () => {
  it('refuses another feature', () => {
    expect(
      inWeb(
        'features/users/planted.tsx',
        "import { auditApi } from '../audit/audit.api.ts';\nimport { learners } from '../learning/assign/learners.page.tsx';",
      ),
    ).toEqual([rule(1, 'web-feature-imports'), rule(2, 'web-feature-imports')]);
  });

  it('refuses a shared feature, or a shared part of the shell, importing a product feature', () => {
    expect(inWeb('features/common/planted.ts', "import { usersApi } from '../users/users.api.ts';")).toEqual([
      rule(1, 'web-feature-imports'),
    ]);
    expect(inWeb('app/notify.ts', "import { usersApi } from '../features/users/users.api.ts';")).toEqual([
      rule(1, 'web-feature-imports'),
    ]);
  });

  it('refuses a feature importing the parts of the shell that compose the features', () => {
    expect(inWeb('features/users/planted.tsx', "import { createAppRouter } from '../../app/router.tsx';")).toEqual([
      rule(1, 'web-feature-imports'),
    ]);
  });

  it('refuses lib importing a feature', () => {
    expect(inWeb('lib/planted.ts', "import { usersApi } from '../features/users/users.api.ts';")).toEqual([
      rule(1, 'web-feature-imports'),
    ]);
  });

  it('allows its own files, lib, the shared components and the contract', () => {
    expect(
      inWeb(
        'features/learning/planted.tsx',
        [
          "import { ZCourse } from '@app/contract';",
          "import { saveFile } from '../../lib/save-file.ts';",
          "import { api } from '../../lib/api/index.ts';",
          "import { coursesApi } from './courses/courses.api.ts';",
        ].join('\n'),
      ),
    ).toEqual([]);
  });
});

describe('a request context', () => {
  it('offers scoped transactions, never the owner connection', () => {
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

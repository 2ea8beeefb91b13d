import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { MODULES } from '../app.ts';
import { openDatabase } from '../core/db/database.ts';
import { installJobs } from '../core/jobs.ts';
import { moduleJobs } from '../core/module.ts';
import { loadDemoCatalogueAtStart } from '../seed/compliance-catalogue.ts';
import { loadShippedCalendarsAtStart } from '../seed/holiday-calendars.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a migrated data-dir dump. PostgreSQL: name of the template database. */
    dbTemplate: string;
  }
}

/** Admin URL (same server and role, `postgres` database) for CREATE/DROP DATABASE. */
export function adminUrl(databaseUrl: string): string {
  const u = new URL(databaseUrl);
  u.pathname = '/postgres';
  return u.toString();
}

/**
 * Migrates one template per run, so that every test file starts from the same state in well under
 * a second: a PGlite dump, or a PostgreSQL template database when DATABASE_URL is set. No demo
 * data: tests build what they need with the factories (testing/factories.ts, docs/testing.md).
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const base = new URL(databaseUrl).pathname.slice(1) || 'compliance';
    // One template per project (`server` and `server-once` set up in the same run) and per run.
    const name = `${base}_tpl_${project.name.replace(/\W/g, '_')}_${process.pid}`;
    const admin = new pg.Client({ connectionString: adminUrl(databaseUrl) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: u.toString(), poolSize: 2 });
    await database.migrate();
    await loadShippedCalendarsAtStart(database.db);
    await loadDemoCatalogueAtStart(database.db);
    await installJobs(database, moduleJobs(MODULES));
    await database.close();
    project.provide('dbTemplate', name);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'compliance-test-'));
  const database = await openDatabase({});
  await database.migrate();
  await loadShippedCalendarsAtStart(database.db);
  await loadDemoCatalogueAtStart(database.db);
  await installJobs(database, moduleJobs(MODULES));
  const dump = await database.pglite!.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('dbTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../core/db/database.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCHEMA = path.relative(ROOT, path.join(import.meta.dirname, 'schema.ts'));
const NODE = existsSync(path.join(ROOT, 'node_modules/.bin/node'))
  ? path.join(ROOT, 'node_modules/.bin/node')
  : process.execPath;
const DRIZZLE_KIT = path.join(ROOT, 'node_modules/drizzle-kit/bin.cjs');

const temps: string[] = [];
afterAll(() => {
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

/** A copy of the committed migrations in a temporary folder. */
function copyOfMigrations(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-check-'));
  temps.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

/** Every file of a folder, relative to it, with its content. */
function contents(dir: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  return Object.fromEntries(
    files.map((e) => {
      const full = path.join(e.parentPath, e.name);
      return [path.relative(dir, full), readFileSync(full, 'utf8')];
    }),
  );
}

/**
 * Runs `drizzle-kit generate` against the schema with `out` as the migrations folder. drizzle-kit
 * prefixes `./` to the folder (an absolute path breaks) and exits 0 even on errors, so the folder is
 * given relative to the repository root and the output is returned for the caller to check.
 */
async function generate(out: string): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(
    NODE,
    [DRIZZLE_KIT, 'generate', '--dialect', 'postgresql', '--schema', SCHEMA, '--out', path.relative(ROOT, out)],
    { cwd: ROOT, timeout: 60_000, env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
  );
  return `${stdout}\n${stderr}`;
}

describe('committed migrations', () => {
  it('are up to date with the schema: generating from it finds nothing to add', async () => {
    const dir = copyOfMigrations();
    const before = contents(dir);
    const output = await generate(dir);
    expect(output).not.toMatch(/error/i);
    expect(output).toMatch(/No schema changes, nothing to migrate/);
    expect(contents(dir)).toEqual(before);
  });

  it('the check does notice a difference (a table missing from the latest snapshot yields a new migration)', async () => {
    const dir = copyOfMigrations();
    const journal = JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as {
      entries: { idx: number; tag: string }[];
    };
    const last = journal.entries.at(-1)!;
    const snapshotFile = path.join(dir, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`);
    const snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as { tables: Record<string, unknown> };
    expect(Object.keys(snapshot.tables)).toContain('public.outbox');
    delete snapshot.tables['public.outbox'];
    writeFileSync(snapshotFile, JSON.stringify(snapshot, null, 2));

    const sqlBefore = readdirSync(dir).filter((f) => f.endsWith('.sql'));
    const output = await generate(dir);
    const added = readdirSync(dir).filter((f) => f.endsWith('.sql') && !sqlBefore.includes(f));
    expect({ added: added.length, output: output.slice(-500) }).toMatchObject({ added: 1 });
    expect(readFileSync(path.join(dir, added[0]!), 'utf8')).toContain('CREATE TABLE "outbox"');
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { courseItems } from '../../db/schema.ts';
import { ownerIs } from './owner.ts';

const dialect = new PgDialect();
const render = (q: ReturnType<typeof ownerIs>) => {
  const { sql, params } = dialect.sqlToQuery(q);
  return { sql, params };
};

describe('ownerIs (a workspace’s rows, or the catalogue’s)', () => {
  it('is `workspace_id is null` for the catalogue and `workspace_id = owner` for a workspace', () => {
    expect(render(ownerIs('q', null))).toEqual({ sql: 'q.workspace_id is null', params: [] });
    const id = '00000000-0000-4000-8000-000000000001';
    expect(render(ownerIs('q', id))).toEqual({ sql: 'q.workspace_id = $1::uuid', params: [id] });
    expect(render(ownerIs(courseItems, null)).sql).toBe('"course_items"."workspace_id" is null');
    expect(render(ownerIs(courseItems, id))).toEqual({ sql: '"course_items"."workspace_id" = $1::uuid', params: [id] });
  });

  it('refuses an alias that is not a plain name (no SQL through it)', () => {
    expect(() => ownerIs('q; drop table courses', null)).toThrow(/alias/);
    expect(() => ownerIs('Q', null)).toThrow(/alias/);
  });

  it('is the only way the learning repositories write the catalogue condition', () => {
    const lms = path.join(import.meta.dirname, '../../services/lms');
    const repos = readdirSync(lms, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.repo.ts'));
    expect(repos.length).toBeGreaterThan(5);
    // Not conditions: columns telling the reader whether a course is the catalogue's.
    const columns = ['c.workspace_id is null as catalogue', 'case when c.workspace_id is null then wc.balance'];
    const byHand = repos.flatMap((file) =>
      readFileSync(path.join(lms, file), 'utf8')
        .split('\n')
        .filter((line) => /workspace_id\s+is\s+null|isNull\([\w.]*workspaceId\)/i.test(line))
        .filter((line) => !columns.some((c) => line.includes(c)))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(byHand).toEqual([]);
  });
});

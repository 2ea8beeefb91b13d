import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ZWorkflowDefinition } from '@app/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../core/crypto.ts';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { type AMember, aMember, aWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { canonicalJson } from './definition.ts';

// Publishing, versions and the history through the HTTP interface (issue 25): refusals write
// nothing, a cycle is refused, label-only versions, the diff, version → edit → publish, published
// versions unchanged by every route and by direct SQL as the application, and the hash stable
// across a dump and restore.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Session = { ws: { host: string; id: string }; token: string; member: AMember };
const as = async (m: AMember): Promise<Session> => ({ ws: m.workspace, token: await m.session(), member: m });
const get = (s: Session, url: string) => t.request(s.ws.host, { method: 'GET', url, token: s.token });
const post = (s: Session, url: string, payload: object = {}) =>
  t.request(s.ws.host, { method: 'POST', url, token: s.token, payload });
const del = (s: Session, url: string) => t.request(s.ws.host, { method: 'DELETE', url, token: s.token });
const rows = <T>(query: ReturnType<typeof sql>) =>
  withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) => queryRows<T>(tx, query));

async function admin(country: 'IN' | 'CA' = 'IN') {
  const ws = await aWorkspace(t, country === 'CA' ? { country: 'CA', timeZone: 'America/Toronto' } : { country: 'IN' });
  return { ...(await as(await aMember(ws, { role: 'WORKSPACE_ADMIN' }))), workspace: ws };
}

type Builder = {
  workflow: { id: string; status: string; latestVersion: number | null; revision: number; actions: string[] };
  components: Array<{
    id: string;
    key: string;
    attributes: Array<{ id: string; key: string; label: Record<string, string>; mandatory: boolean }>;
  }>;
  stages: Array<{ id: string; key: string; steps: Array<{ id: string; key: string }> }>;
};

async function fromTemplate(s: Session, template: 'POSH_INQUIRY' | 'CA_RESOLUTION' = 'POSH_INQUIRY'): Promise<Builder> {
  const res = await post(s, '/cms/api/workflow/create', { name: 'Our inquiry', template });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const attr = (b: Builder, key: string) => {
  const a = b.components.flatMap((c) => c.attributes).find((x) => x.key === key);
  if (!a) throw new Error(`no attribute ${key}`);
  return a;
};
const versionsOf = (workflowId: string) =>
  rows<{ number: number; sha256: string; definition: string }>(
    sql`select number, sha256, definition from workflow_versions where workflow_id = ${workflowId} order by number`,
  );

describe('publishing', () => {
  it('refuses a workflow with problems, listing each with its code, path and params, and writes nothing', async () => {
    const s = await admin();
    const created = await post(s, '/cms/api/workflow/create', { name: 'Scratch', jurisdiction: 'IN_POSH' });
    const b: Builder = created.json();
    const res = await post(s, `/cms/api/workflow/publish/${b.workflow.id}`, { changeNote: 'First' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('WORKFLOW_INVALID');
    expect(res.json().details).toContainEqual(
      expect.objectContaining({ code: 'EMPTY_STAGE', path: 'stages.INQUIRY', params: { key: 'INQUIRY' } }),
    );
    expect(await versionsOf(b.workflow.id)).toEqual([]);
    const after: Builder = (await get(s, `/cms/api/workflow/get/${b.workflow.id}`)).json();
    expect([after.workflow.status, after.workflow.revision]).toEqual(['DRAFT', b.workflow.revision]);
    expect(
      await rows(sql`select 1 from audit_log where action = 'workflow.published' and target_id = ${b.workflow.id}`),
    ).toEqual([]);
  });

  it('refuses a cycle of prerequisites at publish (one written behind the routes’ backs)', async () => {
    const s = await admin();
    const b = await fromTemplate(s);
    const steps = b.stages.flatMap((st) => st.steps);
    const copy = steps.find((x) => x.key === 'COPY_TO_RESPONDENT');
    const report = steps.find((x) => x.key === 'REPORT');
    await withTenant(t.database.db, { workspaceId: s.ws.id, accountId: s.member.accountId }, (tx) =>
      tx.execute(sql`insert into workflow_prerequisites (workspace_id, workflow_id, step_id, requires_step_id)
                     values (${s.ws.id}, ${b.workflow.id}, ${copy?.id}, ${report?.id})`),
    );
    const res = await post(s, `/cms/api/workflow/publish/${b.workflow.id}`, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().details.map((d: { code: string }) => d.code)).toEqual(['PREREQUISITE_CYCLE']);
    expect(await versionsOf(b.workflow.id)).toEqual([]);
  });

  it('publishes a template as version 1: canonical JSON stored with its SHA-256, the workflow PUBLISHED', async () => {
    const s = await admin();
    const b = await fromTemplate(s);
    const res = await post(s, `/cms/api/workflow/publish/${b.workflow.id}`, { changeNote: 'From the template' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().workflow).toMatchObject({ status: 'PUBLISHED', latestVersion: 1, actions: ['version'] });
    const [v1] = await versionsOf(b.workflow.id);
    if (!v1) throw new Error('no version');
    expect(sha256Hex(v1.definition)).toBe(v1.sha256);
    expect(canonicalJson(JSON.parse(v1.definition))).toBe(v1.definition);
    const def = ZWorkflowDefinition.parse(JSON.parse(v1.definition));
    expect(def.template).toBe('POSH_INQUIRY');
    expect(v1.definition).not.toMatch(/"id":/);
    const one = (await get(s, `/cms/api/workflow/version/${b.workflow.id}/1`)).json();
    expect([one.number, one.sha256]).toEqual([1, v1.sha256]);
    expect(canonicalJson(one.definition)).toBe(v1.definition);
    const list = (await get(s, `/cms/api/workflow/versions/${b.workflow.id}`)).json();
    expect(list.versions).toEqual([
      expect.objectContaining({
        number: 1,
        sha256: v1.sha256,
        labelOnly: false,
        diff: null,
        changeNote: 'From the template',
        cases: null,
      }),
    ]);
    expect(list.versions[0].publishedBy).not.toBeNull();
    expect(
      await rows(sql`select 1 from audit_log where action = 'workflow.published' and target_id = ${b.workflow.id}`),
    ).toHaveLength(1);
    // Publishing again needs a new version first.
    expect((await post(s, `/cms/api/workflow/publish/${b.workflow.id}`, {})).json().code).toBe('WORKFLOW_NOT_DRAFT');
  });

  it('publishes the Canada template in a Canadian workspace', async () => {
    const s = await admin('CA');
    const b = await fromTemplate(s, 'CA_RESOLUTION');
    const res = await post(s, `/cms/api/workflow/publish/${b.workflow.id}`, {});
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('versions', () => {
  it('version → edit a label → publish: version 2, label-only, the diff counts the text; then a structural change', async () => {
    const s = await admin();
    const b = await fromTemplate(s);
    const id = b.workflow.id;
    expect((await post(s, `/cms/api/workflow/publish/${id}`, {})).statusCode).toBe(200);
    const opened = await post(s, `/cms/api/workflow/version/${id}`);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().workflow).toMatchObject({ status: 'DRAFT', latestVersion: 1 });
    expect((await post(s, `/cms/api/workflow/version/${id}`)).json().code).toBe('WORKFLOW_ALREADY_DRAFT');

    const name = attr(b, 'COMPLAINANT_NAME');
    const edited = await post(s, `/cms/api/attribute/update/${name.id}`, {
      label: { ...name.label, en: 'Your full name' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await post(s, `/cms/api/workflow/publish/${id}`, { changeNote: 'Wording' })).statusCode).toBe(200);

    expect((await post(s, `/cms/api/workflow/version/${id}`)).statusCode).toBe(200);
    const phone = attr(b, 'COMPLAINANT_PHONE');
    expect((await post(s, `/cms/api/attribute/update/${phone.id}`, { mandatory: true })).statusCode).toBe(200);
    const third = await post(s, `/cms/api/workflow/publish/${id}`, {});
    expect(third.statusCode, third.body).toBe(200);

    const list = (await get(s, `/cms/api/workflow/versions/${id}`)).json().versions;
    expect(list.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
    const [v3, v2] = list;
    expect(v2).toMatchObject({
      labelOnly: true,
      changeNote: 'Wording',
      diff: { added: [], removed: [], changed: [], textsChanged: 1 },
    });
    expect(v3.labelOnly).toBe(false);
    expect(v3.diff.changed).toEqual([
      { kind: 'ATTRIBUTE', key: 'COMPLAINANT_PHONE', label: 'Your phone number', fields: ['mandatory'] },
    ]);
    expect(v2.structureSha256).toBe(list[2].structureSha256);
    expect(v2.sha256).not.toBe(list[2].sha256);
  });

  it('a published version stays as it was whatever the routes do to the draft', async () => {
    const s = await admin();
    const b = await fromTemplate(s);
    const id = b.workflow.id;
    await post(s, `/cms/api/workflow/publish/${id}`, {});
    const [before] = await versionsOf(id);
    await post(s, `/cms/api/workflow/version/${id}`);
    const changes = [
      await post(s, `/cms/api/workflow/update/${id}`, { name: 'Renamed', languages: ['en', 'hi'] }),
      await post(s, `/cms/api/attribute/update/${attr(b, 'COMPLAINANT_NAME').id}`, { label: { en: 'Name' } }),
      await del(s, `/cms/api/attribute/delete/${attr(b, 'WITNESSES').id}`),
      await post(s, '/cms/api/component/create', { workflowId: id, title: { en: 'More' } }),
      await post(s, `/cms/api/attribute/order`, {
        workflowId: id,
        componentId: b.components[0]?.id,
        attributeIds: [...(b.components[0]?.attributes ?? [])].reverse().map((a) => a.id),
      }),
    ];
    for (const c of changes) expect(c.statusCode, c.body).toBe(200);
    const draft: Builder = (await get(s, `/cms/api/workflow/get/${id}`)).json();
    expect(draft.components.flatMap((c) => c.attributes).map((a) => a.key)).not.toContain('WITNESSES');
    expect(await versionsOf(id)).toEqual([before]);
    const one = (await get(s, `/cms/api/workflow/version/${id}/1`)).json();
    expect(canonicalJson(one.definition)).toBe(before?.definition);
    expect(one.sha256).toBe(before?.sha256);
  });

  it('the application cannot UPDATE or DELETE a version by SQL (no privilege); nor can the owner (the trigger)', async () => {
    const s = await admin();
    const b = await fromTemplate(s);
    await post(s, `/cms/api/workflow/publish/${b.workflow.id}`, {});
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'not refused',
        (e: Error & { cause?: Error }) => e.cause?.message ?? e.message,
      );
    const asApp = (statement: ReturnType<typeof sql>) =>
      withTenant(t.database.db, { workspaceId: s.ws.id, accountId: s.member.accountId }, (tx) => tx.execute(statement));
    for (const statement of [
      sql`update workflow_versions set definition = '{}', sha256 = ${'0'.repeat(64)} where workflow_id = ${b.workflow.id}`,
      sql`delete from workflow_versions where workflow_id = ${b.workflow.id}`,
    ]) {
      expect(await refusal(asApp(statement))).toMatch(/permission denied/);
      expect(
        await refusal(
          t.database.db.transaction(async (tx) => {
            await tx.execute(sql`select set_config('app.workspace_id', ${s.ws.id}, true)`);
            await tx.execute(statement);
          }),
        ),
      ).toMatch(/cannot be changed/);
    }
    const [v1] = await versionsOf(b.workflow.id);
    expect(sha256Hex(v1?.definition ?? '')).toBe(v1?.sha256);
  });

  it('the hash is stable across a dump and restore (PostgreSQL with pg_dump; always: the stored text re-hashes)', async () => {
    const s = await admin();
    const b = await fromTemplate(s);
    await post(s, `/cms/api/workflow/publish/${b.workflow.id}`, {});
    const stored = await versionsOf(b.workflow.id);
    expect(stored).toHaveLength(1);
    for (const v of stored) {
      expect(sha256Hex(v.definition)).toBe(v.sha256);
      expect(canonicalJson(JSON.parse(v.definition))).toBe(v.definition);
    }
    const url = process.env.DATABASE_URL;
    if (!url || !hasPgDump()) return;
    const [{ name } = { name: '' }] = await rows<{ name: string }>(sql`select current_database() as name`);
    const source = new URL(url);
    source.pathname = `/${name}`;
    const dir = mkdtempSync(join(tmpdir(), 'wfv-'));
    const dump = join(dir, 'versions.sql');
    // The table forces row-level security even on its owner: the dump runs with it, in the workspace.
    execFileSync(
      'pg_dump',
      [
        '--data-only',
        '--enable-row-security',
        '--table=public.workflow_versions',
        '--no-owner',
        '--no-acl',
        `--file=${dump}`,
        source.toString(),
      ],
      { env: { ...process.env, PGOPTIONS: `-c app.workspace_id=${s.ws.id}` } },
    );
    const fresh = `${name}_restore`;
    const pgAdmin = new pg.Client({ connectionString: url });
    await pgAdmin.connect();
    await pgAdmin.query(`CREATE DATABASE "${fresh}"`);
    try {
      const target = new URL(url);
      target.pathname = `/${fresh}`;
      const c = new pg.Client({ connectionString: target.toString() });
      await c.connect();
      await c.query(`create table workflow_versions (id uuid, workspace_id uuid, workflow_id uuid, number int, definition text,
        sha256 text, structure_sha256 text, label_only boolean, diff jsonb, fallbacks jsonb, change_note text,
        published_by uuid, published_at timestamptz, created_at timestamptz)`);
      execFileSync('psql', ['-v', 'ON_ERROR_STOP=1', '-q', '-f', dump, target.toString()]);
      const restored = (
        await c.query(
          'select number, sha256, definition from workflow_versions where workflow_id = $1 order by number',
          [b.workflow.id],
        )
      ).rows;
      await c.end();
      expect(restored).toHaveLength(stored.length);
      for (const [i, v] of restored.entries()) {
        expect(v.definition).toBe(stored[i]?.definition);
        expect(sha256Hex(v.definition)).toBe(stored[i]?.sha256);
      }
    } finally {
      await pgAdmin.query(`DROP DATABASE IF EXISTS "${fresh}" WITH (FORCE)`);
      await pgAdmin.end();
    }
  });

  it('another workspace’s workflow is missing, and an employee may not publish or read versions', async () => {
    const s = await admin();
    const b = await fromTemplate(s);
    const other = await admin();
    expect((await post(other, `/cms/api/workflow/publish/${b.workflow.id}`, {})).statusCode).toBe(404);
    expect((await get(other, `/cms/api/workflow/versions/${b.workflow.id}`)).statusCode).toBe(404);
    const employee = await as(await aMember(s.workspace, { role: 'EMPLOYEE' }));
    // An employee reaches no workspace-wide workflow: it reads as missing (workflows.policy.ts).
    expect((await post(employee, `/cms/api/workflow/publish/${b.workflow.id}`, {})).statusCode).toBe(404);
    expect((await get(employee, `/cms/api/workflow/version/${b.workflow.id}/1`)).statusCode).toBe(404);
    expect((await get(employee, '/cms/api/workflow/templates')).statusCode).toBe(403);
  });
});

describe('templates', () => {
  it('lists both templates with their names in their languages and the sections they cite', async () => {
    const s = await admin();
    const res = await get(s, '/cms/api/workflow/templates');
    expect(res.statusCode, res.body).toBe(200);
    const [posh, canada] = res.json().templates;
    expect(posh).toMatchObject({ key: 'POSH_INQUIRY', jurisdiction: 'IN_POSH', stages: 5, steps: 11 });
    expect(posh.name.hi).toBe('POSH अधिनियम जाँच');
    expect(posh.references).toEqual(expect.arrayContaining(['s.9(1)', 'Rule 7(2)', 's.18(2)']));
    expect(canada).toMatchObject({ key: 'CA_RESOLUTION', jurisdiction: 'CA_SOR_2020_130' });
    expect(canada.name.fr).toContain('harcèlement');
  });
});

function hasPgDump(): boolean {
  try {
    execFileSync('pg_dump', ['--version']);
    return true;
  } catch {
    return false;
  }
}

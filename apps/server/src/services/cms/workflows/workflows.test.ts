import type { TStep } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { type AMember, aMember, aWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { defaultForm } from './default-form.ts';
import { insertDefinition } from './draft.ts';
import { setWorkflowStatus } from './workflows.repo.ts';

// Complaint workflows through the HTTP interface (issue 25): creating one from scratch and from a
// template, process details and their refusals, every call of the complaint form (order and
// conditions included), locked fields refused, a RESOURCE field's document, a published workflow
// refused, another workspace's workflow missing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Session = { ws: { host: string }; token: string };
type Attr = { id: string; key: string; type: string; locked: boolean; componentId: string; position: number };
type Comp = { id: string; key: string; position: number; attributes: Attr[] };
type Builder = {
  workflow: { id: string; [k: string]: unknown };
  components: Comp[];
  stages: Array<{ key: string; steps: Array<Record<string, unknown>> }>;
};

const as = async (m: AMember): Promise<Session> => ({ ws: m.workspace, token: await m.session() });
const get = (s: Session, url: string) => t.request(s.ws.host, { method: 'GET', url, token: s.token });
const post = (s: Session, url: string, payload: object) =>
  t.request(s.ws.host, { method: 'POST', url, token: s.token, payload });
const del = (s: Session, url: string) => t.request(s.ws.host, { method: 'DELETE', url, token: s.token });
/** A transaction of workspace `workspaceId` as the application role: a test's own setup, as the other work packages would write it. */
const tenant = <T>(workspaceId: string, fn: (tx: Tx) => Promise<T>) =>
  withTenant(t.database.db, { workspaceId, accountId: null }, fn);
const rows = <T>(query: ReturnType<typeof sql>) =>
  withPlatform(t.database.db, { action: 'test.cms', audit: false }, (tx) => queryRows<T>(tx, query));

const attrs = (b: Builder) => b.components.flatMap((c) => c.attributes);
const attr = (b: Builder, key: string) => attrs(b).find((a) => a.key === key)!;
const comp = (b: Builder, key: string) => b.components.find((c) => c.key === key)!;

async function workspace(country: 'IN' | 'CA' = 'IN') {
  const ws = await aWorkspace(t, {
    name: country === 'IN' ? 'Bharat Textiles' : 'Maple Freight',
    country,
    timeZone: country === 'IN' ? 'Asia/Kolkata' : 'America/Toronto',
  });
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  return { ws, admin, s: await as(admin) };
}

async function scratch(s: Session, jurisdiction = 'IN_POSH'): Promise<Builder> {
  const res = await post(s, '/cms/api/workflow/create', { name: 'Our inquiry', jurisdiction });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The answer's builder, after checking it is a 200. */
function ok(res: { statusCode: number; body: string; json(): unknown }): Builder {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Builder;
}

/** A refusal's status, code and reason. */
const refusal = (res: { statusCode: number; json(): unknown }) => {
  const body = res.json() as { code: string; params?: { reason?: string } };
  return { status: res.statusCode, code: body.code, reason: body.params?.reason };
};

const revision = async (id: string) =>
  (await rows<{ revision: number }>(sql`select revision from workflows where id = ${id}`))[0]!.revision;

describe('creating a workflow', () => {
  it('from scratch: the spec’s default form in every offered language, one empty stage, audited', async () => {
    const { s, ws } = await workspace();
    const b = await scratch(s);
    expect(b.workflow).toMatchObject({
      name: 'Our inquiry',
      jurisdiction: 'IN_POSH',
      template: null,
      status: 'DRAFT',
      filers: ['EMPLOYEE'],
      languages: ['en', 'hi', 'kn', 'te', 'ta', 'mr'],
      handler: { kind: 'UNIT_COMMITTEE' },
      branchId: null,
      actions: ['edit', 'publish'],
    });
    expect(b.components.map((c) => c.key)).toEqual(['COMPLAINANT', 'RESPONDENT', 'INCIDENT']);
    expect(attrs(b)).toHaveLength(13);
    expect(
      attrs(b)
        .filter((a) => a.locked)
        .map((a) => a.key)
        .sort(),
    ).toEqual(['COMPLAINANT_EMAIL', 'COMPLAINANT_NAME', 'INCIDENT_DATE', 'INCIDENT_DETAILS']);
    const gender = attr(b, 'COMPLAINANT_GENDER') as Attr & { options: Array<{ key: string }>; label: object };
    expect(gender.type).toBe('SINGLE_SELECT');
    expect(gender.options.map((o) => o.key)).toEqual(['WOMAN', 'MAN', 'OTHER', 'UNDISCLOSED']);
    expect(Object.keys(gender.label).sort()).toEqual(['en', 'hi', 'kn', 'mr', 'ta', 'te']);
    expect(attr(b, 'EVIDENCE').type).toBe('FILE_UPLOAD');
    expect(attr(b, 'WITNESSES').type).toBe('TEXT_AREA');
    expect(b.stages).toMatchObject([{ key: 'INQUIRY', steps: [] }]);
    expect(ok(await get(s, `/cms/api/workflow/get/${b.workflow.id}`))).toEqual(b);
    const all = (await get(s, '/cms/api/workflow/all')).json();
    expect(all.content.map((w: { id: string }) => w.id)).toEqual([b.workflow.id]);
    const audit = await rows<{ action: string; details: unknown }>(
      sql`select action, details from audit_log where workspace_id = ${ws.id} and target_id = ${b.workflow.id}`,
    );
    expect(audit).toEqual([
      { action: 'workflow.created', details: { template: null, jurisdiction: 'IN_POSH', branchId: null } },
    ]);
  });

  it('a Canadian workspace writes English and French', async () => {
    const { s } = await workspace('CA');
    const b = await scratch(s, 'CA_SOR_2020_130');
    expect(b.workflow.languages).toEqual(['en', 'fr']);
    expect(Object.keys((attr(b, 'INCIDENT_DATE') as unknown as { label: object }).label).sort()).toEqual(['en', 'fr']);
  });

  it('from a template: its law fixed, its definition copied; refusals write nothing', async () => {
    const { s, ws } = await workspace();
    const b = ok(await post(s, '/cms/api/workflow/create', { name: 'POSH', template: 'POSH_INQUIRY' }));
    expect(b.workflow).toMatchObject({ template: 'POSH_INQUIRY', jurisdiction: 'IN_POSH' });
    const mismatch = await post(s, '/cms/api/workflow/create', {
      name: 'POSH',
      template: 'POSH_INQUIRY',
      jurisdiction: 'CA_SOR_2020_130',
    });
    expect(refusal(mismatch)).toMatchObject({ status: 400, code: 'WORKFLOW_TEMPLATE_JURISDICTION' });
    const noLaw = await post(s, '/cms/api/workflow/create', { name: 'Mine' });
    expect(refusal(noLaw)).toMatchObject({ status: 400, code: 'WORKFLOW_JURISDICTION_REQUIRED' });
    const count = await rows<{ n: number }>(
      sql`select count(*)::int as n from workflows where workspace_id = ${ws.id}`,
    );
    expect(count[0]!.n).toBe(1);
  });

  it('insertDefinition writes every part of a definition, prerequisites by key', async () => {
    const { s, ws } = await workspace();
    const b = await scratch(s);
    const settings: TStep['settings'] = {
      performer: 'PRESIDING_OFFICER',
      dueRule: null,
      reminderDaysBefore: [],
      escalate: false,
      start: { kind: 'PREREQUISITES_MET' },
      reasonIfLate: false,
      quorum: null,
    };
    // A second workflow, written from a definition as create-from-template does.
    const other = ok(await post(s, '/cms/api/workflow/create', { name: 'Copy', template: 'CA_RESOLUTION' }));
    await tenant(ws.id, async (tx) => {
      await tx.execute(sql`delete from workflow_components where workflow_id = ${other.workflow.id}`);
      await tx.execute(sql`delete from workflow_stages where workflow_id = ${other.workflow.id}`);
      await insertDefinition(tx, ws.id, other.workflow.id, {
        format: 1,
        name: 'Copy',
        description: {},
        jurisdiction: 'CA_SOR_2020_130',
        template: 'CA_RESOLUTION',
        filers: ['EMPLOYEE'],
        anonymousWitnesses: false,
        branchId: null,
        handler: { kind: 'UNIT_COMMITTEE' },
        contact: null,
        languages: ['en'],
        fallbacks: {},
        form: defaultForm(['en']),
        stages: [
          {
            key: 'RESOLUTION',
            title: { en: 'Resolution' },
            steps: [
              {
                key: 'FIRST_CONTACT',
                type: 'ACTION',
                title: { en: 'First contact' },
                description: {},
                mandatory: true,
                settings,
                statutory: {
                  ruleKey: 'CA.SOR_2020_130.S20',
                  reference: 'SOR/2020-130 s.20',
                  anchor: 'FILED',
                  anchorStepKey: null,
                  maxOffset: 7,
                  unit: 'CALENDAR_DAY',
                },
                requires: [],
                meetingFields: [],
                actions: [
                  {
                    key: 'TELL_RESPONDENT',
                    settings: { type: 'INFORM_RESPONDENT', shareComplaintCopy: false, message: { en: 'Hello' } },
                  },
                ],
              },
              {
                key: 'HEARING',
                type: 'MEETING',
                title: { en: 'Hearing' },
                description: {},
                mandatory: true,
                settings: { ...settings, quorum: 3 },
                statutory: null,
                requires: [{ stepKey: 'FIRST_CONTACT', condition: 'COMPLETED' }],
                meetingFields: [
                  { key: 'MEETING_TITLE', type: 'TEXT', label: { en: 'Title' }, mandatory: true, options: [] },
                  { key: 'ROOM_NOTES', type: 'TEXT_AREA', label: { en: 'Room' }, mandatory: false, options: [] },
                ],
                actions: [],
              },
            ],
          },
        ],
      });
    });
    const copy = ok(await get(s, `/cms/api/workflow/get/${other.workflow.id}`));
    expect(attrs(copy).map((a) => a.key)).toEqual(attrs(b).map((a) => a.key));
    const [first, hearing] = copy.stages[0]!.steps as Array<{
      id: string;
      actions: Array<{ key: string; type: string; statutory: boolean }>;
      meetingFields: Array<{ key: string; builtin: boolean }>;
      prerequisites: Array<{ requiresStepId: string; requiresStepKey: string }>;
      settings: { quorum: number | null };
    }>;
    expect(first!.actions).toMatchObject([{ key: 'TELL_RESPONDENT', type: 'INFORM_RESPONDENT', statutory: true }]);
    expect(hearing!.meetingFields.map((f) => [f.key, f.builtin])).toEqual([
      ['MEETING_TITLE', true],
      ['ROOM_NOTES', false],
    ]);
    expect(hearing!.prerequisites).toMatchObject([{ requiresStepId: first!.id, requiresStepKey: 'FIRST_CONTACT' }]);
    expect(hearing!.settings.quorum).toBe(3);
    expect(copy.stages[0]).toMatchObject({ statutory: true });
  });
});

describe('process details', () => {
  it('are changed in part, and audited by field name', async () => {
    const { s, ws } = await workspace();
    const b = await scratch(s);
    const before = await revision(b.workflow.id);
    const u = ok(
      await post(s, `/cms/api/workflow/update/${b.workflow.id}`, {
        name: 'Inquiry at Bharat',
        description: { en: 'How we inquire', hi: 'हम कैसे जाँच करते हैं' },
        filers: ['EMPLOYEE', 'CONTRACTOR', 'THIRD_PARTY'],
        contact: { name: 'Asha Rao', email: 'asha@bharat.example', phone: null },
        languages: ['en', 'hi'],
      }),
    );
    expect(u.workflow).toMatchObject({
      name: 'Inquiry at Bharat',
      filers: ['EMPLOYEE', 'CONTRACTOR', 'THIRD_PARTY'],
      contact: { name: 'Asha Rao', email: 'asha@bharat.example', phone: null },
      languages: ['en', 'hi'],
      revision: before + 1,
    });
    const [entry] = await rows<{ details: unknown }>(
      sql`select details from audit_log where workspace_id = ${ws.id} and action = 'workflow.updated'`,
    );
    expect(entry!.details).toEqual({ fields: ['contact', 'description', 'filers', 'languages', 'name'] });
  });

  it('refuse witnesses outside Canada, French in India, English not first, and a template’s other law', async () => {
    const { s } = await workspace();
    const b = await scratch(s);
    const id = b.workflow.id;
    const before = await revision(id);
    expect(refusal(await post(s, `/cms/api/workflow/update/${id}`, { filers: ['EMPLOYEE', 'WITNESS'] }))).toMatchObject(
      { status: 400, code: 'WORKFLOW_WITNESS_CANADA_ONLY' },
    );
    expect(refusal(await post(s, `/cms/api/workflow/update/${id}`, { anonymousWitnesses: true }))).toMatchObject({
      status: 400,
      code: 'WORKFLOW_WITNESS_CANADA_ONLY',
    });
    expect(refusal(await post(s, `/cms/api/workflow/update/${id}`, { languages: ['en', 'fr'] }))).toMatchObject({
      status: 400,
      code: 'LANGUAGE_NOT_OFFERED',
    });
    expect(refusal(await post(s, `/cms/api/workflow/update/${id}`, { languages: ['hi', 'en'] }))).toMatchObject({
      status: 400,
      code: 'WORKFLOW_LANGUAGES_ENGLISH_FIRST',
    });
    expect(await revision(id)).toBe(before);
    const posh = ok(await post(s, '/cms/api/workflow/create', { name: 'POSH', template: 'POSH_INQUIRY' }));
    expect(
      refusal(await post(s, `/cms/api/workflow/update/${posh.workflow.id}`, { jurisdiction: 'CA_SOR_2020_130' })),
    ).toMatchObject({ status: 409, code: 'WORKFLOW_JURISDICTION_FIXED' });
    // From scratch, the law may change (and then witnesses may file).
    const ca = ok(
      await post(s, `/cms/api/workflow/update/${id}`, {
        jurisdiction: 'CA_SOR_2020_130',
        filers: ['EMPLOYEE', 'WITNESS'],
        anonymousWitnesses: true,
      }),
    );
    expect(ca.workflow).toMatchObject({ jurisdiction: 'CA_SOR_2020_130', anonymousWitnesses: true });
    expect(refusal(await post(s, `/cms/api/workflow/update/${id}`, { filers: ['EMPLOYEE'] }))).toMatchObject({
      status: 400,
      code: 'WORKFLOW_ANONYMOUS_NEEDS_WITNESS',
    });
  });

  it('name a live committee of the right kind as handler; the list offers those', async () => {
    const { s, ws } = await workspace();
    const other = await workspace();
    const b = await scratch(s);
    const committee = async (wsId: string, kind: string, name: string, dissolved = false) =>
      (
        await tenant(wsId, (tx) =>
          queryRows<{ id: string }>(
            tx,
            sql`insert into committees (workspace_id, kind, name, workspace_wide, dissolved_on)
              values (${wsId}, ${kind}, ${name}, true, ${dissolved ? '2020-01-01' : null}) returning id`,
          ),
        )
      )[0]!.id;
    const ic = await committee(ws.id, 'INTERNAL_COMMITTEE', 'Internal Committee');
    const dr = await committee(ws.id, 'DESIGNATED_RECIPIENT', 'Recipient');
    const gone = await committee(ws.id, 'INTERNAL_COMMITTEE', 'Old Committee', true);
    const theirs = await committee(other.ws.id, 'INTERNAL_COMMITTEE', 'Theirs');
    const offered = (await get(s, '/cms/api/workflow/handlers')).json();
    expect(offered).toEqual({
      committees: [
        { id: ic, name: 'Internal Committee', kind: 'INTERNAL_COMMITTEE', unitNames: [] },
        { id: dr, name: 'Recipient', kind: 'DESIGNATED_RECIPIENT', unitNames: [] },
      ],
    });
    const update = (committeeId: string) =>
      post(s, `/cms/api/workflow/update/${b.workflow.id}`, { handler: { kind: 'COMMITTEE', committeeId } });
    expect(refusal(await update(dr))).toMatchObject({ status: 400, code: 'WORKFLOW_HANDLER_KIND' });
    expect(refusal(await update(gone))).toMatchObject({ status: 404, reason: 'COMMITTEE_NOT_FOUND' });
    expect(refusal(await update(theirs))).toMatchObject({ status: 404, reason: 'COMMITTEE_NOT_FOUND' });
    expect(ok(await update(ic)).workflow).toMatchObject({
      handler: { kind: 'COMMITTEE', committeeId: ic },
      handlerName: 'Internal Committee',
    });
    // Changing the law re-checks the committee named.
    expect(
      refusal(await post(s, `/cms/api/workflow/update/${b.workflow.id}`, { jurisdiction: 'CA_SOR_2020_130' })),
    ).toMatchObject({ status: 400, code: 'WORKFLOW_HANDLER_KIND' });
  });
});

describe('the complaint form', () => {
  it('components: created with a key from the title, renamed, moved, deleted with their fields', async () => {
    const { s, ws } = await workspace();
    const b = await scratch(s);
    const id = b.workflow.id;
    const c1 = ok(
      await post(s, '/cms/api/component/create', { workflowId: id, title: { en: 'Your workplace', hi: 'कार्यस्थल' } }),
    );
    expect(c1.components.map((c) => c.key)).toEqual(['COMPLAINANT', 'RESPONDENT', 'INCIDENT', 'YOUR_WORKPLACE']);
    const c2 = ok(
      await post(s, '/cms/api/component/create', { workflowId: id, title: { en: 'Your workplace' }, position: 0 }),
    );
    expect(c2.components.map((c) => [c.key, c.position])).toEqual([
      ['YOUR_WORKPLACE_2', 0],
      ['COMPLAINANT', 1],
      ['RESPONDENT', 2],
      ['INCIDENT', 3],
      ['YOUR_WORKPLACE', 4],
    ]);
    const moved = ok(
      await post(s, `/cms/api/component/update/${comp(c2, 'YOUR_WORKPLACE').id}`, {
        title: { en: 'Workplace' },
        position: 1,
      }),
    );
    expect(moved.components.map((c) => c.key)).toEqual([
      'YOUR_WORKPLACE_2',
      'YOUR_WORKPLACE',
      'COMPLAINANT',
      'RESPONDENT',
      'INCIDENT',
    ]);
    // The Respondent section holds no locked field: it goes, with its five fields.
    const gone = ok(await del(s, `/cms/api/component/delete/${comp(moved, 'RESPONDENT').id}`));
    expect(gone.components.map((c) => c.key)).toEqual([
      'YOUR_WORKPLACE_2',
      'YOUR_WORKPLACE',
      'COMPLAINANT',
      'INCIDENT',
    ]);
    expect(gone.components.map((c) => c.position)).toEqual([0, 1, 2, 3]);
    expect(attrs(gone).some((a) => a.key.startsWith('RESPONDENT_'))).toBe(false);
    // The Complainant section holds locked fields.
    expect(refusal(await del(s, `/cms/api/component/delete/${comp(gone, 'COMPLAINANT').id}`))).toMatchObject({
      status: 409,
      code: 'COMPONENT_HOLDS_LOCKED_FIELD',
    });
    const audit = await rows<{ details: unknown }>(
      sql`select details from audit_log where workspace_id = ${ws.id} and action = 'workflow.form_changed' order by occurred_at, id`,
    );
    expect(audit.map((a) => a.details)).toEqual([
      { what: 'COMPONENT', change: 'CREATED', key: 'YOUR_WORKPLACE' },
      { what: 'COMPONENT', change: 'CREATED', key: 'YOUR_WORKPLACE_2' },
      { what: 'COMPONENT', change: 'UPDATED', key: 'YOUR_WORKPLACE', fields: ['position', 'title'] },
      { what: 'COMPONENT', change: 'DELETED', key: 'RESPONDENT' },
    ]);
  });

  it('attributes: keys made or given, options by type, conditions only on an earlier option, locked fields kept', async () => {
    const { s } = await workspace();
    const b = await scratch(s);
    const id = b.workflow.id;
    const incident = comp(b, 'INCIDENT').id;
    const create = (body: object) =>
      post(s, '/cms/api/attribute/create', { workflowId: id, componentId: incident, ...body });
    const where = ok(
      await create({
        type: 'SINGLE_SELECT',
        label: { en: 'Where did it happen?' },
        options: [
          { key: 'OFFICE', label: { en: 'At the office' } },
          { key: 'ELSEWHERE', label: { en: 'Somewhere else' } },
        ],
      }),
    );
    expect(attr(where, 'WHERE_DID_IT_HAPPEN')).toMatchObject({ type: 'SINGLE_SELECT', position: 4, locked: false });
    const place = ok(
      await create({
        type: 'TEXT',
        label: { en: 'Where did it happen?' },
        mandatory: true,
        condition: { attributeKey: 'WHERE_DID_IT_HAPPEN', equals: 'ELSEWHERE' },
      }),
    );
    expect(attr(place, 'WHERE_DID_IT_HAPPEN_2')).toMatchObject({
      condition: { attributeKey: 'WHERE_DID_IT_HAPPEN', equals: 'ELSEWHERE' },
    });
    expect(refusal(await create({ type: 'TEXT', key: 'WITNESSES', label: { en: 'Again' } }))).toMatchObject({
      status: 409,
      code: 'ATTRIBUTE_KEY_TAKEN',
    });
    expect(refusal(await create({ type: 'MULTI_SELECT', label: { en: 'Which?' } }))).toMatchObject({
      status: 400,
      code: 'ATTRIBUTE_OPTIONS_REQUIRED',
    });
    expect(
      refusal(await create({ type: 'DATE', label: { en: 'When?' }, options: [{ key: 'A', label: { en: 'A' } }] })),
    ).toMatchObject({ status: 400, code: 'ATTRIBUTE_OPTIONS_NOT_ALLOWED' });
    for (const condition of [
      { attributeKey: 'WHERE_DID_IT_HAPPEN', equals: 'NOWHERE' },
      { attributeKey: 'INCIDENT_DETAILS', equals: true },
      { attributeKey: 'NO_SUCH_FIELD', equals: 'X' },
    ]) {
      expect(refusal(await create({ type: 'TEXT', label: { en: 'More' }, condition }))).toMatchObject({
        status: 400,
        code: 'ATTRIBUTE_CONDITION_INVALID',
      });
    }
    // A condition on a field placed after it (the Complainant section comes first).
    const early = await post(s, '/cms/api/attribute/create', {
      workflowId: id,
      componentId: comp(b, 'COMPLAINANT').id,
      type: 'TEXT',
      label: { en: 'Early' },
      condition: { attributeKey: 'WHERE_DID_IT_HAPPEN', equals: 'OFFICE' },
    });
    expect(refusal(early)).toMatchObject({ status: 400, code: 'ATTRIBUTE_CONDITION_INVALID' });
    const key = attrs(place).length;
    expect(key).toBe(15);

    // Update: texts and mandatory; a locked field stays mandatory; moving a locked field is fine.
    const details = attr(place, 'INCIDENT_DETAILS').id;
    expect(refusal(await post(s, `/cms/api/attribute/update/${details}`, { mandatory: false }))).toMatchObject({
      status: 409,
      code: 'ATTRIBUTE_LOCKED',
    });
    const conditional = await post(s, `/cms/api/attribute/update/${details}`, {
      condition: { attributeKey: 'WHERE_DID_IT_HAPPEN', equals: 'OFFICE' },
    });
    expect(refusal(conditional)).toMatchObject({ status: 409, code: 'ATTRIBUTE_LOCKED' });
    const moved = ok(
      await post(s, `/cms/api/attribute/update/${details}`, {
        componentId: comp(place, 'COMPLAINANT').id,
        label: { en: 'What happened to you' },
      }),
    );
    expect(attr(moved, 'INCIDENT_DETAILS')).toMatchObject({
      componentId: comp(place, 'COMPLAINANT').id,
      position: 4,
      locked: true,
      mandatory: true,
    });
    expect(comp(moved, 'INCIDENT').attributes.map((a) => a.position)).toEqual([0, 1, 2, 3, 4]);
    // Removing the option a condition names is refused.
    expect(
      refusal(
        await post(s, `/cms/api/attribute/update/${attr(moved, 'WHERE_DID_IT_HAPPEN').id}`, {
          options: [{ key: 'OFFICE', label: { en: 'At the office' } }],
        }),
      ),
    ).toMatchObject({ status: 400, code: 'ATTRIBUTE_CONDITION_INVALID' });

    // Delete: locked refused with its reason; a field others depend on refused; the dependent goes.
    expect(refusal(await del(s, `/cms/api/attribute/delete/${attr(moved, 'INCIDENT_DATE').id}`))).toMatchObject({
      status: 409,
      code: 'ATTRIBUTE_LOCKED',
      reason: 'ATTRIBUTE_LOCKED',
    });
    expect(refusal(await del(s, `/cms/api/attribute/delete/${attr(moved, 'WHERE_DID_IT_HAPPEN').id}`))).toMatchObject({
      status: 409,
      code: 'ATTRIBUTE_HAS_DEPENDENTS',
    });
    const after = ok(await del(s, `/cms/api/attribute/delete/${attr(moved, 'WHERE_DID_IT_HAPPEN_2').id}`));
    expect(attrs(after).some((a) => a.key === 'WHERE_DID_IT_HAPPEN_2')).toBe(false);
    ok(await del(s, `/cms/api/attribute/delete/${attr(after, 'WHERE_DID_IT_HAPPEN').id}`));
  });

  it('order: exactly the section’s fields, and never a dependent before its source', async () => {
    const { s } = await workspace();
    const b = await scratch(s);
    const id = b.workflow.id;
    const incident = comp(b, 'INCIDENT');
    const withCheck = ok(
      await post(s, '/cms/api/attribute/create', {
        workflowId: id,
        componentId: incident.id,
        type: 'CHECKBOX_WITH_TEXT',
        label: { en: 'It happened more than once' },
      }),
    );
    const dependent = ok(
      await post(s, '/cms/api/attribute/create', {
        workflowId: id,
        componentId: incident.id,
        type: 'TEXT_AREA',
        label: { en: 'How often' },
        condition: { attributeKey: 'IT_HAPPENED_MORE_THAN_ONCE', equals: true },
      }),
    );
    void withCheck;
    const ids = comp(dependent, 'INCIDENT').attributes.map((a) => a.id);
    const reversed = [...ids].reverse();
    const order = (attributeIds: string[]) =>
      post(s, '/cms/api/attribute/order', { workflowId: id, componentId: incident.id, attributeIds });
    expect(refusal(await order(reversed))).toMatchObject({ status: 400, code: 'ATTRIBUTE_CONDITION_INVALID' });
    expect(refusal(await order(ids.slice(1)))).toMatchObject({ status: 400, code: 'ATTRIBUTE_ORDER_MISMATCH' });
    expect(refusal(await order([...ids, ids[0]!]))).toMatchObject({ status: 400, code: 'ATTRIBUTE_ORDER_MISMATCH' });
    const foreign = comp(b, 'COMPLAINANT').attributes[0]!.id;
    expect(refusal(await order([...ids.slice(1), foreign]))).toMatchObject({
      status: 400,
      code: 'ATTRIBUTE_ORDER_MISMATCH',
    });
    // Evidence first, the rest as it was.
    const evidence = attr(dependent, 'EVIDENCE').id;
    const wanted = [evidence, ...ids.filter((x) => x !== evidence)];
    const done = ok(await order(wanted));
    expect(comp(done, 'INCIDENT').attributes.map((a) => a.id)).toEqual(wanted);
    expect(comp(done, 'INCIDENT').attributes.map((a) => a.position)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('settings: those of the field’s type only', async () => {
    const { s } = await workspace();
    const b = await scratch(s);
    const name = attr(b, 'COMPLAINANT_NAME').id;
    const set = (attributeId: string, body: object) => post(s, `/cms/api/attribute-setting/${attributeId}`, body);
    const u = ok(await set(name, { maxLength: 120 }));
    expect((attr(u, 'COMPLAINANT_NAME') as unknown as { settings: object }).settings).toEqual({ maxLength: 120 });
    expect(refusal(await set(name, { min: 1 }))).toMatchObject({ status: 400, code: 'ATTRIBUTE_SETTING_NOT_FOR_TYPE' });
    const num = ok(
      await post(s, '/cms/api/attribute/create', {
        workflowId: b.workflow.id,
        componentId: comp(b, 'INCIDENT').id,
        type: 'INPUT_BOX',
        label: { en: 'How many times' },
      }),
    );
    expect(refusal(await set(attr(num, 'HOW_MANY_TIMES').id, { min: 5, max: 1 }))).toMatchObject({
      status: 400,
      code: 'ATTRIBUTE_SETTING_RANGE',
    });
    ok(await set(attr(num, 'HOW_MANY_TIMES').id, { min: 1, max: 50 }));
  });

  it('a RESOURCE field’s document: uploaded in two steps, checked by content, recorded with its hash', async () => {
    const { s, ws } = await workspace();
    const b = await scratch(s);
    const withField = ok(
      await post(s, '/cms/api/attribute/create', {
        workflowId: b.workflow.id,
        componentId: comp(b, 'INCIDENT').id,
        type: 'RESOURCE',
        label: { en: 'Our policy' },
      }),
    );
    const field = attr(withField, 'OUR_POLICY').id;
    const start = (id: string) =>
      post(s, `/cms/api/attribute/generate-resource-upload-url/${id}`, {
        fileName: 'policy.pdf',
        contentType: 'application/pdf',
        size: 100,
      });
    expect(refusal(await start(attr(b, 'WITNESSES').id))).toMatchObject({
      status: 400,
      code: 'ATTRIBUTE_NOT_RESOURCE',
    });
    const started = await start(field);
    expect(started.statusCode, started.body).toBe(200);
    const ticket = started.json() as { uploadUrl: string; key: string };
    expect(ticket.key.startsWith(`${ws.id}/cms-resources/${field}/`)).toBe(true);
    const put = (body: Buffer) =>
      t.request(s.ws.host, {
        method: 'PUT',
        url: ticket.uploadUrl,
        token: s.token,
        payload: body,
        headers: { 'content-type': 'application/pdf' },
      });
    const confirm = (key = ticket.key) =>
      post(s, `/cms/api/attribute/confirm-resource-upload/${field}`, { key, fileName: 'Our policy.pdf' });
    expect(refusal(await confirm())).toMatchObject({ status: 400, code: 'NO_FILE' });
    expect((await put(Buffer.from('not a pdf at all'))).statusCode).toBe(200);
    expect(refusal(await confirm())).toMatchObject({ status: 400, code: 'FILE_TYPE_NOT_ALLOWED' });
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    expect((await put(pdf)).statusCode).toBe(200);
    expect(refusal(await confirm(`${ws.id}/cms-resources/${attr(b, 'WITNESSES').id}/x.pdf`))).toMatchObject({
      status: 400,
      code: 'RESOURCE_KEY_INVALID',
    });
    const done = ok(await confirm());
    const { createHash } = await import('node:crypto');
    expect((attr(done, 'OUR_POLICY') as unknown as { resource: object }).resource).toMatchObject({
      fileName: 'Our-policy.pdf',
      size: pdf.length,
      sha256: createHash('sha256').update(pdf).digest('hex'),
    });
  });
});

describe('a published workflow', () => {
  it('refuses every change of its draft (409 WORKFLOW_NOT_DRAFT) and offers a new version', async () => {
    const { s, ws } = await workspace();
    const b = await scratch(s);
    const id = b.workflow.id;
    await tenant(ws.id, (tx) => setWorkflowStatus(tx, id, 'PUBLISHED', 1));
    const before = await revision(id);
    const a = attr(b, 'WITNESSES').id;
    const c = comp(b, 'RESPONDENT').id;
    const calls = [
      post(s, `/cms/api/workflow/update/${id}`, { name: 'Changed' }),
      post(s, '/cms/api/component/create', { workflowId: id, title: { en: 'More' } }),
      post(s, `/cms/api/component/update/${c}`, { title: { en: 'Other' } }),
      del(s, `/cms/api/component/delete/${c}`),
      post(s, '/cms/api/attribute/create', {
        workflowId: id,
        componentId: c,
        type: 'TEXT',
        label: { en: 'More' },
      }),
      post(s, `/cms/api/attribute/update/${a}`, { label: { en: 'Other' } }),
      del(s, `/cms/api/attribute/delete/${a}`),
      post(s, '/cms/api/attribute/order', {
        workflowId: id,
        componentId: c,
        attributeIds: comp(b, 'RESPONDENT').attributes.map((x) => x.id),
      }),
      post(s, `/cms/api/attribute-setting/${a}`, { maxLength: 10 }),
      post(s, `/cms/api/attribute/confirm-resource-upload/${a}`, { key: 'x/y', fileName: 'a.pdf' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(refusal(res)).toMatchObject({ status: 409, code: 'WORKFLOW_NOT_DRAFT' });
    }
    expect(await revision(id)).toBe(before);
    expect(ok(await get(s, `/cms/api/workflow/get/${id}`)).workflow).toMatchObject({
      status: 'PUBLISHED',
      latestVersion: 1,
      actions: ['version'],
    });
  });
});

describe('another workspace', () => {
  it('sees none of its workflows: each reads as missing', async () => {
    const mine = await workspace();
    const theirs = await workspace();
    const b = await scratch(mine.s);
    const a = attr(b, 'WITNESSES').id;
    const c = comp(b, 'RESPONDENT').id;
    for (const res of [
      await get(theirs.s, `/cms/api/workflow/get/${b.workflow.id}`),
      await post(theirs.s, `/cms/api/workflow/update/${b.workflow.id}`, { name: 'Mine now' }),
      await post(theirs.s, '/cms/api/component/create', { workflowId: b.workflow.id, title: { en: 'X' } }),
      await del(theirs.s, `/cms/api/component/delete/${c}`),
      await post(theirs.s, `/cms/api/attribute/update/${a}`, { label: { en: 'X' } }),
      await del(theirs.s, `/cms/api/attribute/delete/${a}`),
    ]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await get(theirs.s, '/cms/api/workflow/all')).json().content).toEqual([]);
    expect(ok(await get(mine.s, `/cms/api/workflow/get/${b.workflow.id}`)).workflow.name).toBe('Our inquiry');
  });
});

describe('textsIn', () => {
  it('keeps each text in the given languages (English always), and nothing else changes', async () => {
    const { textsIn } = await import('./default-form.ts');
    const part = {
      key: 'A',
      title: { en: 'Title', hi: 'शीर्षक', fr: 'Titre' },
      hint: {},
      options: [{ key: 'X', label: { en: 'X', fr: 'X fr' } }],
      settings: { maxLength: 10 },
    };
    expect(textsIn(part, ['en', 'hi'])).toEqual({
      key: 'A',
      title: { en: 'Title', hi: 'शीर्षक' },
      hint: {},
      options: [{ key: 'X', label: { en: 'X' } }],
      settings: { maxLength: 10 },
    });
  });
});

describe('a unit admin given workflows.manage', () => {
  it('lists and opens its own unit’s workflows only; a workspace-wide one and another unit’s read as missing', async () => {
    const { ws, s } = await workspace();
    const { aBusinessUnit } = await import('../../../testing/factories.ts');
    const north = await aBusinessUnit(ws, { name: 'North' });
    const south = await aBusinessUnit(ws, { name: 'South' });
    await withPlatform(t.database.db, { action: 'test.permissions', audit: false }, (tx) =>
      tx.execute(sql`insert into role_permissions (workspace_id, role, permission, granted)
                     values (${ws.id}, 'BRANCH_ADMIN', 'workflows.manage', true)`),
    );
    const unitAdmin = await as(await aMember(ws, { role: 'BRANCH_ADMIN', unit: north }));
    const create = (branchId: string | null) =>
      post(s, '/cms/api/workflow/create', { name: 'W', jurisdiction: 'IN_POSH', branchId });
    const mine = ok(await create(north.id));
    const theirs = ok(await create(south.id));
    const wide = ok(await create(null));
    expect(mine.workflow).toMatchObject({ branchId: north.id, branchName: 'North' });
    const listed = (await get(unitAdmin, '/cms/api/workflow/all')).json();
    expect(listed.content.map((w: { id: string }) => w.id)).toEqual([mine.workflow.id]);
    expect(listed.totalElements).toBe(1);
    const opened = ok(await get(unitAdmin, `/cms/api/workflow/get/${mine.workflow.id}`));
    expect(opened.workflow.actions).toEqual(['edit', 'publish']);
    for (const other of [theirs, wide]) {
      expect(refusal(await get(unitAdmin, `/cms/api/workflow/get/${other.workflow.id}`))).toMatchObject({
        status: 404,
        reason: 'WORKFLOW_NOT_FOUND',
      });
    }
    expect(
      refusal(await post(unitAdmin, '/cms/api/workflow/create', { name: 'W', jurisdiction: 'IN_POSH' })),
    ).toMatchObject({
      status: 403,
      reason: 'FORBIDDEN_WORKFLOW_UNIT',
    });
    // The whole workspace's admin lists all three, two a page.
    expect((await get(s, '/cms/api/workflow/all?pageSize=2')).json()).toMatchObject({
      totalElements: 3,
      totalPages: 2,
      numberOfElements: 2,
    });
  });
});

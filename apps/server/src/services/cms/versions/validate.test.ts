import type { TWorkflowDefinition } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { TEMPLATES } from '../templates/index.ts';
import { builderOf, largeDefinition } from './builder-fixture.ts';
import { validate } from './validate.ts';

const posh = TEMPLATES.POSH_INQUIRY;
const canada = TEMPLATES.CA_RESOLUTION;
const clone = <T>(v: T): T => structuredClone(v);
const codes = (def: TWorkflowDefinition, template: TWorkflowDefinition | null = posh, allowFallback = false) =>
  validate(builderOf(def), template, { allowFallback }).problems.map((p) => `${p.code} ${p.path}`);
const stepOf = (def: TWorkflowDefinition, key: string) => {
  const s = def.stages.flatMap((st) => st.steps).find((x) => x.key === key);
  if (!s) throw new Error(`no step ${key}`);
  return s;
};

describe('validate', () => {
  it('passes both templates as they are', () => {
    expect(validate(builderOf(posh), posh).problems).toEqual([]);
    expect(validate(builderOf(canada), canada).problems).toEqual([]);
  });

  it("passes the bench's large workflow (10 stages, 40 steps, 60 fields, six languages)", () => {
    const big = largeDefinition(posh);
    expect([
      big.stages.length,
      big.stages.flatMap((s) => s.steps).length,
      big.form.flatMap((c) => c.attributes).length,
    ]).toEqual([10, 40, 60]);
    expect(validate(builderOf(big), null).problems).toEqual([]);
  });

  it('refuses a cycle of prerequisites, naming its steps', () => {
    const def = clone(posh);
    stepOf(def, 'COPY_TO_RESPONDENT').requires.push({ stepKey: 'REPORT', condition: 'COMPLETED' });
    const problems = validate(builderOf(def), posh).problems;
    expect(problems.map((p) => p.code)).toEqual(['PREREQUISITE_CYCLE']);
    expect(String(problems[0]?.params.cycle)).toContain('COPY_TO_RESPONDENT');
  });

  it('refuses a step the law starts on request (s.10(1)) made to start by itself', () => {
    const def = clone(posh);
    stepOf(def, 'CONCILIATION').settings.start = { kind: 'PREREQUISITES_MET' };
    const problems = validate(builderOf(def), posh).problems;
    expect(problems.map((p) => [p.code, p.params.reference])).toEqual([['STATUTORY_START_CHANGED', 's.10(1)']]);
  });

  it('refuses duplicate keys, no stages and an empty stage', () => {
    const dup = clone(posh);
    const s = stepOf(dup, 'HEARING');
    dup.stages[0]?.steps.push({ ...clone(s), requires: [] });
    expect(codes(dup)).toContain('DUPLICATE_KEY stages.steps.HEARING');
    expect(codes({ ...clone(posh), stages: [] }, null)).toEqual(['NO_STAGES stages']);
    const empty = clone(posh);
    empty.stages.push({ key: 'EMPTY', title: { en: 'Empty', hi: 'a', kn: 'a', te: 'a', ta: 'a', mr: 'a' }, steps: [] });
    expect(codes(empty)).toEqual(['EMPTY_STAGE stages.EMPTY']);
  });

  it("refuses a form without the spec's four mandatory fields", () => {
    const def = clone(posh);
    const incident = def.form[2];
    if (!incident) throw new Error('no component');
    incident.attributes = incident.attributes.filter((a) => a.key !== 'INCIDENT_DETAILS');
    const email = def.form[0]?.attributes.find((a) => a.key === 'COMPLAINANT_EMAIL');
    if (!email) throw new Error('no email');
    email.mandatory = false;
    expect(codes(def, null)).toEqual([
      'MANDATORY_FIELD_MISSING form.COMPLAINANT.attributes.COMPLAINANT_EMAIL',
      'MANDATORY_FIELD_MISSING form.INCIDENT_DETAILS',
    ]);
  });

  it("refuses a meeting without the spec's required meeting fields", () => {
    const def = clone(posh);
    const hearing = stepOf(def, 'HEARING');
    hearing.meetingFields = hearing.meetingFields.filter((m) => m.key !== 'MEETING_LOCATION');
    expect(codes(def)).toEqual(['MEETING_FIELD_MISSING stages.INQUIRY.steps.HEARING.meetingFields.MEETING_LOCATION']);
  });

  it("refuses a template's statutory step removed, made later, or re-anchored, and its statutory field removed", () => {
    const removed = clone(posh);
    const outcome = removed.stages[4];
    if (!outcome) throw new Error('no stage');
    outcome.steps = outcome.steps.filter((s) => s.key !== 'APPEAL_WINDOW');
    expect(codes(removed)).toEqual(['STATUTORY_STEP_MISSING stages.OUTCOME.steps.APPEAL_WINDOW']);

    const later = clone(posh);
    const rule = stepOf(later, 'COPY_TO_RESPONDENT').settings.dueRule;
    if (!rule) throw new Error('no rule');
    rule.offset = 8;
    expect(codes(later)).toEqual(['STATUTORY_DEADLINE_LATER stages.NOTICE.steps.COPY_TO_RESPONDENT.settings.dueRule']);
    const inDays = clone(posh);
    const r2 = stepOf(inDays, 'COPY_TO_RESPONDENT').settings.dueRule;
    if (!r2) throw new Error('no rule');
    r2.unit = 'CALENDAR_DAY'; // 7 calendar days is sooner, but another unit is not comparable: refused
    expect(codes(inDays)).toHaveLength(1);

    const sooner = clone(posh);
    const r3 = stepOf(sooner, 'COPY_TO_RESPONDENT').settings.dueRule;
    if (!r3) throw new Error('no rule');
    r3.offset = 5;
    expect(codes(sooner)).toEqual([]);

    const noDate = clone(posh);
    const date = noDate.form[2]?.attributes.find((a) => a.key === 'INCIDENT_DATE');
    if (!date) throw new Error('no date');
    date.statutoryReference = null;
    noDate.form[2]?.attributes.splice(noDate.form[2].attributes.indexOf(date), 1);
    expect(codes(noDate)).toEqual([
      'MANDATORY_FIELD_MISSING form.INCIDENT_DATE',
      'STATUTORY_FIELD_MISSING form.INCIDENT.attributes.INCIDENT_DATE',
    ]);
  });

  it('refuses a condition on a later field or on an option that does not exist', () => {
    const def = clone(posh);
    const [name, gender] = def.form[0]?.attributes ?? [];
    if (!name || !gender) throw new Error('no attributes');
    name.condition = { attributeKey: 'COMPLAINANT_GENDER', equals: 'WOMAN' }; // later field
    const phone = def.form[0]?.attributes[2];
    if (!phone) throw new Error('no phone');
    phone.condition = { attributeKey: 'COMPLAINANT_GENDER', equals: 'NOPE' };
    const email = def.form[0]?.attributes[3];
    if (!email) throw new Error('no email');
    email.condition = { attributeKey: 'COMPLAINANT_GENDER', equals: 'WOMAN' }; // fine
    expect(codes(def)).toEqual([
      'CONDITION_INVALID form.COMPLAINANT.attributes.COMPLAINANT_NAME.condition',
      'CONDITION_INVALID form.COMPLAINANT.attributes.COMPLAINANT_PHONE.condition',
    ]);
  });

  it('refuses a select without options, a resource without its document, an action without settings', () => {
    const def = clone(posh);
    const gender = def.form[0]?.attributes[1];
    if (!gender) throw new Error('no gender');
    gender.options = [];
    def.form[2]?.attributes.push({ ...clone(gender), key: 'POLICY', type: 'RESOURCE', options: [] });
    const b = builderOf(def);
    const action = b.stages[0]?.steps[0]?.actions[0];
    if (!action) throw new Error('no action');
    action.settings = null;
    expect(validate(b, posh).problems.map((p) => p.code)).toEqual([
      'OPTIONS_MISSING',
      'RESOURCE_MISSING',
      'ACTION_SETTINGS_MISSING',
    ]);
  });

  it('refuses witnesses outside Canada, anonymity without witnesses, and a committee that is gone', () => {
    const def = clone(posh);
    def.filers = [...def.filers, 'WITNESS'];
    def.anonymousWitnesses = true;
    expect(codes(def)).toEqual(['FILERS_INVALID filers', 'FILERS_INVALID anonymousWitnesses']);
    const ca = clone(canada);
    ca.handler = { kind: 'COMMITTEE', committeeId: '00000000-0000-4000-8000-000000000abc' };
    expect(validate(builderOf(ca, { handlerName: null }), canada).problems.map((p) => p.code)).toEqual([
      'HANDLER_MISSING',
    ]);
  });

  it('refuses a missing translation unless falling back to English, then counts the fallbacks per language', () => {
    const def = clone(posh);
    const name = def.form[0]?.attributes[0];
    if (!name) throw new Error('no attribute');
    name.label = { en: 'Your name', hi: 'आपका नाम' };
    expect(codes(def)).toEqual(['TRANSLATION_MISSING form.COMPLAINANT.attributes.COMPLAINANT_NAME.label']);
    const v = validate(builderOf(def), posh, { allowFallback: true });
    expect(v.problems).toEqual([]);
    expect(v.fallbacks).toEqual({ kn: 1, te: 1, ta: 1, mr: 1 });
  });

  it('refuses a due rule anchored on a step that does not exist', () => {
    const def = clone(posh);
    const rule = stepOf(def, 'HEARING');
    rule.settings.dueRule = {
      anchor: 'STEP_COMPLETED',
      anchorStepKey: 'NOWHERE',
      offset: 3,
      unit: 'CALENDAR_DAY',
      onHoliday: 'NONE',
      calendar: null,
      reference: null,
      repeats: false,
    };
    expect(codes(def)).toEqual(['ANCHOR_STEP_INVALID stages.INQUIRY.steps.HEARING.settings.dueRule']);
  });
});

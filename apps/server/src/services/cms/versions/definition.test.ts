import { ZWorkflowDefinition } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../core/crypto.ts';
import { TEMPLATES } from '../templates/index.ts';
import { builderOf } from './builder-fixture.ts';
import { canonicalJson, compile, diff, hashOf, structureOf } from './definition.ts';

const posh = TEMPLATES.POSH_INQUIRY;
const clone = <T>(v: T): T => structuredClone(v);

describe('canonicalJson', () => {
  it('sorts keys at every depth, keeps arrays in order, writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1, { z: true, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,1,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('gives the same bytes whatever order the keys were written in', () => {
    expect(canonicalJson({ x: 1, y: { p: 'a', q: 'b' } })).toBe(canonicalJson({ y: { q: 'b', p: 'a' }, x: 1 }));
  });

  it('writes non-ASCII text as itself and sorts keys by code unit, not locale', () => {
    expect(canonicalJson({ é: 'शिकायत', e: 'ದೂರು', Z: '😀' })).toBe('{"Z":"😀","e":"ದೂರು","é":"शिकायत"}');
  });

  it('leaves undefined members out and refuses numbers that are not finite', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
    expect(() => canonicalJson({ a: Number.NaN })).toThrow();
  });

  it('round-trips: parsing and re-canonicalising gives the same bytes', () => {
    const text = canonicalJson(compile(builderOf(posh)));
    expect(canonicalJson(JSON.parse(text))).toBe(text);
    expect(hashOf(JSON.parse(text))).toBe(sha256Hex(text));
  });
});

describe('compile', () => {
  it('gives a valid definition that equals the template it was built from', () => {
    const def = compile(builderOf(posh));
    expect(ZWorkflowDefinition.safeParse(def).success).toBe(true);
    expect(canonicalJson(def)).toBe(canonicalJson(posh));
  });

  it('drops ids, orders by position and names prerequisites by step key', () => {
    const b = builderOf(posh);
    const stage = b.stages[2];
    if (!stage) throw new Error('no stage');
    stage.steps.reverse(); // the array order does not matter, positions do
    const def = compile(b);
    expect(canonicalJson(def)).not.toMatch(/"id"/);
    expect(def.stages[2]?.steps.map((s) => s.key)).toEqual(['COPY_TO_RESPONDENT', 'RESPONDENT_REPLY']);
    expect(def.stages[2]?.steps[1]?.requires).toEqual([{ stepKey: 'COPY_TO_RESPONDENT', condition: 'COMPLETED' }]);
  });
});

describe('structureOf', () => {
  it('keeps its hash when only labels, titles, messages or the name change', () => {
    const next = clone(posh);
    next.name = 'Another name';
    const attr = next.form[0]?.attributes[0];
    if (!attr) throw new Error('no attribute');
    attr.label = { en: 'Full name', hi: 'पूरा नाम' };
    const action = next.stages[2]?.steps[0]?.actions[0];
    if (action?.settings.type !== 'INFORM_RESPONDENT') throw new Error('no action');
    action.settings.message = { en: 'Changed words' };
    const option = next.form[0]?.attributes[1]?.options[0];
    if (!option) throw new Error('no option');
    option.label = { en: 'Female' };
    expect(hashOf(structureOf(next))).toBe(hashOf(structureOf(posh)));
    expect(hashOf(next)).not.toBe(hashOf(posh));
  });

  it('changes its hash when a deadline, a mandatory flag or an order changes', () => {
    const a = clone(posh);
    const rule = a.stages[2]?.steps[0]?.settings.dueRule;
    if (!rule) throw new Error('no rule');
    rule.offset = 5;
    const b = clone(posh);
    const attr = b.form[0]?.attributes[1];
    if (!attr) throw new Error('no attribute');
    attr.mandatory = true;
    const c = clone(posh);
    c.stages.reverse();
    for (const x of [a, b, c]) expect(hashOf(structureOf(x))).not.toBe(hashOf(structureOf(posh)));
  });
});

describe('diff', () => {
  it('is empty between a definition and itself', () => {
    expect(diff(posh, clone(posh))).toEqual({ added: [], removed: [], changed: [], textsChanged: 0 });
  });

  it('names what was added, removed and changed, by key, with the changed paths', () => {
    const next = clone(posh);
    const outcome = next.stages[4];
    if (!outcome) throw new Error('no stage');
    outcome.steps = outcome.steps.filter((s) => s.key !== 'APPEAL_WINDOW');
    const copy = next.stages[2]?.steps[0];
    if (!copy?.settings.dueRule) throw new Error('no step');
    copy.settings.dueRule.offset = 5;
    copy.title = { en: 'Send a copy' };
    next.form[2]?.attributes.push({
      ...(next.form[2]?.attributes[0] as (typeof next.form)[0]['attributes'][0]),
      key: 'LOCATION',
    });
    const d = diff(posh, next);
    expect(d.removed).toEqual([{ kind: 'STEP', key: 'APPEAL_WINDOW', label: 'Appeal window' }]);
    expect(d.added).toEqual([{ kind: 'ATTRIBUTE', key: 'LOCATION', label: 'What happened' }]);
    expect(d.changed).toEqual([
      { kind: 'STEP', key: 'COPY_TO_RESPONDENT', label: 'Send a copy', fields: ['settings.dueRule', 'title'] },
    ]);
    expect(d.textsChanged).toBe(0);
  });

  it('counts text-only changes apart and notes a move', () => {
    const next = clone(posh);
    const hearing = next.stages[3]?.steps[1];
    if (!hearing) throw new Error('no step');
    hearing.title = { en: 'Hearing of the parties' };
    next.name = 'Our POSH inquiry';
    const [a, b] = next.form[0]?.attributes ?? [];
    if (!a || !b) throw new Error('no attributes');
    next.form[0]?.attributes.splice(0, 2, b, a);
    const d = diff(posh, next);
    expect(d.textsChanged).toBe(2);
    expect(d.changed.map((c) => [c.key, c.fields])).toEqual([
      ['COMPLAINANT_GENDER', ['position']],
      ['COMPLAINANT_NAME', ['position']],
    ]);
  });
});

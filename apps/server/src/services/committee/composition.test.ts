import { describe, expect, it } from 'vitest';
import { type ComposedMember, checkDate, compositionViolations, inForce, termOverThreeYears } from './composition.ts';

// The s.4 composition rules, rule by rule (pure: no database, no clock).

const DAY = '2027-01-10';
const m = (over: Partial<ComposedMember> = {}): ComposedMember => ({
  role: 'MEMBER',
  external: false,
  gender: 'WOMAN',
  senior: false,
  termStart: '2026-06-01',
  termEnd: '2029-05-31',
  leftOn: null,
  name: 'Someone',
  ...over,
});
/** A lawful Internal Committee: a senior woman presiding, two employees (a woman, a man), an external woman. */
const lawful = (): ComposedMember[] => [
  m({ role: 'PRESIDING_OFFICER', senior: true, name: 'Asha' }),
  m({ name: 'Bina' }),
  m({ gender: 'MAN', name: 'Chetan' }),
  m({ role: 'EXTERNAL_MEMBER', external: true, name: 'Devi' }),
];
const rules = (members: ComposedMember[], kind: 'INTERNAL_COMMITTEE' | 'DESIGNATED_RECIPIENT' = 'INTERNAL_COMMITTEE') =>
  compositionViolations(kind, members, DAY).map((v) => `${v.rule} ${v.section}`);

describe('an Internal Committee (s.4)', () => {
  it('a lawful composition breaks nothing', () => {
    expect(rules(lawful())).toEqual([]);
  });
  it('no presiding officer: s.4(2)(a)', () => {
    expect(rules(lawful().slice(1))).toContain('PRESIDING_OFFICER_MISSING s.4(2)(a)');
  });
  it('two presiding officers: s.4(2)(a)', () => {
    expect(rules([...lawful(), m({ role: 'PRESIDING_OFFICER', senior: true })])).toContain(
      'PRESIDING_OFFICER_MORE_THAN_ONE s.4(2)(a)',
    );
  });
  it('a presiding officer who is not a woman: s.4(2)(a)', () => {
    const c = lawful();
    c[0] = { ...c[0]!, gender: 'MAN' };
    c.push(m({ name: 'Esha' })); // keeps half the members women
    expect(rules(c)).toEqual(['PRESIDING_OFFICER_NOT_WOMAN s.4(2)(a)']);
  });
  it('a presiding officer not employed at a senior level: s.4(2)(a)', () => {
    const c = lawful();
    c[0] = { ...c[0]!, senior: false };
    expect(rules(c)).toEqual(['PRESIDING_OFFICER_NOT_SENIOR s.4(2)(a)']);
  });
  it('a presiding officer from outside the workspace: s.4(2)(a)', () => {
    const c = lawful();
    c[0] = { ...c[0]!, external: true };
    expect(rules(c)).toEqual(['PRESIDING_OFFICER_NOT_EMPLOYEE s.4(2)(a)']);
  });
  it('fewer than two members from among employees: s.4(2)(b)', () => {
    const c = lawful().filter((x) => x.name !== 'Chetan');
    expect(rules(c)).toEqual(['EMPLOYEE_MEMBERS_FEWER_THAN_TWO s.4(2)(b)']);
    // An outsider in the MEMBER role does not count as an employee.
    expect(rules([...c, m({ external: true, gender: 'WOMAN' })])).toEqual([
      'EMPLOYEE_MEMBERS_FEWER_THAN_TWO s.4(2)(b)',
    ]);
  });
  it('no external member: s.4(2)(c); an employee in that role is not one', () => {
    const c = lawful().filter((x) => x.name !== 'Devi');
    expect(rules(c)).toEqual(['EXTERNAL_MEMBER_MISSING s.4(2)(c)']);
    expect(rules([...c, m({ role: 'EXTERNAL_MEMBER', external: false })])).toEqual([
      'EXTERNAL_MEMBER_MISSING s.4(2)(c)',
    ]);
  });
  it('fewer than half the members women: s.4(2), proviso', () => {
    const c = lawful().map((x) => (x.name === 'Bina' || x.name === 'Devi' ? { ...x, gender: 'MAN' as const } : x));
    const v = compositionViolations('INTERNAL_COMMITTEE', c, DAY);
    expect(v.map((x) => `${x.rule} ${x.section}`)).toEqual(['WOMEN_FEWER_THAN_HALF s.4(2)']);
    expect(v[0]!.params).toEqual({ women: 1, members: 4 });
    // Exactly half is enough.
    const half = lawful().map((x) => (x.name === 'Devi' ? { ...x, gender: 'OTHER' as const } : x));
    expect(rules(half)).toEqual([]);
  });
  it('a term over three years: s.4(3), naming whose', () => {
    expect(termOverThreeYears('2026-04-01', '2029-03-31')).toBe(false);
    expect(termOverThreeYears('2026-04-01', '2029-04-01')).toBe(true);
    const c = lawful();
    c[1] = { ...c[1]!, termEnd: '2029-06-01' };
    const v = compositionViolations('INTERNAL_COMMITTEE', c, DAY);
    expect(v.map((x) => `${x.rule} ${x.section}`)).toEqual(['TERM_OVER_THREE_YEARS s.4(3)']);
    expect(v[0]!.params.member).toBe('Bina');
  });
  it('a designated recipient has no seat on an Internal Committee', () => {
    expect(rules([...lawful(), m({ role: 'DESIGNATED_RECIPIENT' })])).toContain('ROLE_NOT_FOR_KIND s.4(2)');
  });
  it('several rules broken at once are each reported once', () => {
    expect(rules([m({ role: 'PRESIDING_OFFICER', gender: 'MAN' })])).toEqual([
      'PRESIDING_OFFICER_NOT_WOMAN s.4(2)(a)',
      'PRESIDING_OFFICER_NOT_SENIOR s.4(2)(a)',
      'EMPLOYEE_MEMBERS_FEWER_THAN_TWO s.4(2)(b)',
      'EXTERNAL_MEMBER_MISSING s.4(2)(c)',
      'WOMEN_FEWER_THAN_HALF s.4(2)',
    ]);
  });
  it('counts only the members in force on the date (history: term_start..least(term_end, left_on))', () => {
    const c = lawful();
    c[3] = { ...c[3]!, leftOn: '2027-01-09' };
    expect(rules(c)).toEqual(['EXTERNAL_MEMBER_MISSING s.4(2)(c)']);
    expect(inForce(c[3]!, '2027-01-09')).toBe(true);
    expect(inForce(c[3]!, '2027-01-10')).toBe(false);
  });
});

describe('designated recipients (Canada, s.14)', () => {
  it('at least one, and no other role', () => {
    expect(rules([m({ role: 'DESIGNATED_RECIPIENT', gender: 'MAN' })], 'DESIGNATED_RECIPIENT')).toEqual([]);
    expect(rules([], 'DESIGNATED_RECIPIENT')).toEqual(['DESIGNATED_RECIPIENT_MISSING s.14']);
    expect(rules([m({ role: 'PRESIDING_OFFICER' })], 'DESIGNATED_RECIPIENT')).toEqual([
      'ROLE_NOT_FOR_KIND s.14',
      'DESIGNATED_RECIPIENT_MISSING s.14',
    ]);
  });
});

describe('the date a composition is checked on', () => {
  it('today, or the first term start of a committee constituted ahead', () => {
    expect(checkDate(lawful(), DAY)).toBe(DAY);
    expect(checkDate(lawful(), DAY, '2027-02-01')).toBe('2027-02-01');
    const ahead = lawful().map((x) => ({ ...x, termStart: '2027-03-01' }));
    expect(checkDate(ahead, DAY)).toBe('2027-03-01');
  });
});

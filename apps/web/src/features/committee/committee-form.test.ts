import { ZCommitteeInput } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { emptyForm, formComplete, rowProblems, toInput } from './committee-form.ts';

const ID = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

describe('the committee form', () => {
  it('starts an Internal Committee with the four seats s.4(2) asks for, terms of at most 3 years', () => {
    const form = emptyForm('INTERNAL_COMMITTEE', '2026-11-29');
    expect(form.members.map((m) => m.role)).toEqual(['PRESIDING_OFFICER', 'MEMBER', 'MEMBER', 'EXTERNAL_MEMBER']);
    expect(form.members[3]!.who).toBe('outside');
    expect(form.members.every((m) => m.termStart === '2026-11-29' && m.termEnd === '2029-11-28')).toBe(true);
    expect(emptyForm('DESIGNATED_RECIPIENT', '2026-11-29').members.map((m) => m.role)).toEqual([
      'DESIGNATED_RECIPIENT',
    ]);
  });

  it('names what a row lacks before anything is sent', () => {
    const form = emptyForm('INTERNAL_COMMITTEE', '2026-11-29');
    expect(formComplete(form)).toBe(false);
    expect(rowProblems(form.members[0]!)).toEqual({ person: 'personRequired', gender: 'genderRequired' });
    expect(rowProblems(form.members[3]!)).toMatchObject({
      name: 'nameRequired',
      organisation: 'organisationRequired',
      contact: 'contactRequired',
    });
    expect(rowProblems({ ...form.members[0]!, termEnd: '2026-01-01' }).termEnd).toBe('termEndBeforeStart');
  });

  it('sends a complete form as the contract’s request', () => {
    const form = emptyForm('INTERNAL_COMMITTEE', '2026-11-29');
    form.name = ' IC Mumbai ';
    form.members = form.members.map((m, i) =>
      m.who === 'employee'
        ? { ...m, accountId: ID(i + 1), gender: 'WOMAN' }
        : { ...m, name: 'Asha', organisation: 'Women’s Aid', phone: '1', gender: 'WOMAN' },
    );
    expect(formComplete(form)).toBe(false); // serves nothing yet
    form.branchIds = [ID(9)];
    form.members = form.members.map((m, i) =>
      m.who === 'employee'
        ? { ...m, accountId: ID(i + 1), gender: 'WOMAN', senior: i === 0 }
        : { ...m, name: 'Asha', organisation: 'Women’s Aid', phone: ' +91 22 1234 ', gender: 'WOMAN' },
    );
    expect(formComplete(form)).toBe(true);
    const body = toInput(form, 'INTERNAL_COMMITTEE');
    expect(ZCommitteeInput.safeParse(body).success).toBe(true);
    expect(body.name).toBe('IC Mumbai');
    expect(body.members[3]).toMatchObject({
      accountId: null,
      external: { name: 'Asha', organisation: 'Women’s Aid', email: null, phone: '+91 22 1234' },
    });
    expect(body.members[0]).toMatchObject({ accountId: ID(1), external: null, senior: true });
  });
});

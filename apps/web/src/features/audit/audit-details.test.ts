import { describe, expect, it } from 'vitest';
import { actionKey, changesOf, withNames } from './audit-details.ts';

describe('an audit entry’s details', () => {
  it('shows only the fields that changed', () => {
    expect(
      changesOf({ before: { name: 'Sales', color: 'FF0000' }, after: { name: 'Sales India', color: 'FF0000' } }),
    ).toEqual([{ field: 'name', before: 'Sales', after: 'Sales India' }]);
  });

  it('shows a creation’s fields as after only, a deletion’s as before only, and other fields as they are', () => {
    expect(changesOf({ after: { name: 'HR' } })).toEqual([{ field: 'name', after: 'HR' }]);
    expect(changesOf({ before: { name: 'HR' }, erased: { key: null } })).toEqual([
      { field: 'name', before: 'HR' },
      { field: 'erased', after: '{"key":null}' },
    ]);
    expect(changesOf({ before: { granted: false }, after: { granted: true } })).toEqual([
      { field: 'granted', before: 'false', after: 'true' },
    ]);
  });

  it('never fails on odd shapes', () => {
    expect(changesOf(null)).toEqual([]);
    expect(changesOf({ before: 'x', after: [1] })).toEqual([
      { field: 'before', after: 'x' },
      { field: 'after', after: '[1]' },
    ]);
  });

  it('turns an action into a translation key', () => {
    expect(actionKey('workspace.color-changed')).toBe('workspace_color_changed');
  });
});

describe('names instead of ids (issue 21 item 14)', () => {
  const course = '24c1a3f0-0000-4000-8000-000000000001';
  const unknown = '99999999-0000-4000-8000-000000000009';
  it('shows the name the server gave an id, and an id it could not name as it is', () => {
    expect(withNames(course, { [course]: 'Speaking up at work' })).toBe('Speaking up at work');
    expect(withNames(`["${course}","${unknown}"]`, { [course]: 'Speaking up' })).toBe(`["Speaking up","${unknown}"]`);
    expect(withNames(undefined, {})).toBeUndefined();
  });

  it('has a label in English for the change keys the log records most (the other languages follow: translations.test.ts)', async () => {
    const { default: en } = await import('./i18n/en.ts');
    for (const key of ['courseId', 'backgroundColor', 'departmentId', 'branchId', 'accountId', 'role']) {
      expect(en.audit.fields, key).toHaveProperty(key);
    }
  });
});

describe('the action labels', () => {
  it('name every action the server records (the other languages follow English: translations.test.ts)', async () => {
    const { AUDIT_ACTION_KEYS } = await import('@app/contract');
    const { default: en } = await import('./i18n/en.ts');
    const missing = AUDIT_ACTION_KEYS.filter((a) => !(actionKey(a) in en.audit.actions));
    expect(missing).toEqual([]);
  });
});

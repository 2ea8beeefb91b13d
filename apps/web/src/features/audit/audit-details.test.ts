import { describe, expect, it } from 'vitest';
import { actionKey, changesOf } from './audit-details.ts';

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

describe('the action labels', () => {
  it('name every action the server records (the other languages follow English: translations.test.ts)', async () => {
    const { AUDIT_ACTION_KEYS } = await import('@app/contract');
    const { default: en } = await import('./i18n/en.ts');
    const missing = AUDIT_ACTION_KEYS.filter((a) => !(actionKey(a) in en.audit.actions));
    expect(missing).toEqual([]);
  });
});

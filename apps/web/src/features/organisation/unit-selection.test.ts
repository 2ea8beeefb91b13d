import type { TBranch } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { defaultUnitSelection, headquartersSelection } from './unit-selection.ts';

const unit = (branchId: string): TBranch => ({
  branchId,
  branchName: branchId,
  backgroundColor: null,
  headquarter: false,
  branchLogo: null,
  address: null,
  userCount: null,
  actions: [],
});

describe('defaultUnitSelection (spec §6)', () => {
  it('gives workspace admins and employers "All Business Units"', () => {
    expect(defaultUnitSelection('WORKSPACE_ADMIN', [unit('a')])).toBeNull();
    expect(defaultUnitSelection('EMPLOYER', [unit('a')])).toBeNull();
  });
  it('gives other roles their first business unit', () => {
    expect(defaultUnitSelection('BRANCH_ADMIN', [unit('a'), unit('b')])).toBe('a');
    expect(defaultUnitSelection('EMPLOYEE', [unit('b')])).toBe('b');
  });
});

describe('headquartersSelection', () => {
  it('starts on the headquarters, else the first unit', () => {
    expect(headquartersSelection([unit('a'), { ...unit('hq'), headquarter: true }])).toBe('hq');
    expect(headquartersSelection([unit('a'), unit('b')])).toBe('a');
    expect(headquartersSelection([])).toBeNull();
  });
});

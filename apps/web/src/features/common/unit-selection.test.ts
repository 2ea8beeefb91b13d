import type { TBranch } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { defaultUnitSelection, headquartersSelection, newDepartmentUnit } from './unit-selection.ts';

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
  it('gives whoever works across units (workspace admins, employers) "All Business Units"', () => {
    expect(defaultUnitSelection(true, [unit('a')])).toBeNull();
  });
  it('gives everyone else their first business unit', () => {
    expect(defaultUnitSelection(false, [unit('a'), unit('b')])).toBe('a');
    expect(defaultUnitSelection(false, [unit('b')])).toBe('b');
  });
});

describe('headquartersSelection', () => {
  it('starts on the headquarters, else the first unit', () => {
    expect(headquartersSelection([unit('a'), { ...unit('hq'), headquarter: true }])).toBe('hq');
    expect(headquartersSelection([unit('a'), unit('b')])).toBe('a');
    expect(headquartersSelection([])).toBeNull();
  });
});

describe('newDepartmentUnit', () => {
  it('is the unit in view; with every unit in view, the headquarters, never every unit', () => {
    const units = [unit('a'), { ...unit('hq'), headquarter: true }];
    expect(newDepartmentUnit('a', units)).toBe('a');
    expect(newDepartmentUnit(null, units)).toBe('hq');
    expect(newDepartmentUnit(null, [])).toBeNull();
  });
});

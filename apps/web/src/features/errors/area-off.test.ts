import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api/api-error.ts';
import { switchedOffArea } from './area-off.ts';

const refusal = (code: string, details?: { path: string; message: string }[]) =>
  new ApiError({ status: 403, code, message: 'refused', ...(details ? { details } : {}) });

describe('switchedOffArea', () => {
  it('names the area of an AREA_SWITCHED_OFF refusal', () => {
    expect(switchedOffArea(refusal('AREA_SWITCHED_OFF', [{ path: 'area', message: 'lms' }]))).toBe('lms');
    expect(switchedOffArea(refusal('AREA_SWITCHED_OFF', [{ path: 'area', message: 'concernedAuthority' }]))).toBe(
      'concernedAuthority',
    );
    expect(switchedOffArea(refusal('AREA_SWITCHED_OFF', [{ path: 'area', message: 'later' }]))).toBe('unknown');
  });
  it('is null for any other error', () => {
    expect(switchedOffArea(refusal('FORBIDDEN'))).toBeNull();
    expect(switchedOffArea(new Error('x'))).toBeNull();
    expect(switchedOffArea(null)).toBeNull();
  });
});

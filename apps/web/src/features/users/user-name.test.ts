import { describe, expect, it } from 'vitest';
import { displayName } from './user-name.ts';

describe('displayName', () => {
  const none = { firstName: '', lastName: '', userEmail: null, username: null, contactNumber: null };
  it('prefers the full name, then email, username and phone', () => {
    expect(displayName({ ...none, firstName: 'Asha', lastName: 'Rao', userEmail: 'a@b.test' })).toBe('Asha Rao');
    expect(displayName({ ...none, userEmail: 'a@b.test', username: 'asha' })).toBe('a@b.test');
    expect(displayName({ ...none, username: 'acme-emp-0042' })).toBe('acme-emp-0042');
    expect(displayName({ ...none, contactNumber: '+919800000042' })).toBe('+919800000042');
    expect(displayName(none)).toBe('—');
  });
});

import { describe, expect, it } from 'vitest';
import { cleanCode } from './code.ts';

describe('cleanCode (the code step’s check, the contract’s ZOtp)', () => {
  it('gives the 6 digits the server wants, spaces dropped', () => {
    expect(cleanCode('123456')).toBe('123456');
    expect(cleanCode(' 123 456 ')).toBe('123456');
  });
  it('refuses anything but 6 digits', () => {
    expect(cleanCode('')).toBeNull();
    expect(cleanCode('12345')).toBeNull();
    expect(cleanCode('1234567')).toBeNull();
    expect(cleanCode('12345a')).toBeNull();
  });
});

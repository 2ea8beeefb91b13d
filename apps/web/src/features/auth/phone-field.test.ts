import { PHONE_EXAMPLES, ZPhoneIn } from '@app/contract';
import { describe, expect, it } from 'vitest';

/** The sign-in-by-mobile field checks with the shared contract helper before sending. */
describe('the phone field of a workspace', () => {
  it('in India sends a 10-digit number as +91', () => {
    expect(ZPhoneIn('IN').parse('98123 45678')).toBe('+919812345678');
  });
  it('in Canada sends (416) 555-0123 as +1, and an Indian number only with +91', () => {
    expect(ZPhoneIn('CA').parse('(416) 555-0123')).toBe('+14165550123');
    expect(ZPhoneIn('CA').safeParse('98123 45678').success).toBe(false);
    expect(ZPhoneIn('CA').parse('+91 98123 45678')).toBe('+919812345678');
  });
  it('shows each country its own example', () => {
    expect(PHONE_EXAMPLES.CA.national).toBe('(416) 555-0123');
    expect(PHONE_EXAMPLES.IN.national).toBe('98123 45678');
  });
});

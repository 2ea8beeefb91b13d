import { describe, expect, it } from 'vitest';
import { PHONE_EXAMPLES, parsePhone } from './phone.ts';

describe('parsePhone', () => {
  it('reads an Indian mobile the national way (10 digits, with or without 0) as +91', () => {
    for (const typed of ['98123 45678', '9812345678', '098123-45678', '+91 98123 45678', '+919812345678']) {
      expect(parsePhone(typed, 'IN'), typed).toEqual({ ok: true, e164: '+919812345678' });
    }
  });

  it('reads a Canadian number the national way as +1', () => {
    for (const typed of ['(416) 555-0123', '416-555-0123', '416.555.0123', '+1 416 555 0123', '1 416 555 0123']) {
      expect(parsePhone(typed, 'CA'), typed).toEqual({ ok: true, e164: '+14165550123' });
    }
  });

  it('takes a number with its country code whatever the workspace’s country', () => {
    expect(parsePhone('+91 98123 45678', 'CA')).toEqual({ ok: true, e164: '+919812345678' });
    expect(parsePhone('+1 416 555 0123', 'IN')).toEqual({ ok: true, e164: '+14165550123' });
  });

  it('refuses what is not a phone number of that country', () => {
    expect(parsePhone('', 'IN')).toEqual({ ok: false, reason: 'required' });
    expect(parsePhone('   ', 'CA')).toEqual({ ok: false, reason: 'required' });
    for (const typed of ['12345', '98123 4567', 'call me', '98123456789012', '+91 12', '9812345678x']) {
      expect(parsePhone(typed, 'IN').ok, typed).toBe(false);
    }
    // An Indian mobile typed without +91 in a Canadian workspace is not a Canadian number.
    expect(parsePhone('98123 45678', 'CA').ok).toBe(false);
  });

  it('accepts its own examples', () => {
    for (const country of ['IN', 'CA'] as const) {
      expect(parsePhone(PHONE_EXAMPLES[country].national, country).ok).toBe(true);
      expect(parsePhone(PHONE_EXAMPLES[country].international, country).ok).toBe(true);
    }
  });
});

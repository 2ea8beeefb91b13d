import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import type { TCountry } from './time-zones.ts';

/**
 * A phone number as people write it in each workspace country: the example the forms show, written
 * the national way and with the country code (Indian mobiles have 10 digits; Canada's numbers 10
 * digits after +1).
 */
export const PHONE_EXAMPLES: Record<TCountry, { national: string; international: string }> = {
  IN: { national: '98123 45678', international: '+91 98123 45678' },
  CA: { national: '(416) 555-0123', international: '+1 416 555 0123' },
};

/** Why a phone number was not accepted: nothing typed, or not a number of that country (or, with +, of any). */
export type TPhoneProblem = 'required' | 'invalid';

/** Characters a typed phone number may hold: digits, a leading +, spaces, dashes, dots and brackets. */
const TYPED_PHONE = /^\+?[\d\s().-]+$/;

/**
 * Reads a phone number as a person types it in a workspace of `country` — the national way
 * (`98123 45678`, `098123 45678` in India; `(416) 555-0123` in Canada) or with a country code
 * (`+91 …`, `+1 …`, any country) — and gives it in E.164 (`+919812345678`), the one form stored and
 * compared. Shared by the server (which decides) and the web (which checks before sending).
 */
export function parsePhone(
  input: string,
  country: TCountry,
): { ok: true; e164: string } | { ok: false; reason: TPhoneProblem } {
  const typed = input.trim();
  if (!typed) return { ok: false, reason: 'required' };
  if (typed.length > 32 || !TYPED_PHONE.test(typed)) return { ok: false, reason: 'invalid' };
  const parsed = parsePhoneNumberFromString(typed, country);
  if (!parsed?.isValid()) return { ok: false, reason: 'invalid' };
  return { ok: true, e164: parsed.number };
}

/**
 * A phone number field of a workspace in `country`: what is typed, given as E.164 when it is a
 * number (for forms that check before sending; the server reads it the same way).
 */
export function ZPhoneIn(country: TCountry) {
  return z.string().transform((typed, ctx) => {
    const parsed = parsePhone(typed, country);
    if (parsed.ok) return parsed.e164;
    ctx.addIssue({ code: 'custom', message: parsed.reason });
    return z.NEVER;
  });
}

import type { TWorkflowDefinition } from '@app/contract';
import { z } from 'zod';
import type { AnswerProblem } from './answers.ts';

/*
 * A meeting's fields checked against the MEETING step's `meetingFields` in the version the case is
 * bound to (never the draft). One problem per field, so the form can show each beside its field.
 *
 * Types: TEXT (≤ 500 characters), TEXT_AREA (≤ 20,000), DATE (YYYY-MM-DD), DATETIME (an ISO instant
 * with its offset), NUMBER, CHECKBOX (true/false), SINGLE_SELECT (an option's key), FILE_UPLOAD (ids
 * of files of the case), LOCATION (a place, or a Microsoft Teams / Google Meet https link), GUESTS
 * (people without an account on the platform, e.g. the committee's external member: name and email;
 * people with an account are `guestAccountIds`).
 */

export type MeetingFieldDef = TWorkflowDefinition['stages'][number]['steps'][number]['meetingFields'][number];

/** The fields recorded after a meeting, not when it is scheduled. */
export const RECORD_FIELDS = new Set(['MINUTES_OF_MEETING', 'MEETING_OUTCOME']);

/** Someone invited who has no account: named in the GUESTS field and invited by mail. */
export type Outsider = { name: string; email: string };

const ZOutsiders = z
  .array(z.object({ name: z.string().trim().min(1).max(200), email: z.email().max(320) }).strict())
  .max(30);

const ONLINE_HOSTS = ['teams.microsoft.com', 'teams.live.com', 'meet.google.com'];

/** Whether a location is a place (free text) or an https link to a Teams or Google Meet meeting. */
export function locationProblem(value: string): string | null {
  const looksLikeLink = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^www\./i.test(value);
  if (!looksLikeLink) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'LOCATION_LINK';
  }
  if (url.protocol !== 'https:') return 'LOCATION_LINK';
  const host = url.hostname.toLowerCase();
  return ONLINE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`)) ? null : 'LOCATION_LINK';
}

const empty = (v: unknown) =>
  v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

/** The problem of one value of a field of `type`, or null. */
function valueProblem(f: MeetingFieldDef, v: unknown): { code: string; message: string } | null {
  switch (f.type) {
    case 'TEXT':
    case 'TEXT_AREA': {
      const max = f.type === 'TEXT' ? 500 : 20000;
      if (typeof v !== 'string') return { code: 'TEXT', message: 'Write text here.' };
      return v.length > max ? { code: 'TOO_LONG', message: `At most ${max} characters.` } : null;
    }
    case 'DATE':
      return typeof v === 'string' && z.iso.date().safeParse(v).success
        ? null
        : { code: 'DATE', message: 'Give a date (YYYY-MM-DD).' };
    case 'DATETIME':
      return typeof v === 'string' && z.iso.datetime({ offset: true }).safeParse(v).success
        ? null
        : { code: 'DATETIME', message: 'Give a date and time.' };
    case 'NUMBER':
      return typeof v === 'number' && Number.isFinite(v) ? null : { code: 'NUMBER', message: 'Give a number.' };
    case 'CHECKBOX':
      return typeof v === 'boolean' ? null : { code: 'CHECKBOX', message: 'Tick or untick this box.' };
    case 'SINGLE_SELECT':
      return typeof v === 'string' && f.options.some((o) => o.key === v)
        ? null
        : { code: 'OPTION', message: 'Choose one of the options.' };
    case 'FILE_UPLOAD':
      return Array.isArray(v) &&
        v.length <= 10 &&
        v.every((x) => typeof x === 'string' && z.uuid().safeParse(x).success)
        ? null
        : { code: 'FILES', message: 'Attach files of this case.' };
    case 'LOCATION': {
      if (typeof v !== 'string' || v.length > 500) return { code: 'LOCATION', message: 'Give a place or a link.' };
      return locationProblem(v.trim())
        ? { code: 'LOCATION_LINK', message: 'An online meeting is an https link to Microsoft Teams or Google Meet.' }
        : null;
    }
    case 'GUESTS':
      return ZOutsiders.safeParse(v).success
        ? null
        : { code: 'GUESTS', message: 'Give each guest without an account a name and an email address.' };
  }
  return null;
}

/**
 * Checks `fields` against the step's meeting fields: unknown keys, values of the wrong type, and
 * (for the `required` keys) missing ones. `hasAccountGuests`: the GUESTS field's requirement is met
 * by invited accounts too. Answers the problems (paths `fields.<KEY>`).
 */
export function meetingFieldProblems(
  defs: readonly MeetingFieldDef[],
  fields: Record<string, unknown>,
  required: (f: MeetingFieldDef) => boolean,
  hasAccountGuests = false,
): AnswerProblem[] {
  const problems: AnswerProblem[] = [];
  const byKey = new Map(defs.map((f) => [f.key, f]));
  for (const key of Object.keys(fields)) {
    if (!byKey.has(key))
      problems.push({ path: `fields.${key}`, code: 'UNKNOWN_FIELD', message: 'This meeting has no such field.' });
  }
  for (const f of defs) {
    const v = fields[f.key];
    const path = `fields.${f.key}`;
    if (empty(v)) {
      const metByAccounts = f.type === 'GUESTS' && hasAccountGuests;
      if (required(f) && !metByAccounts) problems.push({ path, code: 'REQUIRED', message: 'Fill in this field.' });
      continue;
    }
    const p = valueProblem(f, v);
    if (p) problems.push({ path, ...p });
  }
  const start = fields.MEETING_START_TIME;
  const end = fields.MEETING_END_TIME;
  if (
    typeof start === 'string' &&
    typeof end === 'string' &&
    !problems.some((p) => p.path === 'fields.MEETING_START_TIME' || p.path === 'fields.MEETING_END_TIME') &&
    new Date(end).getTime() <= new Date(start).getTime()
  ) {
    problems.push({ path: 'fields.MEETING_END_TIME', code: 'END_BEFORE_START', message: 'End after the start.' });
  }
  return problems;
}

/** The outsiders named in a GUESTS field (already checked). */
export function outsidersIn(defs: readonly MeetingFieldDef[], fields: Record<string, unknown>): Outsider[] {
  return defs
    .filter((f) => f.type === 'GUESTS')
    .flatMap((f) => (Array.isArray(fields[f.key]) ? (fields[f.key] as Outsider[]) : []));
}

/**
 * A case meeting as an iCalendar file (RFC 5545; RFC 5546 for the method). Pure: the caller gives
 * the words. What it may carry is fixed by the case's confidentiality (docs/cases-security.md §6):
 * a neutral summary ("Meeting — case C-2026-0007"), the times, the place, and a link as the
 * description; never the meeting's agenda or anything else from the case.
 *
 * The UID is stable per meeting and SEQUENCE comes from the meeting's row (bumped on each change),
 * so a calendar replaces the event instead of adding a second one; a cancelled meeting goes out
 * with STATUS:CANCELLED (and METHOD:CANCEL for an invitation). Used for the download
 * (`GET /case/{id}/meeting/{meetingId}/ics`, METHOD:PUBLISH) and the mailed invitations
 * (METHOD:REQUEST / CANCEL, with ORGANIZER and ATTENDEE).
 */

export type IcsPerson = { name: string; email: string };

export type IcsMeeting = {
  /** The meeting's id: the UID is `<id>@<domain>`. */
  meetingId: string;
  /** The host the UID is scoped by (the workspace's), e.g. `acme.example.com`. */
  domain: string;
  /** From case_meetings.sequence. */
  sequence: number;
  startsAt: Date | string;
  endsAt: Date | string;
  /** Neutral, e.g. "Meeting — case C-2026-0007". */
  summary: string;
  location: string | null;
  /** A link to the case page (it needs signing in); nothing else. */
  link: string | null;
  cancelled: boolean;
  organizer?: IcsPerson | null;
  attendees?: readonly IcsPerson[];
};

export type IcsMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL';

/** Escapes a TEXT value (backslash, semicolon, comma, new lines). */
export function escapeText(s: string): string {
  return s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n|\r/g, '\\n');
}

/** A parameter value (a person's name), quoted, without the characters a quoted value cannot hold. */
const paramValue = (s: string) => `"${s.replace(/["\r\n]/g, '')}"`;

/** Folds a content line at 75 octets without splitting a UTF-8 character (continuations start with one space). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** A UTC date-time in the basic format (20260312T043000Z). */
export function utcStamp(at: Date | string): string {
  return `${new Date(at).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
}

/** The uid of a meeting's event: stable across changes. */
export const meetingUid = (meetingId: string, domain: string) => `case-meeting-${meetingId}@${domain}`;

/** The calendar file of one meeting; lines end with CRLF. `now` is DTSTAMP (the one clock). */
export function meetingIcs(m: IcsMeeting, opts: { method: IcsMethod; now: Date }): string {
  const status = m.cancelled || opts.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Compliance platform//Case meeting//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${opts.method}`,
    'BEGIN:VEVENT',
    `UID:${meetingUid(m.meetingId, m.domain)}`,
    `SEQUENCE:${m.sequence}`,
    `DTSTAMP:${utcStamp(opts.now)}`,
    `DTSTART:${utcStamp(m.startsAt)}`,
    `DTEND:${utcStamp(m.endsAt)}`,
    `SUMMARY:${escapeText(m.summary)}`,
    ...(m.location ? [`LOCATION:${escapeText(m.location)}`] : []),
    ...(m.link ? [`DESCRIPTION:${escapeText(m.link)}`, `URL:${m.link}`] : []),
    ...(m.organizer ? [`ORGANIZER;CN=${paramValue(m.organizer.name)}:mailto:${m.organizer.email}`] : []),
    ...(m.attendees ?? []).map(
      (a) => `ATTENDEE;CN=${paramValue(a.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${a.email}`,
    ),
    `STATUS:${status}`,
    'TRANSP:OPAQUE',
    'CLASS:CONFIDENTIAL',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

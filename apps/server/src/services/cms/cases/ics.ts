/**
 * A meeting's calendar file (RFC 5545), pure: what a guest's calendar needs and nothing from the
 * case — the time, the place, a neutral summary ("Meeting — case C-2026-0007") and a link that
 * needs signing in. Never the agenda, the minutes or a party's name (DESIGN §9). `METHOD:REQUEST`
 * invites (and, with a higher `sequence`, reschedules); `METHOD:CANCEL` withdraws the invitation.
 * Text is escaped, lines are folded at 75 octets without splitting a UTF-8 character, CRLF endings.
 */

export type MeetingIcs = {
  /** Stable across reschedules (the meeting's id and the host), so calendars update one event. */
  uid: string;
  /** Bumped on each change (case_meetings.sequence). */
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  location: string | null;
  url: string | null;
  method: 'REQUEST' | 'CANCEL';
  /** DTSTAMP: when the file was made (the server's clock). */
  now?: Date;
};

const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n|\r/g, '\\n');

function foldLine(line: string): string {
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

const stamp = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

/** The calendar file of one meeting. */
export function meetingIcs(m: MeetingIcs): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Compliance platform//Case meeting//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${m.method}`,
    'BEGIN:VEVENT',
    `UID:${m.uid}`,
    `SEQUENCE:${m.sequence}`,
    `DTSTAMP:${stamp(m.now ?? m.start)}`,
    `DTSTART:${stamp(m.start)}`,
    `DTEND:${stamp(m.end)}`,
    `SUMMARY:${escapeText(m.summary)}`,
    ...(m.location ? [`LOCATION:${escapeText(m.location)}`] : []),
    ...(m.url ? [`URL:${m.url}`] : []),
    `STATUS:${m.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

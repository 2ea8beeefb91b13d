import { describe, expect, it } from 'vitest';
import { foldLine, meetingIcs } from './ics.ts';

const base = {
  meetingId: '5b1a2c3d-0000-4000-8000-000000000001',
  domain: 'acme.example.com',
  sequence: 2,
  startsAt: '2026-03-12T04:30:00.000Z',
  endsAt: '2026-03-12T05:30:00.000Z',
  summary: 'Meeting — case C-2026-0007',
  location: 'Room 4, Block B; 2nd floor',
  link: 'https://acme.example.com/complaints/9e0f',
  cancelled: false,
};
const now = new Date('2026-03-01T10:00:00.000Z');
const unfold = (s: string) => s.replace(/\r\n /g, '');

describe('a case meeting as a calendar file', () => {
  it('has a stable uid, the sequence, UTC times, a neutral summary, the place and only a link', () => {
    const ics = meetingIcs(base, { method: 'PUBLISH', now });
    const lines = unfold(ics).split('\r\n');
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(lines).toContain('METHOD:PUBLISH');
    expect(lines).toContain('UID:case-meeting-5b1a2c3d-0000-4000-8000-000000000001@acme.example.com');
    expect(lines).toContain('SEQUENCE:2');
    expect(lines).toContain('DTSTAMP:20260301T100000Z');
    expect(lines).toContain('DTSTART:20260312T043000Z');
    expect(lines).toContain('DTEND:20260312T053000Z');
    expect(lines).toContain('SUMMARY:Meeting — case C-2026-0007');
    expect(lines).toContain('LOCATION:Room 4\\, Block B\\; 2nd floor');
    expect(lines).toContain('DESCRIPTION:https://acme.example.com/complaints/9e0f');
    expect(lines).toContain('STATUS:CONFIRMED');
    expect(lines.filter((l) => l.startsWith('BEGIN:'))).toEqual(['BEGIN:VCALENDAR', 'BEGIN:VEVENT']);
  });

  it('the same meeting changed keeps its uid with a higher sequence; cancelled says so', () => {
    const a = meetingIcs(base, { method: 'REQUEST', now });
    const b = meetingIcs({ ...base, sequence: 3, cancelled: true }, { method: 'CANCEL', now });
    const uid = (s: string) => unfold(s).match(/^UID:(.*)$/m)?.[1];
    expect(uid(a)).toBe(uid(b));
    expect(b).toContain('SEQUENCE:3');
    expect(b).toContain('STATUS:CANCELLED');
    expect(b).toContain('METHOD:CANCEL');
  });

  it('invitations name the organizer and attendees; a place is optional', () => {
    const ics = meetingIcs(
      {
        ...base,
        location: null,
        organizer: { name: 'Internal Committee', email: 'ic@acme.example.com' },
        attendees: [{ name: 'Kavya "K" C', email: 'kavya@example.com' }],
      },
      { method: 'REQUEST', now },
    );
    const text = unfold(ics);
    expect(text).toContain('ORGANIZER;CN="Internal Committee":mailto:ic@acme.example.com');
    expect(text).toContain('ATTENDEE;CN="Kavya K C";');
    expect(text).not.toContain('LOCATION');
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const long = `SUMMARY:${'बैठक '.repeat(40)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(long);
  });
});

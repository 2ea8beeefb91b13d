import { BULK_INVITE_FIELDS, type TBulkInviteField, type TBulkInviteMapping } from '@app/contract';

/** Header words that name each field, in English and Hindi (compared without spaces or punctuation). */
const NAMES: Record<TBulkInviteField, string[]> = {
  email: ['email', 'emailaddress', 'emailid', 'mail', 'useremail', 'ईमेल'],
  firstName: ['firstname', 'givenname', 'first', 'name', 'पहलानाम', 'नाम'],
  lastName: ['lastname', 'surname', 'familyname', 'last', 'उपनाम'],
  employeeId: ['employeeid', 'empid', 'employeeno', 'employeenumber', 'staffid', 'कर्मचारीआईडी'],
  gender: ['gender', 'sex', 'लिंग'],
  department: ['department', 'dept', 'विभाग'],
  designation: ['designation', 'title', 'jobtitle', 'position', 'पदनाम'],
  branch: ['branch', 'businessunit', 'unit', 'office', 'location', 'व्यावसायिकइकाई', 'शाखा'],
  role: ['role', 'userrole', 'भूमिका'],
  homeAddress: ['homeaddress', 'address', 'पता'],
  phoneNumber: ['phonenumber', 'phone', 'mobile', 'mobilenumber', 'contactnumber', 'contact', 'फ़ोन', 'फोन', 'मोबाइल'],
  dateOfJoining: ['dateofjoining', 'joiningdate', 'doj', 'joined', 'startdate', 'joiningdate', 'शामिलहोनेकीतिथि'],
};

const squash = (s: string) => s.toLowerCase().replace(/[\s_\-.:/()]+/g, '');

/**
 * Guesses which column holds each field from the header names (1-based column numbers): an exact
 * name first, then a header that contains a longer name; each column is used once.
 */
export function guessMapping(headers: readonly string[]): TBulkInviteMapping {
  const mapping: TBulkInviteMapping = {};
  const used = new Set<number>();
  const squashed = headers.map(squash);
  for (const pass of ['exact', 'contains'] as const) {
    for (const field of BULK_INVITE_FIELDS) {
      if (mapping[field] !== undefined) continue;
      const index = squashed.findIndex(
        (h, i) =>
          !used.has(i) &&
          h !== '' &&
          NAMES[field].some((n) => (pass === 'exact' ? h === n : n.length >= 4 && h.includes(n))),
      );
      if (index >= 0) {
        mapping[field] = index + 1;
        used.add(index);
      }
    }
  }
  return mapping;
}

/** A spreadsheet's letter for a 1-based column number (1 → A, 27 → AA). */
export function columnLetter(n: number): string {
  let s = '';
  for (let x = n; x > 0; x = Math.floor((x - 1) / 26)) s = String.fromCharCode(65 + ((x - 1) % 26)) + s;
  return s;
}

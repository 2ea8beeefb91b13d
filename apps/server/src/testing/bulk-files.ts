import ExcelJS from 'exceljs';

// Bulk files for the import tests (invitations, users created from a file): a header, good rows,
// and a 1,000-row file with 20 bad rows of different kinds.

/** A short random tag, to keep addresses unique per run. */
export const tag = () => Math.random().toString(36).slice(2, 8);

export const HEADER = [
  'Email',
  'First Name',
  'Last Name',
  'Phone',
  'Business Unit',
  'Department',
  'Role',
  'Date of joining',
];
/** Column numbers (1-based) of the header above. */
export const FIELDS = {
  email: 1,
  firstName: 2,
  lastName: 3,
  phoneNumber: 4,
  branch: 5,
  department: 6,
  role: 7,
  dateOfJoining: 8,
};

/** A CSV of `rows` under HEADER. */
export const csv = (rows: string[][]) =>
  [HEADER, ...rows]
    .map((r) => r.map((v) => (/[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)).join(','))
    .join('\r\n');

/** A valid row for person `i` of a batch. */
export const good = (batch: string, i: number): string[] => [
  `p${i}-${batch}@example.test`,
  `First${i}`,
  `Last${i}`,
  i % 7 === 0 ? `+91 98123 4${String(i).padStart(4, '0')}` : '',
  i % 3 === 0 ? 'mumbai' : 'Head Office',
  i % 3 === 0 ? 'OPERATIONS' : 'People',
  i % 5 === 0 ? 'employer' : '',
  i % 4 === 0 ? '2026-01-15' : '',
];

/** 1,000 rows; 20 of them wrong in different ways, each with the one reason expected. */
export function thousandRows(batch: string) {
  const rows = Array.from({ length: 1000 }, (_, i) => good(batch, i));
  const bad: Array<{ index: number; column: string; reason: RegExp }> = [];
  /** Overwrites cells of row `index` (by column position) and notes the reason it must be reported with. */
  const spoil = (index: number, column: string, reason: RegExp, cells: Record<number, string>) => {
    for (const [at, value] of Object.entries(cells)) rows[index]![Number(at)] = value;
    bad.push({ index, column, reason });
  };
  for (const i of [10, 200, 650]) spoil(i, 'Email', /email address/, { 0: `not-an-email-${i}` });
  for (const i of [21, 420]) spoil(i, 'Phone number', /country code/, { 0: '', 3: '12345' });
  for (const i of [33, 333, 933]) spoil(i, 'First name', /first name/, { 1: '' });
  for (const i of [44, 444]) spoil(i, 'Email', /email address or a phone/, { 0: '', 3: '' });
  for (const i of [55, 555])
    spoil(i, 'Email', /Appears already in row 3/, { 0: `p1-${batch}@example.test`.toUpperCase() });
  for (const i of [66, 666]) spoil(i, 'Business unit', /No business unit/, { 4: 'Atlantis' });
  for (const i of [77, 778])
    spoil(i, 'Department', /No department of Head Office/, { 4: 'Head Office', 5: 'Operations' });
  for (const i of [88, 888]) spoil(i, 'Role', /Not a role/, { 6: 'BOSS' });
  spoil(99, 'Date of joining', /YYYY-MM-DD/, { 7: '31/12/2025' });
  spoil(999, 'Date of joining', /YYYY-MM-DD/, { 7: '2025-02-30' });
  return { rows, bad };
}

/** A small XLSX built in memory. */
export async function xlsx(rows: Array<Array<string | number | Date>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('People');
  sheet.addRow(HEADER);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

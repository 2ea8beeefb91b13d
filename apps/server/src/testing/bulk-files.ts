import zlib from 'node:zlib';
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
  i % 4 === 0 ? (i % 8 === 0 ? '15/01/2026' : '2026-01-15') : '',
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
  for (const i of [21, 420]) spoil(i, 'Phone number', /Not a phone number/, { 0: '', 3: '12345' });
  for (const i of [33, 333, 933]) spoil(i, 'First name', /first name/, { 1: '' });
  for (const i of [44, 444]) spoil(i, 'Email', /email address or a phone/, { 0: '', 3: '' });
  for (const i of [55, 555])
    spoil(i, 'Email', /Appears already in row 3/, { 0: `p1-${batch}@example.test`.toUpperCase() });
  for (const i of [66, 666]) spoil(i, 'Business unit', /No business unit/, { 4: 'Atlantis' });
  for (const i of [77, 778])
    spoil(i, 'Department', /No department of Head Office/, { 4: 'Head Office', 5: 'Operations' });
  for (const i of [88, 888])
    spoil(i, 'Role', /^Role must be Employee, Business unit admin, Employer or Workspace admin$/, { 6: 'BOSS' });
  // An Indian workspace writes DD/MM/YYYY: 12/31/2025 (month first) is no date there.
  spoil(99, 'Date of joining', /DD\/MM\/YYYY or YYYY-MM-DD/, { 7: '12/31/2025' });
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

// Hostile archives (security tests, the bulk benchmark): zips written byte by byte, so that their
// directory and local headers can say what an attacker wants.

/** One entry of a hand-made zip, with what its headers should claim. */
export type ZipPart = {
  name: string;
  /** The entry's content (deflated here), or `deflated` bytes made elsewhere. */
  data?: Buffer;
  deflated?: { bytes: Buffer; size: number; crc: number };
  /** What the central directory says it unpacks to (default: the truth). */
  claimedSize?: number;
  /** The name its local header gives (default: `name`). */
  localName?: string;
  /** false: written in the archive but left out of the central directory (smuggled). */
  listed?: boolean;
};

/** A zip of `parts` in this order; each deflated unless it brings its own bytes. */
export function zip(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  let listed = 0;
  for (const part of parts) {
    const bytes = part.deflated?.bytes ?? zlib.deflateRawSync(part.data ?? Buffer.alloc(0));
    const size = part.deflated?.size ?? part.data?.length ?? 0;
    const crc = part.deflated?.crc ?? zlib.crc32(part.data ?? Buffer.alloc(0));
    const claimed = part.claimedSize ?? size;
    const localName = Buffer.from(part.localName ?? part.name);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(bytes.length, 18);
    header.writeUInt32LE(claimed, 22);
    header.writeUInt16LE(localName.length, 26);
    locals.push(header, localName, bytes);
    if (part.listed !== false) {
      const name = Buffer.from(part.name);
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4);
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(8, 10);
      record.writeUInt32LE(crc, 16);
      record.writeUInt32LE(bytes.length, 20);
      record.writeUInt32LE(claimed, 24);
      record.writeUInt16LE(name.length, 28);
      record.writeUInt32LE(offset, 42);
      central.push(record, name);
      listed++;
    }
    offset += 30 + localName.length + bytes.length;
  }
  const cd = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(listed, 8);
  end.writeUInt16LE(listed, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

/** The entries of a zip (an honest one, such as exceljs writes), unpacked. */
export function unzip(archive: Buffer): Array<{ name: string; data: Buffer }> {
  const eocd = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(eocd + 10);
  let p = archive.readUInt32LE(eocd + 16);
  const out: Array<{ name: string; data: Buffer }> = [];
  for (let n = 0; n < count; n++) {
    const method = archive.readUInt16LE(p + 10);
    const compressed = archive.readUInt32LE(p + 20);
    const nameLength = archive.readUInt16LE(p + 28);
    const local = archive.readUInt32LE(p + 42);
    const name = archive.subarray(p + 46, p + 46 + nameLength).toString();
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const raw = archive.subarray(start, start + compressed);
    out.push({ name, data: method === 8 ? zlib.inflateRawSync(raw) : Buffer.from(raw) });
    p += 46 + nameLength + archive.readUInt16LE(p + 30) + archive.readUInt16LE(p + 32);
  }
  return out;
}

/** A column's letters (1 → A, 27 → AA). */
const column = (n: number): string =>
  (n > 26 ? column(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(65 + ((n - 1) % 26));

/** A worksheet's XML with these rows (inline strings), and `padding` bytes of XML comments inside. */
export function sheetXml(rows: string[][], padding = ''): string {
  const esc = (v: string) => v.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  const body = rows
    .map(
      (r, i) =>
        `<row r="${i + 1}">${r.map((v, j) => `<c r="${column(j + 1)}${i + 1}" t="inlineStr"><is><t>${esc(v)}</t></is></c>`).join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${padding}${body}</sheetData></worksheet>`;
}

/**
 * Deflates `head`, then `chunk` `times` times, then `tail`, streaming (never holding the whole
 * output): a part that unpacks to head + times × chunk + tail bytes from a few hundred KB.
 */
export async function deflateRepeated(head: string, chunk: string, times: number, tail: string) {
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const piece = Buffer.from(chunk);
  let crc = zlib.crc32(head);
  const write = (b: Buffer | string) =>
    deflate.write(b) ? Promise.resolve() : new Promise<void>((r) => deflate.once('drain', () => r()));
  await write(head);
  for (let i = 0; i < times; i++) {
    crc = zlib.crc32(piece, crc);
    await write(piece);
  }
  crc = zlib.crc32(tail, crc);
  deflate.end(tail);
  await done;
  const size = Buffer.byteLength(head) + piece.length * times + Buffer.byteLength(tail);
  return { bytes: Buffer.concat(out), size, crc };
}

/**
 * An XLSX of `rows` whose worksheet really unpacks to about `inflatedBytes` while its central
 * directory says 4 KB: the lying zip bomb of the security review. The filler goes before the rows:
 * XML comments by default, or `'text'` (spaces, which an XML parser gathers into one string).
 */
export async function lyingZipBomb(
  rows: string[][],
  inflatedBytes: number,
  filler: 'comments' | 'text' = 'comments',
): Promise<Buffer> {
  const parts = unzip(await xlsxOf([['x']])).filter((p) => !p.name.startsWith('xl/worksheets/sheet'));
  const [head, tail] = sheetXml(rows, '\u0000').split('\u0000') as [string, string];
  const chunk = filler === 'text' ? ' '.repeat(1024) : `<!--${'x'.repeat(1017)}-->`; // 1 KiB
  const sheet = await deflateRepeated(head, chunk, Math.ceil(inflatedBytes / chunk.length), tail);
  return zip([...parts, { name: 'xl/worksheets/sheet1.xml', deflated: sheet, claimedSize: 4096 }]);
}

/** An XLSX of exactly `rows` (no header added), built in memory. */
export async function xlsxOf(rows: Array<Array<string | number>>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('People');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

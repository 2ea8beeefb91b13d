import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { AppError } from './errors.ts';

/** What an uploaded spreadsheet turned out to be, judged by its content (never its name). */
export type SpreadsheetFormat = 'csv' | 'xlsx';

/** Limits for reading one uploaded spreadsheet. */
export type SpreadsheetLimits = { uncompressedBytes: number; rows: number };

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const notASpreadsheet = (why: string) =>
  new AppError(
    415,
    'UNSUPPORTED_FILE_TYPE',
    `This file is not a CSV (UTF-8 text) or XLSX spreadsheet: ${why}. Save it from your spreadsheet program as CSV UTF-8 or Excel Workbook (.xlsx).`,
  );

const tooManyRows = (limit: number) =>
  new AppError(
    413,
    'TOO_MANY_ROWS',
    `The file has more than ${limit.toLocaleString('en')} rows. Split it into files of at most ${limit.toLocaleString('en')} rows.`,
  );

/**
 * Neutralises a cell for export: text that a spreadsheet program would run as a formula (starting
 * with =, +, -, @, a tab or a carriage return) gets a leading apostrophe, so it shows as text.
 * Every exported file goes through this.
 */
export function neutraliseCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The first bytes of a file. */
async function head(path: string, n: number): Promise<Buffer> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(n);
    const { bytesRead } = await fh.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Tells CSV from XLSX by content: a zip (`PK\x03\x04`) is taken for XLSX (and must then parse as a
 * workbook); otherwise the start must be UTF-8 text without NUL bytes. Anything else → 415.
 */
export async function detectFormat(path: string): Promise<SpreadsheetFormat> {
  const start = await head(path, 8192);
  if (start.length === 0) throw new AppError(400, 'EMPTY_FILE', 'The file is empty.');
  if (start.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (start.includes(0)) throw notASpreadsheet('it holds binary data');
  // A multi-byte character may be cut at the end of the sample: drop up to 3 trailing bytes.
  for (let cut = 0; cut < 4; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(start.subarray(0, start.length - cut));
      return 'csv';
    } catch {
      if (start.length < 8192) break;
    }
  }
  throw notASpreadsheet('it is not UTF-8 text');
}

/**
 * Reads a zip's central directory (at its end) and refuses it when its entries would unpack to more
 * than `limit` bytes, before anything is unpacked. Zip64 archives (sizes that do not fit in 32 bits)
 * are refused outright: no sensible invitation list needs one.
 */
export async function assertZipSize(path: string, limit: number): Promise<void> {
  const fh = await open(path, 'r');
  try {
    const { size } = await fh.stat();
    const tailLength = Math.min(size, 65_557);
    const tail = Buffer.alloc(tailLength);
    await fh.read(tail, 0, tailLength, size - tailLength);
    let eocd = -1;
    for (let i = tailLength - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        eocd = i;
        break;
      }
    }
    if (eocd < 0) throw notASpreadsheet('it is a damaged zip archive');
    const entries = tail.readUInt16LE(eocd + 10);
    const cdSize = tail.readUInt32LE(eocd + 12);
    const cdOffset = tail.readUInt32LE(eocd + 16);
    if (entries === 0xffff || cdOffset === 0xffffffff || cdOffset + cdSize > size) {
      throw notASpreadsheet('it is a damaged or oversized zip archive');
    }
    const cd = Buffer.alloc(cdSize);
    await fh.read(cd, 0, cdSize, cdOffset);
    let total = 0;
    let p = 0;
    for (let n = 0; n < entries; n++) {
      if (p + 46 > cd.length || cd.readUInt32LE(p) !== 0x02014b50) throw notASpreadsheet('it is a damaged zip archive');
      const uncompressed = cd.readUInt32LE(p + 24);
      if (uncompressed === 0xffffffff) total = Number.POSITIVE_INFINITY;
      else total += uncompressed;
      if (total > limit) {
        throw new AppError(
          413,
          'SPREADSHEET_TOO_LARGE',
          `The workbook unpacks to more than ${Math.round(limit / 1024 / 1024)} MB. Keep only the sheet with the people to invite, or split the file.`,
        );
      }
      p += 46 + cd.readUInt16LE(p + 28) + cd.readUInt16LE(p + 30) + cd.readUInt16LE(p + 32);
    }
  } finally {
    await fh.close();
  }
}

/** Reads CSV text (RFC 4180: quotes, doubled quotes, line breaks inside quotes) row by row, streaming. */
async function* csvRows(path: string): AsyncGenerator<Row> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let afterQuote = false;
  let record = 0;
  let delimiter = ',';
  let pendingCr = false;
  const out: string[][] = [];
  const endField = () => {
    row.push(field);
    field = '';
    afterQuote = false;
  };
  const endRow = () => {
    endField();
    out.push(row);
    row = [];
  };
  const feed = (text: string) => {
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      if (pendingCr) {
        pendingCr = false;
        if (c === '\n') continue;
      }
      if (quoted) {
        if (c === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i++;
          } else if (i + 1 === text.length) {
            // Cannot see past the chunk: decide when the next one comes.
            quoted = false;
            afterQuote = true;
          } else {
            quoted = false;
            afterQuote = true;
          }
        } else field += c;
        continue;
      }
      if (c === '"' && afterQuote) {
        // `""` split across chunks: a literal quote inside the field.
        field += '"';
        quoted = true;
        afterQuote = false;
      } else if (c === '"' && field === '') quoted = true;
      else if (c === delimiter) endField();
      else if (c === '\n') endRow();
      else if (c === '\r') {
        endRow();
        pendingCr = true;
      } else field += c;
    }
  };
  let chunkFirst = true;
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
      let text = decoder.decode(chunk as Buffer, { stream: true });
      if (chunkFirst) {
        chunkFirst = false;
        if (text.startsWith('\ufeff')) text = text.slice(1);
        // A header line with semicolons or tabs and no commas (spreadsheets in some locales).
        const line = text.split(/\r?\n/, 1)[0] ?? '';
        if (!line.includes(',')) delimiter = line.includes(';') ? ';' : line.includes('\t') ? '\t' : ',';
      }
      feed(text);
      for (const r of out.splice(0)) {
        record++;
        if (r.some((v) => v.trim() !== '')) yield { rowNumber: record, cells: r.map((v) => v.trim()) };
      }
    }
    feed(decoder.decode());
  } catch (err) {
    if (err instanceof TypeError) throw notASpreadsheet('it is not UTF-8 text');
    throw err;
  }
  if (quoted)
    throw new AppError(400, 'MALFORMED_CSV', 'The CSV file ends inside a quoted value: a closing " is missing.');
  if (field !== '' || row.length) endRow();
  for (const r of out) {
    record++;
    if (r.some((v) => v.trim() !== '')) yield { rowNumber: record, cells: r.map((v) => v.trim()) };
  }
}

type Row = { rowNumber: number; cells: string[] };

/** The text of one XLSX cell as a person sees it (dates as YYYY-MM-DD). */
function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('text' in v) return String(v.text);
    if ('result' in v) return cellText(v.result as ExcelJS.CellValue);
    if ('error' in v) return '';
    return '';
  }
  return String(v);
}

/** Reads the first worksheet of an XLSX row by row, streaming (blank rows are passed over). */
async function* xlsxRows(path: string): AsyncGenerator<Row> {
  let reader: ExcelJS.stream.xlsx.WorkbookReader;
  try {
    reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
      sharedStrings: 'cache',
      hyperlinks: 'ignore',
      styles: 'cache',
      worksheets: 'emit',
      entries: 'emit',
    });
  } catch {
    throw notASpreadsheet('it is a zip archive but not an Excel workbook');
  }
  let sawSheet = false;
  try {
    for await (const sheet of reader) {
      sawSheet = true;
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) {
        const values = row.values as ExcelJS.CellValue[];
        const out: string[] = [];
        for (let i = 1; i < values.length; i++) out.push(cellText(values[i]).trim());
        if (out.every((v) => v === '')) continue;
        yield { rowNumber: row.number, cells: out };
      }
      break;
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw notASpreadsheet('it is a zip archive but not a readable Excel workbook');
  }
  if (!sawSheet) throw notASpreadsheet('it is a zip archive without a worksheet');
}

/**
 * The rows of an uploaded spreadsheet (the header first), read as a stream: refuses non-spreadsheets
 * (415), workbooks that unpack too large, and files with more than `limits.rows` data rows (413).
 */
export async function* readSpreadsheet(
  path: string,
  limits: SpreadsheetLimits,
): AsyncGenerator<{ format: SpreadsheetFormat; rowNumber: number; cells: string[] }> {
  const format = await detectFormat(path);
  if (format === 'xlsx') await assertZipSize(path, limits.uncompressedBytes);
  let count = 0;
  for await (const row of format === 'xlsx' ? xlsxRows(path) : csvRows(path)) {
    count++;
    if (count > limits.rows + 1) throw tooManyRows(limits.rows);
    yield { format, ...row };
  }
  if (count === 0) throw new AppError(400, 'EMPTY_FILE', 'The file has no rows: put the column names in row 1.');
}

/**
 * Writes rows as an XLSX to `stream`, every text cell neutralised (see `neutraliseCell`); the
 * first row is the header, in bold.
 */
export async function writeXlsx(
  stream: Writable,
  sheetName: string,
  header: string[],
  rows: Iterable<Array<string | number | null>>,
): Promise<void> {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName);
  const top = ws.addRow(header.map(neutraliseCell));
  top.font = { bold: true };
  top.commit();
  for (const r of rows) ws.addRow(r.map(neutraliseCell)).commit();
  ws.commit();
  await wb.commit();
}

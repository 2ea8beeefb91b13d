import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { pipeline, Readable, type Writable } from 'node:stream';
import { BULK_INVITE_LIMITS } from '@app/contract';
import { CsvError, parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import { AppError } from './errors.ts';
import { ArchiveError, checkXlsx, cleanXlsxStream, type XlsxPartLimits } from './xlsx-archive.ts';

/** What an uploaded spreadsheet turned out to be, judged by its content (never its name). */
export type SpreadsheetFormat = 'csv' | 'xlsx';

/**
 * Limits for reading one uploaded spreadsheet: they bound the work and memory one upload can cost,
 * whatever the file claims about itself.
 */
export type SpreadsheetLimits = XlsxPartLimits & {
  /** Data rows (the header row aside). */
  rows: number;
  /** Columns of one row (up to its last filled cell). */
  columns: number;
  /** Cells of all rows together (each row counted up to its last filled cell). */
  cells: number;
  /** Characters of all cells together (a shared string counts each time it is used). */
  characters: number;
  /** Seconds to read the whole file. */
  seconds: number;
};

const MB = 1024 * 1024;
/** The limits of every bulk file (invitations, users to create or delete); tests tighten them. */
export const DEFAULT_SPREADSHEET_LIMITS: SpreadsheetLimits = {
  uncompressedBytes: BULK_INVITE_LIMITS.uncompressedBytes,
  sharedStringsBytes: 32 * MB,
  sharedStrings: 1_000_000,
  rows: BULK_INVITE_LIMITS.rows,
  columns: 256,
  cells: 5_000_000,
  characters: 50_000_000,
  seconds: 60,
};

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

const notASpreadsheet = (why: string) =>
  new AppError(
    415,
    'UNSUPPORTED_FILE_TYPE',
    `This file is not a CSV (UTF-8 text) or XLSX spreadsheet: ${why}. Save it from your spreadsheet program as CSV UTF-8 or Excel Workbook (.xlsx).`,
    { params: { reason: 'NOT_A_SPREADSHEET' } },
  );

const tooManyRows = (limit: number) =>
  new AppError(
    413,
    'TOO_MANY_ROWS',
    `The file has more than ${limit.toLocaleString('en')} rows. Split it into files of at most ${limit.toLocaleString('en')} rows.`,
    { params: { limit } },
  );

const tooManyColumns = (limit: number) =>
  new AppError(
    413,
    'TOO_MANY_COLUMNS',
    `A row has more than ${limit} columns. Keep only the columns with the people's details.`,
    { params: { limit } },
  );

const beyond = (code: string, what: string, limit: number) =>
  new AppError(413, code, `The file has ${what}. Keep only the columns with the people's details, or split the file.`, {
    params: { limit },
  });

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
 * The text of a CSV upload, decoded as UTF-8 in 64 KiB chunks, without a BOM: refuses (415) a NUL
 * byte anywhere (not only in the sample `detectFormat` looks at; NUL cannot be stored as text) and
 * bytes that are not UTF-8.
 */
async function* csvText(path: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 })) {
      if ((chunk as Buffer).includes(0)) throw notASpreadsheet('it holds binary data');
      const text = decoder.decode(chunk as Buffer, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch (err) {
    if (err instanceof TypeError) throw notASpreadsheet('it is not UTF-8 text');
    throw err;
  }
}

/**
 * Reads CSV text (RFC 4180: quotes, doubled quotes, line breaks inside quotes; CRLF, LF or CR line
 * ends) row by row, streaming, with csv-parse. The delimiter is the header line's: a header with
 * semicolons or tabs and no commas (spreadsheets in some locales) sets it. A row's number is its
 * record's (a quoted value spanning lines is still one row); blank rows are passed over but counted.
 */
async function* csvRows(path: string, limits: SpreadsheetLimits): AsyncGenerator<Row> {
  const text = csvText(path);
  const first = await text.next();
  if (first.done) return;
  // TextDecoder drops the BOM itself (ignoreBOM: false).
  const line = first.value.split(/\r?\n|\r/, 1)[0] ?? '';
  const delimiter = line.includes(',') ? ',' : line.includes(';') ? ';' : line.includes('\t') ? '\t' : ',';
  // pipeline, not pipe: a refusal while reading (a NUL byte, not UTF-8) must reach the loop below.
  const parser = pipeline(
    Readable.from(
      (async function* () {
        yield first.value;
        yield* text;
      })(),
    ),
    parse({
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      // A quote inside an unquoted value is kept as it is (`5" screen`).
      relax_quotes: true,
      relax_column_count: true,
      // Blank rows keep their number; they are passed over below.
      skip_empty_lines: false,
      // Spaces around a quoted value (`a, "b" ,c`) are not part of it.
      trim: delimiter !== '\t',
      // One row with more text than the whole file may hold is refused before it is gathered.
      max_record_size: limits.characters,
      info: true,
    }),
    () => {},
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { records: number } }>) {
      if (record.length > limits.columns) throw tooManyColumns(limits.columns);
      if (record.some((v) => v.trim() !== '')) yield { rowNumber: info.records, cells: record.map((v) => v.trim()) };
    }
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    if (err.code === 'CSV_QUOTE_NOT_CLOSED') {
      throw new AppError(400, 'MALFORMED_CSV', 'The CSV file ends inside a quoted value: a closing " is missing.');
    }
    if (err.code === 'CSV_MAX_RECORD_SIZE') {
      throw beyond(
        'TOO_MUCH_TEXT',
        `more than ${limits.characters.toLocaleString('en')} characters of text`,
        limits.characters,
      );
    }
    throw new AppError(400, 'MALFORMED_CSV', `The CSV file cannot be read: ${err.message}`, {
      params: { problem: err.message },
    });
  } finally {
    parser.destroy();
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

/**
 * Checks the archive (see xlsx-archive.ts: every part exceljs will read is inflated, counted, and
 * must match what the zip directory declares) and answers the archive's refusal as a 4xx.
 */
async function checkedWorkbook(path: string, limits: SpreadsheetLimits) {
  try {
    return await checkXlsx(await readFile(path), limits);
  } catch (err) {
    if (!(err instanceof ArchiveError)) throw err;
    if (err.kind === 'damaged') throw notASpreadsheet(`it is a damaged or unsafe zip archive (${err.message})`);
    if (err.kind === 'too-many-strings') {
      throw new AppError(
        413,
        'TOO_MANY_SHARED_STRINGS',
        `The workbook has more than ${limits.sharedStrings.toLocaleString('en')} distinct texts or ${Math.round(limits.sharedStringsBytes / MB)} MB of them. Keep only the sheet with the people, or split the file.`,
        { params: { limit: limits.sharedStrings, megabytes: Math.round(limits.sharedStringsBytes / MB) } },
      );
    }
    throw new AppError(
      413,
      'SPREADSHEET_TOO_LARGE',
      `The workbook unpacks to more than ${Math.round(limits.uncompressedBytes / MB)} MB. Keep only the sheet with the people, or split the file.`,
      { params: { megabytes: Math.round(limits.uncompressedBytes / MB) } },
    );
  }
}

/**
 * Reads the first worksheet of an XLSX row by row, streaming (blank rows are passed over). exceljs
 * reads a clean copy of the checked parts, never the upload itself.
 */
async function* xlsxRows(path: string, limits: SpreadsheetLimits): AsyncGenerator<Row> {
  const workbook = await checkedWorkbook(path, limits);
  let reader: ExcelJS.stream.xlsx.WorkbookReader;
  try {
    reader = new ExcelJS.stream.xlsx.WorkbookReader(cleanXlsxStream(workbook), {
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
        if (values.length - 1 > limits.columns) throw tooManyColumns(limits.columns);
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
 * and damaged or lying archives (415), and files beyond any of `limits` (413): unpacked size, shared
 * strings, rows, columns, cells, characters, reading time.
 */
export async function* readSpreadsheet(
  path: string,
  limits: SpreadsheetLimits,
): AsyncGenerator<{ format: SpreadsheetFormat; rowNumber: number; cells: string[] }> {
  const deadline = performance.now() + limits.seconds * 1000;
  const format = await detectFormat(path);
  let count = 0;
  let cells = 0;
  let characters = 0;
  for await (const row of format === 'xlsx' ? xlsxRows(path, limits) : csvRows(path, limits)) {
    count++;
    if (count > limits.rows + 1) throw tooManyRows(limits.rows);
    cells += row.cells.length;
    if (cells > limits.cells)
      throw beyond('TOO_MANY_CELLS', `more than ${limits.cells.toLocaleString('en')} cells`, limits.cells);
    for (const c of row.cells) characters += c.length;
    if (characters > limits.characters) {
      throw beyond(
        'TOO_MUCH_TEXT',
        `more than ${limits.characters.toLocaleString('en')} characters of text`,
        limits.characters,
      );
    }
    if (performance.now() > deadline) {
      throw beyond('SPREADSHEET_TOO_SLOW', `too much to read in ${limits.seconds} seconds`, limits.seconds);
    }
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

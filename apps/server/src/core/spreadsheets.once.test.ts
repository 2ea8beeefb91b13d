import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SPREADSHEET_LIMITS, neutraliseCell, readSpreadsheet } from './spreadsheets.ts';

describe('neutraliseCell', () => {
  it.each(['=1+1', '+91 98123', '-2', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil.test")'])(
    'prefixes %j with an apostrophe, so that a spreadsheet shows it as text',
    (value) => {
      expect(neutraliseCell(value)).toBe(`'${value}`);
    },
  );

  it.each(['Asha', 'a=b', ' =1', '', "'already"])('leaves %j alone', (value) => {
    expect(neutraliseCell(value)).toBe(value);
  });

  it('keeps numbers as numbers and turns null into an empty cell', () => {
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(null)).toBe('');
  });
});

describe('readSpreadsheet (CSV)', () => {
  const read = async (text: string | Buffer, rows = 100) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sheet-test-'));
    const file = path.join(dir, 'f');
    await writeFile(file, text);
    try {
      const out: Array<{ rowNumber: number; cells: string[] }> = [];
      for await (const r of readSpreadsheet(file, { ...DEFAULT_SPREADSHEET_LIMITS, rows })) {
        out.push({ rowNumber: r.rowNumber, cells: r.cells });
      }
      return out;
    } finally {
      await rm(dir, { recursive: true });
    }
  };

  it('reads quotes, doubled quotes, commas and line breaks inside quotes, CRLF, a BOM and blank lines', async () => {
    const rows = await read('\ufeffa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\n');
    expect(rows).toEqual([
      { rowNumber: 1, cells: ['a', 'b'] },
      { rowNumber: 2, cells: ['x, y', 'say "hi"'] },
      { rowNumber: 4, cells: ['two\nlines', 'z'] },
    ]);
  });

  it('reads semicolon-separated files (a header without commas)', async () => {
    expect((await read('a;b\n1;2')).map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('reads a quoted value split across 64 KiB chunks', async () => {
    const long = 'q'.repeat(65_532); // the doubled quote falls across the first chunk's end
    const rows = await read(`h\n"${long}""x"\n`);
    expect(rows[1]!.cells[0]).toBe(`${long}"x`);
  });

  it('reads tab-separated files, and CR-only line ends', async () => {
    expect((await read('a\tb\n1\t\t\n\t2')).map((r) => r.cells)).toEqual([
      ['a', 'b'],
      ['1', '', ''],
      ['', '2'],
    ]);
    expect((await read('a,b\r1,2\r3,4')).map((r) => r.rowNumber)).toEqual([1, 2, 3]);
  });

  it('trims values, keeps a quote inside an unquoted value, and numbers rows as records (blank ones counted)', async () => {
    const rows = await read('name , size\n  Asha  , 5" screen\n,\n"Ravi", "a\nb" \nlast,1\n');
    expect(rows).toEqual([
      { rowNumber: 1, cells: ['name', 'size'] },
      { rowNumber: 2, cells: ['Asha', '5" screen'] },
      { rowNumber: 4, cells: ['Ravi', 'a\nb'] },
      { rowNumber: 5, cells: ['last', '1'] },
    ]);
  });

  it('refuses a file that ends inside a quoted value (400 MALFORMED_CSV)', async () => {
    await expect(read('h\n"never closed\n1\n')).rejects.toMatchObject({ status: 400, code: 'MALFORMED_CSV' });
  });

  it('refuses bytes that are not UTF-8, or a NUL byte, past the first 8 KiB (415)', async () => {
    const start = Buffer.from(`h\n${'x'.repeat(70_000)}\n`);
    await expect(read(Buffer.concat([start, Buffer.from([0xc3, 0x28, 0x0a])]))).rejects.toMatchObject({
      status: 415,
      code: 'UNSUPPORTED_FILE_TYPE',
    });
    await expect(read(Buffer.concat([start, Buffer.from('a\u0000b\n')]))).rejects.toMatchObject({
      status: 415,
      message: expect.stringMatching(/binary/),
    });
  });

  it('refuses a row with more columns, or more text, than the limits (413)', async () => {
    const limited = async (text: string, limits: Partial<typeof DEFAULT_SPREADSHEET_LIMITS>) => {
      const dir = await mkdtemp(path.join(tmpdir(), 'sheet-test-'));
      const file = path.join(dir, 'f');
      await writeFile(file, text);
      try {
        for await (const _ of readSpreadsheet(file, { ...DEFAULT_SPREADSHEET_LIMITS, ...limits })) {
          // read everything
        }
      } finally {
        await rm(dir, { recursive: true });
      }
    };
    await expect(limited('a,b,c\n1,2,3,4\n', { columns: 3 })).rejects.toMatchObject({ code: 'TOO_MANY_COLUMNS' });
    await expect(limited('a,b,c\n1,2,3\n', { columns: 3 })).resolves.toBeUndefined();
    await expect(limited(`h\n"${'y'.repeat(5000)}"\n`, { characters: 1000 })).rejects.toMatchObject({
      status: 413,
      code: 'TOO_MUCH_TEXT',
    });
  });

  it('refuses more data rows than the limit (413)', async () => {
    await expect(read('h\n1\n2\n3\n4\n', 3)).rejects.toMatchObject({ status: 413, code: 'TOO_MANY_ROWS' });
    expect(await read('h\n1\n2\n3\n', 3)).toHaveLength(4);
  });
});

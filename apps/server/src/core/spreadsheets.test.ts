import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, readSpreadsheet } from './spreadsheets.ts';

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
      for await (const r of readSpreadsheet(file, { rows, uncompressedBytes: 1e6 })) {
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

  it('refuses more data rows than the limit (413)', async () => {
    await expect(read('h\n1\n2\n3\n4\n', 3)).rejects.toMatchObject({ status: 413, code: 'TOO_MANY_ROWS' });
    expect(await read('h\n1\n2\n3\n', 3)).toHaveLength(4);
  });
});

import { crc32, deflateRawSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../../../core/db/tenant.ts';
import { branches, departments, workspaces } from '../../../db/schema.ts';
import { sessionFor } from '../../../testing/admin-fixture.ts';
import { csv, FIELDS, good, HEADER, tag, thousandRows, xlsx } from '../../../testing/bulk-files.ts';
import { captureMailer } from '../../../testing/capture.ts';
import { newInvitation, newUser, newWorkspace, type TestWorkspace } from '../../../testing/factories.ts';
import { multipart } from '../../../testing/multipart.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const mail = captureMailer();
let t: TestApp;
let ws: TestWorkspace;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
  ws = await newWorkspace(t.database.db);
  await withPlatform(t.database.db, { action: 'test', audit: false }, async (tx) => {
    const [mumbai] = await tx.insert(branches).values({ workspaceId: ws.id, name: 'Mumbai' }).returning();
    await tx.insert(departments).values({ workspaceId: ws.id, branchId: mumbai!.id, name: 'Operations' });
  });
  admin = await sessionFor(t.database.db, await newUser(t.database.db, ws, { role: 'WORKSPACE_ADMIN' }));
});
afterAll(() => t.close());

const db = () => t.database.db;
const upload = (
  url: string,
  file: Buffer | string | null,
  fields: Record<string, string | number> = FIELDS,
  token = admin,
  host = ws.host,
) => {
  const { payload, headers } = multipart(file, fields);
  return t.request(host, { method: 'POST', url: `/api/invite${url}`, token, payload, headers });
};
const invitationCount = async (workspaceId = ws.id) => {
  const [row] = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
    tx.execute(sql`select count(*)::int as n from invitations where workspace_id = ${workspaceId}`),
  ).then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Array<{ n: number }>);
  return row!.n;
};

describe('bulk invitations from a CSV', () => {
  const batch = tag();
  const { rows, bad } = thousandRows(batch);
  const file = `\ufeff${csv(rows)}`;
  const valid = rows.filter((_, i) => !bad.some((b) => b.index === i));

  it('shows the columns and the first five rows, whatever the file is called', async () => {
    const res = await upload('/bulk/file/mappings', file, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().format).toBe('csv');
    expect(res.json().columns).toEqual(HEADER.map((header, i) => ({ columnNumber: i + 1, header })));
    expect(res.json().sampleRows).toHaveLength(5);
    expect(res.json().sampleRows[1][0]).toBe(`p1-${batch}@example.test`);
  });

  it('validating 1,000 rows reports exactly the 20 bad ones, with row numbers and reasons, and writes nothing', async () => {
    const before = await invitationCount();
    const res = await upload('/bulk/validate', file);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ totalRows: 1000, validRows: 980, invalidRows: 20, toInvite: 980, placesLeft: null });
    expect(body.errors).toHaveLength(20);
    const expected = bad
      .map((b) => ({ rowNumber: b.index + 2, column: b.column }))
      .sort((a, b) => a.rowNumber - b.rowNumber);
    expect(
      body.errors.map((e: { rowNumber: number; column: string }) => ({ rowNumber: e.rowNumber, column: e.column })),
    ).toEqual(expected);
    for (const b of bad) {
      const e = body.errors.find((x: { rowNumber: number }) => x.rowNumber === b.index + 2);
      expect(e.reason, `row ${b.index + 2}`).toMatch(b.reason);
    }
    expect(await invitationCount()).toBe(before);
  });

  it('sending a file with bad rows is refused with every error, and nothing is sent', async () => {
    const before = await invitationCount();
    const sent = mail.sent.length;
    const res = await upload('/bulk', file);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BULK_INVALID_ROWS' });
    expect(res.json().details).toHaveLength(20);
    expect(await invitationCount()).toBe(before);
    expect(mail.sent.length).toBe(sent);
  });

  it('the 980 good rows are invited in one go; uploading the same file again creates nothing new', async () => {
    const before = await invitationCount();
    const res = await upload('/bulk', csv(valid));
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toMatchObject({ invited: 980, skipped: 0 });
    expect(res.json().rows[0]).toEqual({ rowNumber: 2, email: `p0-${batch}@example.test`, status: 'INVITED' });
    expect(await invitationCount()).toBe(before + 980);
    const stored = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      tx.execute(
        sql`select i.role, i.date_of_joining::text as doj, b.name as unit, d.name as dept, i.contact_number, i.send_count
            from invitations i join branches b on b.id = i.branch_id left join departments d on d.id = i.department_id
            where i.email = ${`p15-${batch}@example.test`}`,
      ),
    ).then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows));
    expect(stored[0]).toMatchObject({ role: 'EMPLOYER', unit: 'Mumbai', dept: 'Operations', send_count: 1 });
    // Behind 980 other messages: workers deliver them in any order, so this waits longer than one.
    const message = await mail.next(`p999-${batch}@example.test`.replace('p999', 'p998'), 0, 20_000);
    expect(message.text).toContain(`http://${ws.host}/signup?code=`);
    // Each row records its own message's delivery (the job refers to the row by id).
    const sent = () =>
      withPlatform(db(), { action: 'test', audit: false }, (tx) =>
        tx.execute(
          sql`select count(*)::int as n from invitations where email like ${`%-${batch}@example.test`} and mail_status = 'SENT'`,
        ),
      ).then((r) => ((Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as Array<{ n: number }>)[0]!.n);
    await expect.poll(sent, { timeout: 60_000, interval: 200 }).toBe(980);

    const again = await upload('/bulk', csv(valid));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ invited: 0, skipped: 980 });
    expect(new Set(again.json().rows.map((r: { status: string }) => r.status))).toEqual(new Set(['ALREADY_INVITED']));
    expect(await invitationCount()).toBe(before + 980);
  });
});

describe('rows of people already here', () => {
  it('are skipped (not errors): members and pending invitations, matched by email or phone', async () => {
    const member = await newUser(db(), ws);
    const pendingEmail = `pending-${tag()}@example.test`;
    await newInvitation(db(), ws, { email: pendingEmail });
    const phone = `+9198765${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`;
    await newInvitation(db(), ws, { phone });
    const fresh = `fresh-${tag()}@example.test`;
    const file = csv([
      [member.email.toUpperCase(), 'M', '', '', '', '', '', ''],
      [pendingEmail, 'P', '', '', '', '', '', ''],
      ['', 'Ph', '', phone, '', '', '', ''],
      [fresh, 'F', '', '', '', '', '', ''],
    ]);
    const v = (await upload('/bulk/validate', file)).json();
    expect(v).toMatchObject({ totalRows: 4, validRows: 4, invalidRows: 0, toInvite: 1 });
    expect(v.skipped).toEqual([
      { rowNumber: 2, email: member.email.toLowerCase(), status: 'ALREADY_MEMBER' },
      { rowNumber: 3, email: pendingEmail, status: 'ALREADY_INVITED' },
      { rowNumber: 4, email: phone, status: 'ALREADY_INVITED' },
    ]);
    const res = await upload('/bulk', file);
    expect(res.json()).toMatchObject({ invited: 1, skipped: 3 });
  });
});

describe('bulk invitations from an XLSX', () => {
  it('reads the first sheet (dates and numbers as text), reports bad rows, imports, and a second upload creates nothing', async () => {
    const batch = tag();
    const rows: Array<Array<string | number | Date>> = Array.from({ length: 100 }, (_, i) => {
      const r: Array<string | number | Date> = good(batch, i);
      if (i % 4 === 0) r[7] = new Date(Date.UTC(2026, 0, 15));
      return r;
    });
    rows[5]![0] = 'broken@';
    rows[50]![4] = 'Nowhere';
    const file = await xlsx(rows);
    const cols = (await upload('/bulk/file/mappings', file, {}, admin)).json();
    expect(cols.format).toBe('xlsx');
    expect(cols.columns.map((c: { header: string }) => c.header)).toEqual(HEADER);
    expect(cols.sampleRows[0][7]).toBe('2026-01-15');
    const v = (await upload('/bulk/validate', file)).json();
    expect(v).toMatchObject({ totalRows: 100, invalidRows: 2, toInvite: 98 });
    expect(v.errors.map((e: { rowNumber: number }) => e.rowNumber)).toEqual([7, 52]);
    expect((await upload('/bulk', file)).statusCode).toBe(400);
    const fixed = await xlsx(rows.filter((_, i) => i !== 5 && i !== 50));
    expect((await upload('/bulk', fixed)).json()).toMatchObject({ invited: 98, skipped: 0 });
    expect((await upload('/bulk', fixed)).json()).toMatchObject({ invited: 0, skipped: 98 });
  });
});

/** A zip with one entry of `size` zero bytes, deflated: tiny on disk, huge unpacked. */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content, { level: 9 });
  const nameBuf = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(nameBuf.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc32(content), 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(content.length, 24);
  central.writeUInt16LE(nameBuf.length, 28);
  const cdOffset = local.length + nameBuf.length + data.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBuf.length, 12);
  end.writeUInt32LE(cdOffset, 16);
  return Buffer.concat([local, nameBuf, data, central, nameBuf, end]);
}

describe('files that are not what they should be', () => {
  it('refuses a workbook that unpacks to more than 50 MB before unpacking it (413)', async () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(60 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(200_000);
    const res = await upload('/bulk/file/mappings', bomb, {});
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 'SPREADSHEET_TOO_LARGE' });
    expect(res.json().message).toMatch(/more than 50 MB/);
  });

  it.each([
    ['an image', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ['a zip that is not a workbook', zipOf('readme.txt', Buffer.from('hello'))],
    ['Latin-1 text', Buffer.from('Email,First\nj\xe9r\xf4me@example.test,J\xe9r\xf4me\n', 'latin1')],
  ])('refuses %s, whatever its name (415)', async (_, content) => {
    const { payload, headers } = multipart(content, {}, 'people.csv');
    const res = await t.request(ws.host, {
      method: 'POST',
      url: '/api/invite/bulk/file/mappings',
      token: admin,
      payload,
      headers,
    });
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
  });

  it('refuses a JSON body (415), a body without a file (400) and bad column numbers (400)', async () => {
    const json = await t.request(ws.host, {
      method: 'POST',
      url: '/api/invite/bulk/validate',
      token: admin,
      payload: { email: 1, firstName: 2 },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload('/bulk/validate', null)).statusCode).toBe(400);
    const file = csv([good('x', 1)]);
    const noName = await upload('/bulk/validate', file, { email: 1 });
    expect(noName.json()).toMatchObject({ status: 400, details: [{ path: 'firstName' }] });
    expect((await upload('/bulk/validate', file, { ...FIELDS, email: 'A' })).json().details[0].path).toBe('email');
    expect((await upload('/bulk/validate', file, { ...FIELDS, email: 0 })).statusCode).toBe(400);
    expect((await upload('/bulk/validate', file, { ...FIELDS, nickname: 3 })).statusCode).toBe(400);
    const beyond = await upload('/bulk/validate', file, { ...FIELDS, homeAddress: 20 });
    expect(beyond.json().message).toMatch(/The file has 8 columns; homeAddress names column 20/);
  });
});

describe('who may invite whom', () => {
  it('a business unit admin invites employees of its own unit only; rows without a unit go to its unit', async () => {
    const branchAdmin = await sessionFor(db(), await newUser(db(), ws, { role: 'BRANCH_ADMIN' }));
    const b = tag();
    const file = csv([
      [`a-${b}@example.test`, 'A', '', '', '', '', '', ''],
      [`b-${b}@example.test`, 'B', '', '', 'Mumbai', '', '', ''],
      [`c-${b}@example.test`, 'C', '', '', 'Head Office', '', 'EMPLOYER', ''],
    ]);
    const v = (await upload('/bulk/validate', file, FIELDS, branchAdmin)).json();
    expect(v.errors).toEqual([
      {
        rowNumber: 3,
        column: 'Business unit',
        value: 'Mumbai',
        reason: 'You administer only your own business unit',
        code: 'ROW_OUTSIDE_UNIT',
      },
      {
        rowNumber: 4,
        column: 'Role',
        value: 'EMPLOYER',
        reason: 'A business unit admin invites employees only',
        code: 'ROLE_OUTSIDE_SCOPE',
        params: { role: 'EMPLOYER' },
      },
    ]);
    const before = await invitationCount();
    const refused = await upload('/bulk', file, FIELDS, branchAdmin);
    expect(refused.statusCode).toBe(403);
    expect(await invitationCount()).toBe(before);
    const ok = await upload('/bulk', csv([[`a-${b}@example.test`, 'A', '', '', '', '', '', '']]), FIELDS, branchAdmin);
    expect(ok.json()).toMatchObject({ invited: 1 });
  });

  it('an import that would exceed the user limit is refused with the places left, and nothing is sent', async () => {
    const small = await newWorkspace(db());
    const smallAdmin = await sessionFor(db(), await newUser(db(), small, { role: 'WORKSPACE_ADMIN' }));
    await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      tx.update(workspaces).set({ userLimit: 4 }).where(eq(workspaces.id, small.id)),
    );
    const b = tag();
    const rows = Array.from({ length: 5 }, (_, i) => [`l${i}-${b}@example.test`, 'L', '', '', '', '', '', '']);
    const v = (await upload('/bulk/validate', csv(rows), FIELDS, smallAdmin, small.host)).json();
    expect(v).toMatchObject({ toInvite: 5, placesLeft: 3 });
    const res = await upload('/bulk', csv(rows), FIELDS, smallAdmin, small.host);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Only 3 places left/);
    expect(await invitationCount(small.id)).toBe(0);
    expect((await upload('/bulk', csv(rows.slice(0, 3)), FIELDS, smallAdmin, small.host)).json()).toMatchObject({
      invited: 3,
    });
  });
});

describe('the detailed report', () => {
  it('is an XLSX with every row, its status and reason, formulas neutralised', async () => {
    const b = tag();
    const file = csv([
      [`r1-${b}@example.test`, '=HYPERLINK("http://evil.test","x")', '+1', '', '', '', '', ''],
      ['bad', '@SUM(A1)', '-2', '', '', '', '', ''],
    ]);
    const res = await upload('/download/bulk/detailed-report', file);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/spreadsheetml/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(values(1)).toEqual([
      'Row',
      'Email',
      'First name',
      'Last name',
      'Department',
      'Business unit',
      'Role',
      'Phone number',
      'Date of joining',
      'Status',
      'Reason',
    ]);
    const cell = (row: number, col: number) => sheet.getRow(row).getCell(col).value;
    expect([cell(2, 1), cell(2, 2), cell(2, 3), cell(2, 4), cell(2, 10)]).toEqual([
      2,
      `r1-${b}@example.test`,
      `'=HYPERLINK("http://evil.test","x")`,
      "'+1",
      'READY',
    ]);
    expect([cell(3, 1), cell(3, 2), cell(3, 3), cell(3, 4), cell(3, 10)]).toEqual([
      3,
      'bad',
      "'@SUM(A1)",
      "'-2",
      'INVALID',
    ]);
    expect(String(cell(3, 11))).toMatch(/^Email: /);
  });
});

/** Reads the first sheet of an XLSX answer as rows of text (the header first). */
async function sheetOf(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return rows;
}

describe('importing the valid rows and getting the rest back', () => {
  const batch = tag();
  const { rows, bad } = thousandRows(batch);
  const file = csv(rows);

  it('invites the 980 valid rows with their messages, reports the 20 others, and writes them back in the file’s columns with a reason', async () => {
    const before = await invitationCount();
    const res = await upload('/bulk', file, { ...FIELDS, mode: 'VALID_ROWS' });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.json()).toMatchObject({ mode: 'VALID_ROWS', invited: 980, skipped: 0, invalidRows: 20 });
    expect(res.json().errors).toHaveLength(20);
    expect(res.json().rows.filter((r: { status: string }) => r.status === 'INVALID')).toHaveLength(20);
    expect(await invitationCount()).toBe(before + 980);
    const message = await mail.next(`p998-${batch}@example.test`, 0, 20_000);
    expect(message.text).toContain('/signup?code=');
    // DD/MM/YYYY (an Indian workspace) is stored as the date it names.
    const stored = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      tx.execute(
        sql`select email, date_of_joining::text as doj from invitations where email in (${`p8-${batch}@example.test`}, ${`p4-${batch}@example.test`}) order by email`,
      ),
    ).then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows));
    expect(stored).toEqual([
      { email: `p4-${batch}@example.test`, doj: '2026-01-15' },
      { email: `p8-${batch}@example.test`, doj: '2026-01-15' },
    ]);

    const back = await upload('/bulk/rows-to-fix', file);
    expect(back.statusCode, back.body.slice(0, 300)).toBe(200);
    expect(back.headers['content-disposition']).toContain('rows-to-fix.xlsx');
    const sheet = await sheetOf(back.rawPayload);
    expect(sheet[0]).toEqual([...HEADER, 'Reason']);
    expect(sheet).toHaveLength(21);
    const byEmail = new Map(sheet.slice(1).map((r) => [r[0], r]));
    // The row's own values, unchanged (a phone number keeps its +), and why it was left out.
    const phoneRow = sheet.find((r) => r[3] === '12345')!;
    expect(phoneRow[8]).toMatch(/^Phone number: /);
    expect(byEmail.get('not-an-email-10')![8]).toMatch(/^Email: .*email address/);
    const roleRow = sheet.find((r) => r[6] === 'BOSS')!;
    expect(roleRow[8]).toBe('Role: Role must be Employee, Business unit admin, Employer or Workspace admin');
    expect(sheet.slice(1).map((r) => r[1]).length).toBe(bad.length);

    // The rows, corrected, import as they are: the reason column is simply not mapped.
    const fixed = sheet.slice(1).map((r, i) => {
      const row = r.slice(0, HEADER.length);
      row[0] = `fixed${i}-${batch}@example.test`;
      row[1] = row[1] || 'Named';
      row[3] = '';
      row[4] = 'Head Office';
      row[5] = '';
      row[6] = 'Business unit admin';
      row[7] = '';
      return row;
    });
    const again = await upload('/bulk', csv(fixed), { ...FIELDS, mode: 'VALID_ROWS' });
    expect(again.json()).toMatchObject({ invited: 20, invalidRows: 0 });
  });

  it('refuses an unknown mode (400) and writes nothing', async () => {
    const before = await invitationCount();
    const res = await upload('/bulk', csv([good(tag(), 1)]), { ...FIELDS, mode: 'SOME' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('mode');
    expect(await invitationCount()).toBe(before);
  });

  it('a business unit admin’s rows beyond its unit or role are left out and given back, not invited', async () => {
    const branchAdmin = await sessionFor(db(), await newUser(db(), ws, { role: 'BRANCH_ADMIN' }));
    const b = tag();
    const file = csv([
      [`a-${b}@example.test`, 'A', '', '', '', '', '', ''],
      [`b-${b}@example.test`, 'B', '', '', 'Mumbai', '', '', ''],
      [`c-${b}@example.test`, 'C', '', '', 'Head Office', '', 'Workspace admin', ''],
    ]);
    const res = await upload('/bulk', file, { ...FIELDS, mode: 'VALID_ROWS' }, branchAdmin);
    expect(res.json()).toMatchObject({ invited: 1, invalidRows: 2 });
    expect(res.json().errors.map((e: { code: string }) => e.code)).toEqual([
      'ROW_OUTSIDE_UNIT',
      'ADMIN_ROLE_ONLY_BY_ADMIN',
    ]);
    const sheet = await sheetOf((await upload('/bulk/rows-to-fix', file, FIELDS, branchAdmin)).rawPayload);
    expect(sheet.slice(1).map((r) => r[0])).toEqual([`b-${b}@example.test`, `c-${b}@example.test`]);
  });
});

describe('dates and roles as people write them', () => {
  it('a Canadian workspace takes ISO dates only; roles may be written in words', async () => {
    const toronto = await newWorkspace(db(), { country: 'CA', timeZone: 'America/Toronto' });
    const caAdmin = await sessionFor(db(), await newUser(db(), toronto, { role: 'WORKSPACE_ADMIN' }));
    const b = tag();
    const file = csv([
      [`a-${b}@example.test`, 'A', '', '', '', '', 'business-unit admin', '2026-04-01'],
      [`b-${b}@example.test`, 'B', '', '', '', '', 'Workspace Admin', '01/04/2026'],
      [`c-${b}@example.test`, 'C', '', '', '', '', 'employer', ''],
    ]);
    const v = (await upload('/bulk/validate', file, FIELDS, caAdmin, toronto.host)).json();
    expect(v.errors).toEqual([
      {
        rowNumber: 3,
        column: 'Date of joining',
        value: '01/04/2026',
        reason: 'Use a date in the form YYYY-MM-DD',
        code: 'ROW_BAD_DATE',
      },
    ]);
    // India: day first; a day that does not exist is refused, naming both forms.
    const india = (
      await upload(
        '/bulk/validate',
        csv([
          [`d-${b}@example.test`, 'D', '', '', '', '', '', '1.4.2026'],
          [`e-${b}@example.test`, 'E', '', '', '', '', '', '31/04/2026'],
        ]),
      )
    ).json();
    expect(india.errors).toEqual([
      expect.objectContaining({
        rowNumber: 3,
        code: 'ROW_BAD_DATE_IN',
        reason: 'Use a date in the form DD/MM/YYYY or YYYY-MM-DD',
      }),
    ]);
  });
});

describe('the template', () => {
  it('is a CSV or an XLSX with every column and one example row that passes the check', async () => {
    const csvRes = await t.request(ws.host, {
      method: 'GET',
      url: '/api/invite/bulk/template?format=csv',
      token: admin,
    });
    expect(csvRes.statusCode, csvRes.body).toBe(200);
    expect(csvRes.headers['content-type']).toContain('text/csv');
    const [head, example] = csvRes.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(head).toBe(
      'Email,First name,Last name,Employee ID,Gender,Department,Designation,Business unit,Role,Home address,Phone number,Date of joining',
    );
    expect(example).toContain('01/04/2026');
    expect(example).toContain('Head Office');
    const all = Object.fromEntries(
      head!
        .split(',')
        .map((_, i) => [
          [
            'email',
            'firstName',
            'lastName',
            'employeeId',
            'gender',
            'department',
            'designation',
            'branch',
            'role',
            'homeAddress',
            'phoneNumber',
            'dateOfJoining',
          ][i]!,
          i + 1,
        ]),
    );
    const checked = await upload('/bulk/validate', csvRes.body, all);
    expect(checked.json()).toMatchObject({ totalRows: 1, invalidRows: 0 });

    const xlsxRes = await t.request(ws.host, { method: 'GET', url: '/api/invite/bulk/template', token: admin });
    expect(xlsxRes.statusCode).toBe(200);
    expect(xlsxRes.headers['content-disposition']).toContain('invitation-template.xlsx');
    const sheet = await sheetOf(xlsxRes.rawPayload);
    expect(sheet[0]!.join(',')).toBe(head);
    expect(sheet).toHaveLength(2);
  });

  it('is refused to an employee, to another workspace’s admin, and the rows-to-fix file likewise', async () => {
    const employee = await sessionFor(db(), await newUser(db(), ws, { role: 'EMPLOYEE' }));
    const other = await newWorkspace(db());
    const otherAdmin = await sessionFor(db(), await newUser(db(), other, { role: 'WORKSPACE_ADMIN' }));
    const get = (token: string) => t.request(ws.host, { method: 'GET', url: '/api/invite/bulk/template', token });
    expect((await get(employee)).statusCode).toBe(403);
    expect((await get(otherAdmin)).statusCode).toBe(401);
    const file = csv([['bad', 'A', '', '', '', '', '', '']]);
    expect((await upload('/bulk/rows-to-fix', file, FIELDS, employee)).statusCode).toBe(403);
    expect((await upload('/bulk/rows-to-fix', file, FIELDS, otherAdmin)).statusCode).toBe(401);
    expect((await upload('/bulk', file, { ...FIELDS, mode: 'VALID_ROWS' }, employee)).statusCode).toBe(403);
  });
});

describe('role names in any of the six languages', () => {
  it('reads a role written as the app names it in Hindi, Tamil or Kannada (any case, spacing, decomposed Unicode); a wrong word gets the worded error', async () => {
    const b = tag();
    const row = (i: number, role: string) => [`r${i}-${b}@example.test`, `R${i}`, '', '', '', '', role, ''];
    // Tamil with extra spaces; Hindi "बिज़नेस…" decomposed (NFD); Kannada without the zero-width non-joiner
    // the app's label has (spreadsheets often drop it).
    const rows = [
      row(1, 'कर्मचारी'),
      row(2, '  வணிகப்   பிரிவு நிர்வாகி '),
      row(3, 'नियोक्ता'),
      row(4, 'பணியாளர்'),
      row(5, 'बिज़नेस यूनिट एडमिन'.normalize('NFD')),
      row(6, 'ವರ್ಕ್ಸ್ಪೇಸ್ ಅಡ್ಮಿನ್'),
      row(7, 'boss'),
    ];
    const res = await upload('/bulk/validate', csv(rows));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ totalRows: 7, invalidRows: 1 });
    expect(res.json().errors).toEqual([
      expect.objectContaining({
        rowNumber: 8,
        column: 'Role',
        value: 'boss',
        code: 'ROW_BAD_ROLE',
        reason: 'Role must be Employee, Business unit admin, Employer or Workspace admin',
      }),
    ]);

    const sent = await upload('/bulk', csv(rows.slice(0, 6)));
    expect(sent.statusCode, sent.body.slice(0, 300)).toBe(200);
    const stored = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      tx.execute(sql`select email, role from invitations where email like ${`%-${b}@example.test`} order by email`),
    ).then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows));
    expect(stored).toEqual([
      { email: `r1-${b}@example.test`, role: 'EMPLOYEE' },
      { email: `r2-${b}@example.test`, role: 'BRANCH_ADMIN' },
      { email: `r3-${b}@example.test`, role: 'EMPLOYER' },
      { email: `r4-${b}@example.test`, role: 'EMPLOYEE' },
      { email: `r5-${b}@example.test`, role: 'BRANCH_ADMIN' },
      { email: `r6-${b}@example.test`, role: 'WORKSPACE_ADMIN' },
    ]);
  });
});

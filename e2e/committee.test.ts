import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  expectAccessible,
  newPage,
  settled,
  sideScroll,
  signInByApi,
  signInWithForm,
  useBrowser,
} from './browser.ts';

/**
 * The Internal Committee register (issue 24), end to end on Acme (India): the admin composes a
 * committee for Mumbai and the screen refuses three unlawful compositions, each with its section
 * (a man as presiding officer, s.4(2)(a); one employee member, s.4(2)(b); no external member,
 * s.4(2)(c)) — at 1280 px in English, then at 360 px in Hindi, where the lawful one is saved with
 * its order; then an employee of Mumbai sees the committee on her phone's home page and opens the
 * order (s.19(b)). Mumbai (not Bengaluru) so that the other journeys' concerned-authority card of
 * employee@acme.test stays as they expect it.
 */
const browser = useBrowser();
const stamp = Date.now().toString(36);
const NAME = `Internal Committee Mumbai ${stamp}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
  }
}

/** Words of the form in one language (the labels the admin reads). */
type Words = {
  employee: string;
  gender: string;
  senior: string;
  role: string;
  outside: string;
  externalName: string;
  organisation: string;
  phone: string;
  remove: (n: number) => string;
  add: string;
  save: string;
};
const EN: Words = {
  employee: 'Employee',
  gender: 'Gender',
  senior: 'Employed at a senior level',
  role: 'Role',
  outside: 'A person outside the workspace',
  externalName: 'Name',
  organisation: 'Organisation',
  phone: 'Phone',
  remove: (n) => `Remove member ${n}`,
  add: 'Add a member',
  save: 'Save',
};
const HI: Words = {
  employee: 'कर्मचारी',
  gender: 'लिंग',
  senior: 'वरिष्ठ स्तर पर कार्यरत',
  role: 'भूमिका',
  outside: 'वर्कस्पेस से बाहर का व्यक्ति',
  externalName: 'नाम',
  organisation: 'संगठन',
  phone: 'फ़ोन',
  remove: (n) => `सदस्य ${n} हटाएँ`,
  add: 'सदस्य जोड़ें',
  save: 'सेव करें',
};

const row = (page: Page, i: number) => page.getByTestId('member-row').nth(i);

async function pick(page: Page, field: Locator, option: string, search?: string) {
  await field.click();
  if (search) await field.fill(search);
  // A person's option carries their email too; a word (Man, Woman) must match exactly.
  await page.getByRole('option', { name: option, exact: !search }).first().click();
  // A multiple choice stays open for the next pick: close it.
  if (await page.getByRole('listbox').count()) await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
}

/** An employee row: who, gender, seniority. */
async function employeeRow(
  page: Page,
  w: Words,
  i: number,
  who: string,
  search: string,
  gender: string,
  senior = false,
) {
  const r = row(page, i);
  await pick(page, r.getByRole('combobox', { name: w.employee }), who, search);
  await pick(page, r.getByRole('combobox', { name: w.gender }), gender);
  const box = r.getByRole('checkbox', { name: w.senior });
  if ((await box.isChecked()) !== senior) await box.click();
}

/** The external member's row: a person outside the workspace. */
async function externalRow(page: Page, w: Words, i: number, gender: string) {
  const r = row(page, i);
  await r.getByText(w.outside).click();
  await r.getByRole('textbox', { name: w.externalName }).fill('Kavita Deshmukh');
  await r.getByRole('textbox', { name: w.organisation }).fill('Stree Mukti Sanghatana');
  await r.getByRole('textbox', { name: w.phone }).fill('+91 22 2400 0000');
  await pick(page, r.getByRole('combobox', { name: w.gender }), gender);
}

/** Saves and waits for the refusal naming `rule`; answers the refusal's text. */
async function refused(page: Page, w: Words, rule: string): Promise<string> {
  await page.getByRole('button', { name: w.save, exact: true }).click();
  const item = page.getByTestId('refusals').locator(`[data-rule="${rule}"]`);
  await item.waitFor();
  return (await item.textContent()) ?? '';
}

describe('the Internal Committee register', () => {
  it('at 1280 px in English: Mumbai is flagged; a man as presiding officer and a single employee member are refused with their sections', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl('/committee'));
    await page.getByRole('heading', { name: 'Internal Committee register', level: 1 }).waitFor();
    const mumbai = page.getByTestId('unit-flag').filter({ hasText: 'Mumbai' });
    await mumbai
      .getByText(/Mumbai has fewer than 10 workers: complaints go to the Local Committee, s\.6\(1\)/)
      .waitFor();
    await expectAccessible(page);
    await shot(page, 'committee-register-1280-en');

    await page.getByRole('link', { name: 'Constitute a committee' }).click();
    await page.getByRole('heading', { name: 'Constitute an Internal Committee', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'Name' }).first().fill(NAME);
    await pick(page, page.getByRole('combobox', { name: 'Business units served' }), 'Mumbai');

    // 1. A man presides: s.4(2)(a).
    await employeeRow(page, EN, 0, 'Vikram Mehta', 'Vikram', 'Man', true);
    await employeeRow(page, EN, 1, 'Priya Nair', 'Priya', 'Woman');
    await employeeRow(page, EN, 2, 'Rahul Sharma', 'Rahul', 'Man');
    await externalRow(page, EN, 3, 'Woman');
    expect(await refused(page, EN, 'PRESIDING_OFFICER_NOT_WOMAN')).toBe(
      'The presiding officer must be a woman (s.4(2)(a)).',
    );
    await settled(page);
    await expectAccessible(page);
    await shot(page, 'committee-refused-1280-en');

    // 2. A woman at a senior level presides, but only one employee member is left: s.4(2)(b).
    await employeeRow(page, EN, 0, 'Asha Rao', 'Asha', 'Woman', true);
    await row(page, 2)
      .getByRole('button', { name: EN.remove(3) })
      .click();
    expect(await refused(page, EN, 'EMPLOYEE_MEMBERS_FEWER_THAN_TWO')).toBe(
      'At least two members besides the presiding officer must be employees (s.4(2)(b)).',
    );
    expect(await page.getByTestId('refusals').locator('[data-rule="PRESIDING_OFFICER_NOT_WOMAN"]').count()).toBe(0);

    // Leaving asks first: the changes are not saved.
    await page.getByRole('link', { name: 'Back to the register' }).click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await settled(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/committee$/);
    // Nothing was saved: the register holds only the demo's committee of Bengaluru HQ (issue 26).
    await page.getByText('Internal Committee — Bengaluru HQ').first().waitFor();
    expect(await page.getByText(NAME).count()).toBe(0);
    await context.close();

    // Meanwhile an employee of Mumbai (2 workers) is told on her phone that the Local Committee handles complaints.
    const phone = await newPage(browser(), { mobile: true });
    await phone.page.goto(acmeUrl('/signin'));
    await signInWithForm(phone.page, 'acme-emp-0042');
    await phone.page.waitForURL(/\/dashboard$/);
    await phone.page
      .getByTestId('local-committee')
      .getByText(/Local Committee set up by the District Officer \(s\.6\(1\)\)/)
      .waitFor();
    expect(await phone.page.getByTestId('my-committee').count()).toBe(0);
    await expectAccessible(phone.page);
    await phone.context.close();
  });

  it('at 360 px in Hindi: no external member is refused (s.4(2)(c)); the lawful committee is saved with its order', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.addInitScript(() => localStorage.setItem('compliance.language', 'hi'));
    await page.goto(acmeUrl('/committee/new'));
    await page.getByRole('heading', { name: 'आंतरिक समिति गठित करें', level: 1 }).waitFor();
    await page.getByRole('textbox', { name: 'नाम' }).first().fill(NAME);
    await pick(page, page.getByRole('combobox', { name: 'किन बिज़नेस यूनिट के लिए' }), 'Mumbai');
    await employeeRow(page, HI, 0, 'Asha Rao', 'Asha', 'महिला', true);
    await employeeRow(page, HI, 1, 'Priya Nair', 'Priya', 'महिला');
    await employeeRow(page, HI, 2, 'Rahul Sharma', 'Rahul', 'पुरुष');

    // 3. No external member: s.4(2)(c), in Hindi.
    await row(page, 3)
      .getByRole('button', { name: HI.remove(4) })
      .click();
    expect(await refused(page, HI, 'EXTERNAL_MEMBER_MISSING')).toContain('(s.4(2)(c))');
    expect(await page.getByTestId('refusals').textContent()).toContain('बाहरी सदस्य ज़रूरी है');
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await settled(page);
    await expectAccessible(page);
    await shot(page, 'committee-refused-360-hi');

    // The external member, the order and its date: lawful.
    await page.getByRole('button', { name: HI.add }).click();
    await pick(page, row(page, 3).getByRole('combobox', { name: HI.role }), 'बाहरी सदस्य');
    await externalRow(page, HI, 3, 'महिला');
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'ic-order.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('textbox', { name: 'आदेश की तारीख' }).fill('2026-11-02');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: HI.save, exact: true }).click();
    await page.waitForURL(/\/committee$/);
    const card = page.getByTestId('committee').filter({ hasText: NAME });
    await card.waitFor();
    expect(await card.getAttribute('data-status')).toBe('LAWFUL');
    await card.getByText('क़ानून के अनुसार').first().waitFor();
    await card.getByText('ic-order.pdf', { exact: false }).waitFor();
    await page
      .getByTestId('unit-flag')
      .filter({ hasText: 'Mumbai' })
      .and(page.locator('[data-flag="COVERED"]'))
      .waitFor();
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shot(page, 'committee-register-360-hi');

    // Its history: today's composition, and none before its members' terms began.
    await card.getByRole('link', { name: `${NAME} का इतिहास` }).click();
    await page.getByRole('heading', { name: `${NAME}: किसी तारीख को संरचना`, level: 1 }).waitFor();
    await page.getByText('Kavita Deshmukh').waitFor();
    await expectAccessible(page);
    await page.goto(`${page.url().split('?')[0]}?asOf=2020-01-01`);
    await page.getByText('इस तारीख को कोई सदस्य नहीं था।').waitFor();
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);

    // Editing it loads its four members; nothing changed, nothing asked on leaving.
    await page.goto(acmeUrl('/committee'));
    await card.getByRole('link', { name: `${NAME} बदलें` }).click();
    await expect.poll(() => page.getByTestId('member-row').count()).toBe(4);
    expect(await page.getByRole('textbox', { name: 'नाम' }).first().inputValue()).toBe(NAME);
    await page.getByRole('link', { name: 'रजिस्टर पर वापस' }).click();
    await page.waitForURL(/\/committee$/);
    await context.close();
  });

  it('an employee of Mumbai sees the committee on her phone’s home page and opens the order', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await page.goto(acmeUrl('/signin'));
    await signInWithForm(page, 'acme-emp-0042');
    await page.waitForURL(/\/dashboard$/);
    const card = page.getByTestId('my-committee');
    await card.getByRole('heading', { name: 'Your Internal Committee' }).waitFor();
    await card.getByText(NAME).waitFor();
    await card.getByText('Asha Rao').waitFor();
    await card.getByText('Kavita Deshmukh').waitFor();
    await card.getByText('Presiding officer', { exact: true }).waitFor();
    expect(await page.getByTestId('concerned-authority').count()).toBe(0);
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shot(page, 'committee-home-360-en');

    const download = page.waitForEvent('download');
    await card.getByRole('button', { name: 'Read the order constituting it' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const path = await file.path();
    const { readFile } = await import('node:fs/promises');
    expect((await readFile(path)).subarray(0, 5).toString()).toBe('%PDF-');

    // In Hindi too.
    await page.evaluate(() => localStorage.setItem('compliance.language', 'hi'));
    await page.reload();
    await card.getByRole('heading', { name: 'आपकी आंतरिक समिति' }).waitFor();
    await card.getByText('पीठासीन अधिकारी', { exact: true }).waitFor();
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shot(page, 'committee-home-360-hi');
    await context.close();
  });
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeToken,
  acmeUrl,
  api,
  expectAccessible,
  newPage,
  settled,
  sideScroll,
  signInByApi,
  useBrowser,
} from './browser.ts';

/**
 * The complaint form tab of the workflow builder (issue 25), end to end on Acme: at 1280 px in
 * English the admin adds a list with two options, makes another field conditional on one of them,
 * moves it by the keyboard, translates the labels into Hindi, and finds the locked field "Date of
 * the incident" without a delete button (the server refuses it too); then at 360 px in Hindi the
 * live preview shows the form in Hindi and the conditional field appears when its answer is chosen.
 */
const browser = useBrowser();
const stamp = Date.now().toString(36);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type TBuilder = {
  workflow: { id: string };
  components: Array<{
    id: string;
    title: { en: string };
    attributes: Array<{ id: string; key: string; position: number; label: { en: string; hi?: string } }>;
  }>;
};

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
  }
}

async function cms<T = TBuilder>(token: string, method: string, path: string, body?: unknown) {
  return api<T>(acmeHost(), method, `/cms/api${path}`, { token, body });
}

/** The field rows of the form tab, by English (or Hindi) label, in order. */
const rowLabels = (page: Page, group: string) =>
  page
    .getByRole('list', { name: `Fields of ${group}` })
    .getByTestId('form-field')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-key')));

describe('the complaint form tab', () => {
  it('builds, orders, translates and previews the form', async () => {
    const token = await acmeToken('admin@acme.test');
    const created = await cms(token, 'POST', '/workflow/create', {
      name: `Form journey ${stamp}`,
      jurisdiction: 'IN_POSH',
    });
    expect(created.status, JSON.stringify(created.json)).toBe(200);
    const id = created.json.workflow.id;
    const langs = await cms(token, 'POST', `/workflow/update/${id}`, { languages: ['en', 'hi'] });
    expect(langs.status, JSON.stringify(langs.json)).toBe(200);

    // --- 1280 px, English ---
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl(`/workflows/${id}?tab=form`));
    await page.getByRole('heading', { name: 'Complaint form' }).waitFor();
    await settled(page);

    // A list with two options in the Complainant group.
    await page.getByRole('button', { name: 'Add a field to Complainant' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'One choice from a list' }).click();
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Work arrangement');
    await dialog.getByRole('textbox', { name: 'Option 1' }).fill('Office');
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill('Remote');
    await dialog.getByRole('switch', { name: 'Mandatory' }).check({ force: true });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });

    // A text field shown only when the answer is Remote.
    await page.getByRole('button', { name: 'Add a field to Complainant' }).click();
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Home city');
    await dialog.getByRole('radio', { name: 'Only when another answer is given' }).check();
    await dialog.getByRole('combobox', { name: 'When this earlier field' }).click();
    await page.getByRole('option', { name: 'Work arrangement' }).click();
    await dialog.getByRole('combobox', { name: 'Has this answer' }).click();
    await page.getByRole('option', { name: 'Remote' }).click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const homeRow = page.getByTestId('form-field').filter({ hasText: 'Home city' });
    await expect
      .poll(() => homeRow.getByTestId('condition').textContent())
      .toBe('Shown when Work arrangement is Remote');

    // Reorder by the keyboard: Work arrangement one up (above Email address), announced, saved.
    const before = await rowLabels(page, 'Complainant');
    const n = before.length;
    const homeKey = before[n - 1]!;
    expect(before.slice(n - 3, n - 1)).toEqual(['COMPLAINANT_EMAIL', 'WORK_ARRANGEMENT']);
    const moved = [...before.slice(0, n - 3), 'WORK_ARRANGEMENT', 'COMPLAINANT_EMAIL', homeKey];
    const server = async () => {
      const got = await cms(token, 'GET', `/workflow/get/${id}`);
      const complainant = got.json.components.find((c) => c.title.en === 'Complainant')!;
      return [...complainant.attributes].sort((a, b) => a.position - b.position).map((a) => a.key);
    };
    // Home city cannot go above the list it depends on: refused, said why, and the order stays.
    await page.getByRole('button', { name: 'Move Home city up' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('alert').filter({ hasText: 'can depend only on' }).count()).toBe(1);
    await expect.poll(() => rowLabels(page, 'Complainant')).toEqual(before);
    expect(await server()).toEqual(before);

    await page.getByRole('button', { name: 'Move Work arrangement up' }).focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'moved' }).textContent())
      .toBe(`Work arrangement moved to position ${n - 2} of ${n}.`);
    await expect.poll(() => rowLabels(page, 'Complainant')).toEqual(moved);
    await expect.poll(server).toEqual(moved);
    // Translate the labels into Hindi: the missing translations are marked until then.
    const workRow = page.locator('[data-testid="form-field"][data-key="WORK_ARRANGEMENT"]');
    await expect.poll(() => workRow.getByText('Translation missing: हिन्दी').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Edit Work arrangement' }).click();
    await dialog.getByRole('tab', { name: 'हिन्दी (missing)' }).click();
    await dialog.getByRole('textbox', { name: 'Label' }).fill('काम की व्यवस्था');
    await dialog.getByRole('textbox', { name: 'Option 1' }).fill('दफ़्तर');
    await dialog.getByRole('textbox', { name: 'Option 2' }).fill('घर से');
    await expect.poll(() => dialog.getByRole('tab', { name: 'हिन्दी', exact: true }).isVisible()).toBe(true);
    await shot(page, 'form-translate-1280');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Edit Home city' }).click();
    await dialog.getByRole('tab', { name: 'हिन्दी (missing)' }).click();
    await dialog.getByRole('textbox', { name: 'Label' }).fill('घर का शहर');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => workRow.getByText('Translation missing').count()).toBe(0);

    // A document to read: its PDF uploaded from the dialog, opened from the preview.
    await page.getByRole('button', { name: 'Add a field to Incident' }).click();
    await dialog.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Document to read' }).click();
    await dialog.getByRole('textbox', { name: 'Label' }).fill('Our policy');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const policyLink = page.getByTestId('form-preview').getByRole('link', { name: 'Open the document' });
    await expect.poll(() => policyLink.getAttribute('href')).toContain('policy.pdf');

    // A locked field: the reason shown, no delete button; the server refuses the delete as well.
    const dateRow = page.getByTestId('form-field').filter({ hasText: 'Date of the incident' });
    await expect.poll(() => dateRow.getByTestId('locked').textContent()).toContain('Required by the complaint form');
    expect(await page.getByRole('button', { name: 'Delete Date of the incident' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit Date of the incident' }).count()).toBe(1);
    const got = await cms(token, 'GET', `/workflow/get/${id}`);
    const dateId = got.json.components.flatMap((c) => c.attributes).find((a) => a.key === 'INCIDENT_DATE')!.id;
    const refused = await cms<{ code: string }>(token, 'DELETE', `/attribute/delete/${dateId}`);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('ATTRIBUTE_LOCKED');

    // The preview in English: Home city appears only for Remote.
    const preview = page.getByTestId('form-preview');
    await expect.poll(() => preview.getByRole('textbox', { name: 'Home city' }).count()).toBe(0);
    await preview.getByRole('radio', { name: 'Remote' }).check();
    await expect.poll(() => preview.getByRole('textbox', { name: 'Home city' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await shot(page, 'form-1280-en');
    await context.close();

    // --- 360 px, Hindi ---
    const phone = await newPage(browser(), { mobile: true });
    await signInByApi(phone.page, acmeHost(), 'admin@acme.test');
    await phone.page.addInitScript(() => localStorage.setItem('compliance.language', 'hi'));
    await phone.page.goto(acmeUrl(`/workflows/${id}?tab=form&lang=hi`));
    await phone.page.getByRole('heading', { name: 'शिकायत फ़ॉर्म' }).waitFor();
    await settled(phone.page);
    const mobilePreview = phone.page.getByTestId('form-preview');
    await phone.page.getByRole('radio', { name: 'हिन्दी' }).check({ force: true });
    await expect.poll(() => mobilePreview.getByRole('radiogroup', { name: 'काम की व्यवस्था' }).isVisible()).toBe(true);
    await expect.poll(() => mobilePreview.getByRole('textbox', { name: 'घर का शहर' }).count()).toBe(0);
    await mobilePreview.getByRole('radio', { name: 'घर से' }).check();
    await expect.poll(() => mobilePreview.getByRole('textbox', { name: 'घर का शहर' }).isVisible()).toBe(true);
    await mobilePreview.getByRole('radio', { name: 'दफ़्तर' }).check();
    await expect.poll(() => mobilePreview.getByRole('textbox', { name: 'घर का शहर' }).count()).toBe(0);
    expect(await sideScroll(phone.page)).toBeLessThanOrEqual(0);
    await expectAccessible(phone.page);
    await shot(phone.page, 'form-360-hi');
    await phone.context.close();
  });
});

import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  dashboardHeading,
  expectAccessible,
  newPage,
  settled,
  signInByApi,
  useBrowser,
} from './browser.ts';
import { makePng } from './images.ts';

const browser = useBrowser();

/** A suffix that keeps this file's units and departments apart from the demo data and other runs. */
const tag = randomBytes(3).toString('hex');

async function signInAsAdmin(page: Page) {
  await signInByApi(page, acmeHost(), 'admin@acme.test');
  await page.goto(acmeUrl('/dashboard'));
  await dashboardHeading(page);
}

/** The HTTP status of a GET of `url` from the server (not the browser's cache), fetched by the page itself. */
const statusOf = (page: Page, url: string) =>
  page.evaluate((u) => fetch(u, { cache: 'no-store' }).then((r) => r.status), url);

/** The table row of a business unit or department. */
const row = (page: Page, testId: string) => page.getByTestId(testId);

describe('business units and departments', () => {
  it('an admin creates a unit, recolours it, moves the headquarters there and back, and is told why a unit with people cannot go', async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Business units' }).click();
    await page.getByRole('heading', { name: 'Business units', level: 1 }).waitFor();
    await row(page, 'unit-Mumbai').waitFor();
    await expectAccessible(page);

    const name = `Pune ${tag}`;
    await page.getByRole('button', { name: 'New business unit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByLabel('Colour').fill('#2B8A3E');
    // No field takes a logo by link (the server accepts only logos it stored itself); a new unit gets
    // its logo once it exists.
    expect(await dialog.getByRole('textbox', { name: /logo/i }).count()).toBe(0);
    await dialog.getByText('open it again to upload its logo').waitFor();
    await dialog.getByLabel('Address', { exact: true }).fill('FC Road, Pune');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'New business unit' }).click();
    await row(page, `unit-${name}`).waitFor();
    expect(await row(page, `unit-${name}`).textContent()).toContain('#2B8A3E');
    expect(await row(page, `unit-${name}`).locator('td').nth(2).textContent()).toBe('0');

    // A second unit with the same name, in another case, is refused by the server.
    await page.getByRole('button', { name: 'New business unit' }).click();
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name.toUpperCase());
    await dialog.getByRole('button', { name: 'New business unit' }).click();
    await dialog.getByText(/already exists/).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Recolour it.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog.getByLabel('Colour').fill('#C92A2A');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row(page, `unit-${name}`).textContent()).toContain('#C92A2A');
    // …and once more through the swatch, which changes only the colour.
    await page.getByRole('button', { name: `Change the colour of ${name}` }).click();
    const picker = page.getByRole('dialog');
    await picker.getByRole('textbox', { name: 'Colour' }).fill('#862E9C');
    await expectAccessible(page);
    await picker.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row(page, `unit-${name}`).textContent()).toContain('#862E9C');

    // Make it the headquarters: the badge moves from Bengaluru HQ.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog.getByLabel('Headquarters').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row(page, `unit-${name}`).textContent()).toContain('Headquarters');
    expect(await row(page, 'unit-Bengaluru HQ').textContent()).not.toContain('Headquarters');
    // …and back, so that the demo data stays as it was.
    await page.getByRole('button', { name: 'Edit Bengaluru HQ' }).click();
    await dialog.getByLabel('Headquarters').check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => row(page, 'unit-Bengaluru HQ').textContent()).toContain('Headquarters');

    // Mumbai has people: the refusal says so, and Mumbai stays.
    await page.getByRole('button', { name: 'Delete Mumbai' }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    const refusal = dialog.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/"Mumbai" still has \d+ users?/);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await row(page, 'unit-Mumbai').waitFor();

    // The new, empty unit can be deleted once confirmed.
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await row(page, `unit-${name}`).waitFor({ state: 'detached' });
    await context.close();
  });

  it('an admin uploads a unit’s logo, sees it in the table, replaces it, refused a non-image, and removes it', async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.goto(acmeUrl('/business-units'));
    await row(page, 'unit-Mumbai').waitFor();

    const name = `Logo ${tag}`;
    await page.getByRole('button', { name: 'New business unit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await dialog.getByRole('button', { name: 'New business unit' }).click();
    await row(page, `unit-${name}`).waitFor();
    expect(await row(page, `unit-${name}`).locator('img').count()).toBe(0);

    // Upload: the dialog previews it, and the table shows it at once.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    await dialog.getByText('No logo').waitFor();
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'unit.png', mimeType: 'image/png', buffer: makePng(64, 32, [200, 40, 40]) });
    const preview = dialog.getByTestId('unit-logo-preview');
    await preview.waitFor();
    const first = await preview.getAttribute('src');
    expect(first).toMatch(/^\/api\/workspace\/logo\/[0-9a-f-]{36}\/unit-\d{14}-[0-9a-f]{8}-[0-9a-f-]{36}\.png$/);
    await page.getByText(`The logo of ${name} was uploaded.`).waitFor();
    await expectAccessible(page);
    const tableLogo = row(page, `unit-${name}`).locator('img');
    await expect.poll(() => tableLogo.getAttribute('src')).toBe(first);
    await expect.poll(() => tableLogo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(64);

    // Replace it: a new address; the old file is gone.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'unit.png', mimeType: 'image/png', buffer: makePng(40, 40, [20, 40, 200]) });
    await expect.poll(() => preview.getAttribute('src')).not.toBe(first);
    const second = await preview.getAttribute('src');
    await expect.poll(() => tableLogo.getAttribute('src')).toBe(second);
    expect(await statusOf(page, first!)).toBe(404);

    // A file that is not an image: the server's refusal is shown, the logo stays.
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('just text, not a picture') });
    await dialog
      .getByRole('alert')
      .getByText(/PNG, JPEG or WebP/)
      .waitFor();
    expect(await preview.getAttribute('src')).toBe(second);

    // Remove it, then delete the unit.
    await dialog.getByRole('button', { name: 'Remove logo' }).click();
    await dialog.getByText('No logo').waitFor();
    await expect.poll(() => row(page, `unit-${name}`).locator('img').count()).toBe(0);
    expect(await statusOf(page, second!)).toBe(404);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row(page, `unit-${name}`).count()).toBe(0);
    await context.close();
  });

  it('an admin creates, renames and deletes a department and adds and removes a manager', async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Departments' }).click();
    await page.getByRole('heading', { name: 'Departments', level: 1 }).waitFor();
    // Workspace admins start with every business unit.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Business unit' }).inputValue())
      .toBe('All Business Units');
    await row(page, 'department-Operations').waitFor();
    await expectAccessible(page);

    // With every unit in view, a new department still starts in one unit (the headquarters), not in every unit.
    await page.getByRole('button', { name: 'New department' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('combobox', { name: 'Create in' }).inputValue())
      .toBe('Bengaluru HQ');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Only Mumbai's departments.
    await page.getByRole('combobox', { name: 'Business unit' }).click();
    await page.getByRole('option', { name: 'Mumbai' }).click();
    await row(page, 'department-Engineering').waitFor({ state: 'detached' });
    await row(page, 'department-Operations').waitFor();

    const name = `Quality ${tag}`;
    await page.getByRole('button', { name: 'New department' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Create in' }).inputValue()).toBe('Mumbai');
    await dialog.getByRole('button', { name: 'New department' }).click();
    await row(page, `department-${name}`).waitFor();

    const renamed = `Quality Assurance ${tag}`;
    await page.getByRole('button', { name: `Rename ${name}` }).click();
    await dialog.getByRole('textbox', { name: /^New name/ }).fill(renamed);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await row(page, `department-${renamed}`).waitFor();

    // Managers: none yet; choose a member, then remove them.
    await page.getByRole('button', { name: `Managers of ${renamed}` }).click();
    await dialog.getByText('This department has no managers yet.', { exact: false }).waitFor();
    await dialog.getByRole('combobox', { name: 'Member' }).fill('Asha');
    await page.getByRole('option', { name: /Asha Rao/ }).click();
    await dialog.getByRole('button', { name: 'Add manager' }).click();
    await dialog.getByText('Asha Rao').waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Remove Asha Rao as manager' }).click();
    await dialog.getByText('This department has no managers yet.', { exact: false }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Delete ${renamed}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await row(page, `department-${renamed}`).waitFor({ state: 'detached' });
    await context.close();
  });

  it('a business-unit admin manages only its own unit’s departments and has no business-unit page', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'branchadmin@acme.test');
    await page.goto(acmeUrl('/dashboard'));
    await dashboardHeading(page);
    await page.getByRole('link', { name: 'Departments' }).waitFor();
    expect(await page.getByRole('link', { name: 'Business units' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Departments' }).click();
    // Other roles start on their first business unit; a branch admin has only its own.
    await expect.poll(() => page.getByRole('combobox', { name: 'Business unit' }).inputValue()).toBe('Mumbai');
    await row(page, 'department-Operations').waitFor();
    expect(await page.getByTestId('department-Engineering').count()).toBe(0);
    await page.getByRole('combobox', { name: 'Business unit' }).click();
    expect(await page.getByRole('option', { name: 'All Business Units' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await expectAccessible(page);
    await page.goto(acmeUrl('/business-units'));
    await page.getByRole('heading', { name: 'This page is not available to you' }).waitFor();
    await context.close();
  });

  it('fits a 360-pixel screen', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await signInAsAdmin(page);
    for (const path of ['/business-units', '/departments']) {
      await page.goto(acmeUrl(path));
      await page.getByRole('table').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );

      await expectAccessible(page);
    }
    // In Hindi too, a new department starts in the headquarters while every unit is in view.
    await page.evaluate(() => window.localStorage.setItem('compliance.language', 'hi'));
    await page.reload();
    await page.getByRole('button', { name: 'नया विभाग' }).click();
    await expect
      .poll(() => page.getByRole('dialog').getByRole('combobox', { name: 'कहाँ बनाएँ' }).inputValue())
      .toBe('Bengaluru HQ');
    await settled(page);
    await expectAccessible(page);
    await context.close();
  });
});

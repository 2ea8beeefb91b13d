import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeToken,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  newPage,
  settled,
  sideScroll,
  signInByApi,
  useBrowser,
} from './browser.ts';

/**
 * Filing a complaint (issue 26), end to end on a phone in Hindi: an Acme employee opens "My
 * complaints", unlocks her key (the first time: the recovery code, confirmed), starts the POSH
 * complaint, fills it with an evidence PDF, leaves, comes back to the saved draft, sends it, and
 * reads the receipt with the reference and the next step's date and section. Axe-clean throughout.
 */
const browser = useBrowser();
const stamp = Date.now().toString(36);
const PDF = Buffer.from(`%PDF-1.4\n% evidence ${stamp}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`);

type TRegister = {
  committees: Array<{ id: string; kind: string; workspaceWide: boolean }>;
  units: Array<{ id: string; name: string }>;
};

/** Acme's demo data has the Internal Committee of Bengaluru HQ (issue 26), which handles her complaint. */
async function ensureCommittee() {
  const admin = await acmeToken('admin@acme.test');
  const register = await api<TRegister>(acmeHost(), 'GET', '/api/committee/register', { token: admin });
  expect(register.status).toBe(200);
  expect(register.json.committees.some((c) => c.kind === 'INTERNAL_COMMITTEE')).toBe(true);
}

describe('filing a complaint', () => {
  it('at 360 px in Hindi: unlock, fill the POSH form with evidence, leave, come back, send, read the receipt', async () => {
    await ensureCommittee();
    const { context, page } = await newPage(browser(), { mobile: true });
    await signInByApi(page, acmeHost(), 'employee@acme.test');
    await page.addInitScript(() => localStorage.setItem('compliance.language', 'hi'));

    await page.goto(acmeUrl('/complaints'));
    await page.getByRole('heading', { level: 1, name: 'मेरी शिकायतें' }).waitFor();
    // Nothing about a complaint in the tab's title; the quick exit is there.
    expect(await page.title()).not.toMatch(/शिकायत|omplaint/);
    await page.getByTestId('quick-exit').waitFor();
    await settled(page);
    await expectAccessible(page);

    await page.getByRole('link', { name: 'शिकायत दर्ज करें' }).click();
    // The key: her sign-in password opens it (the first time, it is set up and a recovery code shown).
    await page.getByLabel('आपका साइन-इन पासवर्ड').fill(DEMO_PASSWORD);
    await expectAccessible(page);
    await page.locator('form button[type="submit"]').click();
    const code = page.locator('pre, code').filter({ hasText: /\d{4}-\d{4}/ });
    const choice = page.getByTestId('complaint-form-choice').first();
    await expect
      .poll(async () => (await code.count()) > 0 || (await choice.count()) > 0, { timeout: 15_000 })
      .toBe(true);
    if ((await code.count()) > 0) {
      expect(await code.first().textContent()).toMatch(/^\d{4}(-\d{4}){7}$/);
      await expectAccessible(page);
      await page.getByRole('checkbox', { name: 'मैंने अपना रिकवरी कोड सहेज लिया है' }).check();
      await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
    }
    await choice.waitFor();
    await expectAccessible(page);
    await choice.getByRole('button').click();
    await page.waitForURL(/\/complaints\/draft\/[0-9a-f-]{36}$/);
    const draftUrl = page.url();

    // The form (the builder's renderer), in Hindi; the answers are saved as she writes.
    await page.locator('#complaint-COMPLAINANT_NAME').fill('राहुल शर्मा');
    await page.locator('#complaint-COMPLAINANT_EMAIL').fill('employee@acme.test');
    await page.locator('#complaint-INCIDENT_DETAILS').fill(`बैठक के बाद उन्होंने मेरे बारे में टिप्पणियाँ कीं ${stamp}`);
    const tenDaysAgo = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    await page.locator('#complaint-INCIDENT_DATE').fill(tenDaysAgo);
    const chooser = page.waitForEvent('filechooser');
    await page.locator('#complaint-EVIDENCE').click();
    await (await chooser).setFiles({ name: 'सबूत.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByTestId('uploaded-file').filter({ hasText: 'सबूत.pdf' }).waitFor();
    await expect.poll(() => page.getByTestId('save-state').textContent(), { timeout: 15_000 }).toBe('सेव हो गया');
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await settled(page);
    await expectAccessible(page);

    // She leaves, and comes back to her draft from the list.
    await page.goto(acmeUrl('/complaints'));
    const card = page.getByTestId('my-case').filter({ hasText: 'शिकायत का ड्राफ़्ट' }).first();
    await card.waitFor();
    await card.getByRole('link', { name: 'ड्राफ़्ट जारी रखें' }).click();
    await page.waitForURL(draftUrl);
    await expect.poll(() => page.locator('#complaint-INCIDENT_DETAILS').inputValue()).toContain(stamp);
    await page.getByTestId('uploaded-file').filter({ hasText: 'सबूत.pdf' }).waitFor();

    // She sends it: the receipt says the reference, the committee and what happens next, by when, under which section.
    await page.getByRole('button', { name: 'शिकायत भेजें' }).click();
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    await receipt.getByRole('heading', { name: 'आपकी शिकायत दर्ज हो गई है' }).waitFor();
    expect(await page.getByTestId('receipt-reference').textContent()).toMatch(/^C-\d{4}-\d{4}$/);
    expect(await receipt.textContent()).toContain('देखने वाली समिति');
    const next = (await page.getByTestId('receipt-next').textContent()) ?? '';
    expect(next).toMatch(/तक/);
    expect(next).toMatch(/Rule|s\.\d/);
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // The quick exit replaces the page (nothing to go back to).
    await page.route('https://www.google.com/**', (route) => route.fulfill({ status: 200, body: 'search' }));
    await page.getByTestId('quick-exit').click();
    await page.waitForURL(/google\.com/);
    await context.close();
  });
});

import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeToken,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  lmsCall,
  newPage,
  platformHost,
  settled,
  sideScroll,
  signInByApi,
  useBrowser,
} from './browser.ts';

/**
 * The compliance register (issue 24), end to end: the operator adds a monthly obligation to the
 * catalogue, the register job puts it (and the demo catalogue's) in Acme's register. The admin gives an obligation an owner (Rahul, an employee) and
 * a reviewer (Asha, the admin) with the people picker; the owner records evidence for an occurrence
 * (a PDF: a wrong type and a file that only pretends to be a PDF are refused first, each with its
 * reason), the reviewer downloads and approves it. At 1280 px in English, then again at 360 px in
 * Hindi for the next occurrence; axe on every page, nothing wider than the phone.
 */
const browser = useBrowser();
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/e2e-shots';

type TAnswer = {
  answerId: string;
  obligation: { id: string; title: string; kind: string; evidenceSource: string; retired: boolean };
  unit: { id: string; name: string } | null;
  applies: boolean;
  notApplicable: boolean;
  actions: string[];
};
type TOccurrenceRow = { id: string; status: string; dueDate: string; actions: string[] };

/** A small, real PDF (its bytes start with %PDF-, as the server checks). */
function aPdf(text: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );
}
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Calls `probe` every second until it answers something, for at most `ms`. */
async function eventually<T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** This run's obligation: monthly, for the whole workspace, in every Indian workspace, evidence by upload. */
const KEY = `E2E.NOTICE_BOARD.${Date.now().toString(36).toUpperCase()}`;
const TITLE = 'Check that the notice board shows the penalties and the order';
const TITLE_HI = 'जाँचें कि सूचना पट्ट पर दंड और आदेश लगे हैं';

/**
 * The operator adds an obligation to the catalogue (the catalogue's create call): the register job
 * then runs for every Indian workspace, Acme's among them, and generates its occurrences.
 */
async function addObligation(): Promise<void> {
  const signin = await api<{ accessToken: string }>(platformHost(), 'POST', '/api/user/signin', {
    body: { userEmail: 'operator@platform.test', userPassword: DEMO_PASSWORD },
  });
  expect(signin.status).toBe(200);
  const token = signin.json.accessToken;
  const categories = await api<{ content: { id: string }[] }>(
    platformHost(),
    'GET',
    '/lms/api/admin/compliance-category/all?pageNo=0',
    { token },
  );
  expect(categories.status).toBe(200);
  const created = await api(platformHost(), 'POST', '/lms/api/admin/compliance/create', {
    token,
    body: {
      key: KEY,
      categoryId: categories.json.content[0]!.id,
      country: 'IN',
      jurisdictionId: null,
      law: 'POSH Act, 2013',
      section: 's.19(b)',
      title: { en: TITLE, hi: TITLE_HI },
      description: {
        en: 'Each month, check that the penalties and the order constituting the Internal Committee are displayed where everyone sees them.',
        hi: 'हर महीने जाँचें कि दंड और आंतरिक समिति के गठन का आदेश ऐसी जगह लगे हैं जहाँ सब देख सकें।',
      },
      evidence: { en: 'A photograph or scan of the notice board.', hi: 'सूचना पट्ट की फ़ोटो या स्कैन।' },
      kind: 'PERIODIC',
      recurrence: { every: 1, unit: 'MONTH', alignTo: 'CALENDAR_YEAR' },
      dueRule: { anchor: 'PERIOD_END', offset: 0, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: null },
      applicability: { minHeadcount: null, maxHeadcount: null, jurisdictionCodes: [] },
      scope: 'WORKSPACE',
      evidenceSource: 'NONE',
    },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
}

/** Waits until the register job has put this run's obligation in Acme's register. */
function anObligation(token: string): Promise<TAnswer> {
  return eventually('the register job to put the obligation in Acme’s register', 90_000, async () => {
    const all = await lmsCall<(TAnswer & { obligation: { key: string } })[]>(
      token,
      'GET',
      '/compliance/register/obligations',
    );
    return all.find((a) => a.obligation.key === KEY && a.applies && a.actions.includes('assign'));
  });
}

/** The occurrences of an obligation open for evidence, earliest first (waits for the job to generate them). */
function openOccurrences(token: string, obligationId: string): Promise<TOccurrenceRow[]> {
  return eventually('the occurrences of the obligation', 60_000, async () => {
    const page = await lmsCall<{ content: TOccurrenceRow[] }>(
      token,
      'GET',
      `/compliance/register/occurrences?status=ALL&obligationId=${obligationId}`,
    );
    const rows = page.content.filter((o) => o.status === 'OPEN').sort((a, b) => a.dueDate.localeCompare(b.dueDate));
    return rows.length > 0 ? rows : undefined;
  });
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/compliance-${name}.png`, fullPage: true });
}

async function inHindi(page: Page) {
  await page.addInitScript(() => localStorage.setItem('compliance.language', 'hi'));
}

/** Picks a person in a typeahead: types, then chooses the option that starts with `name`. */
async function pick(page: Page, label: string, search: string, name: string) {
  const box = page.getByRole('dialog').getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
}

describe('the compliance register', () => {
  let adminToken = '';
  let answer: TAnswer;
  let occurrences: TOccurrenceRow[] = [];

  beforeAll(async () => {
    adminToken = await acmeToken('admin@acme.test');
    await addObligation();
    answer = await anObligation(adminToken);
  }, 120_000);

  it('at 1280 px in English: the admin assigns, the owner records a PDF, the reviewer downloads and approves', async () => {
    // The admin: the register, grouped by unit, with the reason each obligation applies.
    const admin = await newPage(browser());
    try {
      await signInByApi(admin.page, acmeHost(), 'admin@acme.test');
      await admin.page.goto(acmeUrl('/compliance'));
      await admin.page.getByRole('heading', { name: 'Compliance register', level: 1 }).waitFor();
      const card = admin.page.locator(`[data-answer-id="${answer.answerId}"]`);
      await card.waitFor();
      await expect.poll(() => card.textContent()).toContain('→');
      await expectAccessible(admin.page);
      await shot(admin.page, 'register-en-1280');

      // Not applicable needs a justification: a short one is refused before anything is sent.
      await card.getByRole('button', { name: 'Mark not applicable' }).click();
      const naDialog = admin.page.getByRole('dialog', { name: 'Mark this obligation not applicable' });
      await naDialog.getByLabel('Justification').fill('No.');
      await naDialog.getByRole('button', { name: 'Mark not applicable' }).click();
      await naDialog.getByText('Write at least 10 characters.').waitFor();
      await settled(admin.page);
      await expectAccessible(admin.page);
      await naDialog.getByRole('button', { name: 'Cancel' }).click();
      await naDialog.waitFor({ state: 'detached' });

      // Owner and reviewer, with the people picker.
      await card.getByRole('button', { name: 'Owner and reviewer' }).click();
      const dialog = admin.page.getByRole('dialog', { name: 'Owner and reviewer' });
      await dialog.waitFor();
      await pick(admin.page, 'Owner', 'Rahul', 'Rahul Sharma');
      await pick(admin.page, 'Reviewer', 'Asha', 'Asha Rao');
      await settled(admin.page);
      await expectAccessible(admin.page);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => card.textContent()).toContain('Rahul Sharma');
      expect(await card.textContent()).toContain('Asha Rao');

      // The occurrences of that obligation.
      occurrences = await openOccurrences(adminToken, answer.obligation.id);
      await card.getByRole('link', { name: 'See its due dates' }).click();
      await admin.page.getByRole('tab', { name: 'Occurrences', selected: true }).waitFor();
      await admin.page.getByRole('combobox', { name: 'Show' }).click();
      await admin.page.getByRole('option', { name: 'All', exact: true }).click();
      await admin.page.getByTestId(`occurrence-${occurrences[0]!.id}`).waitFor();
      await expectAccessible(admin.page);
      await shot(admin.page, 'occurrences-en-1280');
    } finally {
      await admin.context.close();
    }

    const target = occurrences[0]!;
    const pdf = aPdf('the order constituting the committee');

    // The owner records the evidence.
    const owner = await newPage(browser());
    try {
      await signInByApi(owner.page, acmeHost(), 'employee@acme.test');
      await owner.page.goto(acmeUrl(`/compliance/occurrences/${target.id}`));
      await owner.page.getByRole('heading', { name: answer.obligation.title, level: 1 }).waitFor();
      await owner.page.getByRole('heading', { name: 'What is expected' }).waitFor();
      await expectAccessible(owner.page);
      const file = owner.page.locator('input[type="file"]');

      // A text file: refused here, with what is accepted.
      await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
      await owner.page.getByText('Upload a PDF, an image (PNG, JPEG) or an office document').waitFor();
      // A file that only says it is a PDF: refused by the server, which reads its bytes.
      await file.setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ not a pdf') });
      await owner.page.getByRole('button', { name: 'Record this evidence' }).click();
      const refused = owner.page.getByRole('alert').filter({ hasText: 'The evidence was not recorded' });
      await refused.waitFor();
      await expectAccessible(owner.page);

      // The real PDF, with a note.
      await file.setInputFiles({ name: 'committee-order.pdf', mimeType: 'application/pdf', buffer: pdf });
      await owner.page.getByLabel('Note').fill('Signed order, displayed at reception.');
      await owner.page.getByRole('button', { name: 'Record this evidence' }).click();
      const revision = owner.page.getByTestId('evidence-1');
      await revision.waitFor();
      await expect.poll(() => revision.textContent()).toContain('committee-order.pdf');
      expect(await revision.textContent()).toContain(sha256(pdf));
      expect(await revision.textContent()).toContain('Signed order, displayed at reception.');
      expect(await revision.textContent()).toContain('Rahul Sharma');
      await expect.poll(() => owner.page.getByTestId('occurrence-status').textContent()).toContain('Awaiting review');
      // The owner does not review their own evidence: no review form.
      expect(await owner.page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await expectAccessible(owner.page);
      await shot(owner.page, 'occurrence-owner-en-1280');
    } finally {
      await owner.context.close();
    }

    // The reviewer downloads the file and approves.
    const reviewer = await newPage(browser());
    try {
      await signInByApi(reviewer.page, acmeHost(), 'admin@acme.test');
      await reviewer.page.goto(acmeUrl(`/compliance/occurrences/${target.id}`));
      await reviewer.page.getByRole('heading', { name: 'Review', level: 2, exact: true }).waitFor();
      await expectAccessible(reviewer.page);
      const [download] = await Promise.all([
        reviewer.page.waitForEvent('download'),
        reviewer.page.getByRole('button', { name: 'Download revision 1' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe('committee-order.pdf');
      await reviewer.page.getByRole('button', { name: 'Approve' }).click();
      await expect.poll(() => reviewer.page.getByTestId('occurrence-status').textContent()).toContain('Approved');
      await reviewer.page.getByText('Revision 1 approved').waitFor();
      expect(await reviewer.page.getByRole('button', { name: 'Approve' }).count()).toBe(0);
      await expectAccessible(reviewer.page);
      await shot(reviewer.page, 'occurrence-approved-en-1280');

      // The calendar: the month grid, keyboard navigable, and the personal feed.
      await reviewer.page.goto(acmeUrl('/compliance/calendar'));
      await reviewer.page.getByRole('heading', { name: 'Calendar of due dates', level: 1 }).waitFor();
      const today = reviewer.page.locator('td[tabindex="0"]');
      await today.focus();
      const before = await today.getAttribute('data-day');
      await reviewer.page.keyboard.press('ArrowRight');
      await expect
        .poll(() => reviewer.page.evaluate(() => document.activeElement?.getAttribute('data-day')))
        .not.toBe(before);
      await reviewer.page.getByText('The feed carries the titles and due dates only').waitFor();
      await reviewer.page.getByRole('button', { name: 'Create a feed address' }).click();
      const address = reviewer.page.getByLabel('Your feed address');
      await address.waitFor();
      expect(await address.inputValue()).toMatch(/\/compliance\/calendar\/feed\/[A-Za-z0-9_-]+\.ics$/);
      await expectAccessible(reviewer.page);
      await shot(reviewer.page, 'calendar-en-1280');
      await reviewer.page.getByRole('button', { name: 'Revoke the address' }).click();
      await reviewer.page
        .getByRole('dialog', { name: 'Revoke your feed address?' })
        .getByRole('button', { name: 'Revoke the address' })
        .click();
      await reviewer.page.getByText('You have no feed address.').waitFor();
    } finally {
      await reviewer.context.close();
    }
  }, 240_000);

  it('at 360 px in Hindi: the owner records a PDF for the next occurrence and the reviewer approves it', async () => {
    const target = occurrences[1] ?? occurrences[0]!;
    expect(occurrences.length, 'a periodic obligation has a next occurrence').toBeGreaterThan(1);
    const pdf = aPdf('the annual awareness programme');

    const owner = await newPage(browser(), { mobile: true });
    try {
      await inHindi(owner.page);
      await signInByApi(owner.page, acmeHost(), 'employee@acme.test');
      await owner.page.goto(acmeUrl('/compliance?view=occurrences'));
      await owner.page.getByRole('heading', { name: 'अनुपालन रजिस्टर', level: 1 }).waitFor();
      // The owner sees only what they own or review: this obligation's due dates among them.
      await owner.page.getByTestId(`occurrence-${target.id}`).waitFor();
      expect(await sideScroll(owner.page)).toBeLessThanOrEqual(0);
      await expectAccessible(owner.page);
      await shot(owner.page, 'occurrences-hi-360');

      await owner.page.goto(acmeUrl(`/compliance/occurrences/${target.id}`));
      await owner.page.getByRole('heading', { name: 'क्या अपेक्षित है' }).waitFor();
      await owner.page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'programme.pdf', mimeType: 'application/pdf', buffer: pdf });
      await owner.page.getByRole('button', { name: 'यह साक्ष्य दर्ज करें' }).click();
      const revision = owner.page.getByTestId('evidence-1');
      await revision.waitFor();
      expect(await revision.textContent()).toContain(sha256(pdf));
      await expect
        .poll(() => owner.page.getByTestId('occurrence-status').textContent())
        .toContain('समीक्षा की प्रतीक्षा में');
      expect(await sideScroll(owner.page)).toBeLessThanOrEqual(0);
      await expectAccessible(owner.page);
      await shot(owner.page, 'occurrence-owner-hi-360');
    } finally {
      await owner.context.close();
    }

    const reviewer = await newPage(browser(), { mobile: true });
    try {
      await inHindi(reviewer.page);
      await signInByApi(reviewer.page, acmeHost(), 'admin@acme.test');
      await reviewer.page.goto(acmeUrl(`/compliance/occurrences/${target.id}`));
      await reviewer.page.getByRole('heading', { name: 'समीक्षा', level: 2, exact: true }).waitFor();
      await expectAccessible(reviewer.page);
      await reviewer.page.getByRole('button', { name: 'स्वीकृत करें' }).click();
      await expect.poll(() => reviewer.page.getByTestId('occurrence-status').textContent()).toContain('स्वीकृत');
      await reviewer.page.getByText('संशोधन 1 स्वीकृत').waitFor();
      expect(await sideScroll(reviewer.page)).toBeLessThanOrEqual(0);
      await expectAccessible(reviewer.page);
      await shot(reviewer.page, 'occurrence-approved-hi-360');

      // The register and the calendar (its list: the phone's view) fit the phone too.
      await reviewer.page.goto(acmeUrl('/compliance'));
      await reviewer.page.locator(`[data-answer-id="${answer.answerId}"]`).waitFor();
      expect(await sideScroll(reviewer.page)).toBeLessThanOrEqual(0);
      await expectAccessible(reviewer.page);
      await shot(reviewer.page, 'register-hi-360');
      await reviewer.page.goto(acmeUrl('/compliance/calendar'));
      await reviewer.page.getByRole('heading', { name: 'नियत तिथियों का कैलेंडर', level: 1 }).waitFor();
      await reviewer.page.getByRole('heading', { name: 'आपकी कैलेंडर फ़ीड' }).waitFor();
      expect(await reviewer.page.locator('table').count()).toBe(0);
      expect(await sideScroll(reviewer.page)).toBeLessThanOrEqual(0);
      await expectAccessible(reviewer.page);
      await shot(reviewer.page, 'calendar-hi-360');
    } finally {
      await reviewer.context.close();
    }
  }, 240_000);
});

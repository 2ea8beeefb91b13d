import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeToken,
  acmeUrl,
  api,
  expectAccessible,
  globexHost,
  globexUrl,
  newPage,
  settled,
  sideScroll,
  signInByApi,
  useBrowser,
} from './browser.ts';

/**
 * Complaint workflows (issue 25), end to end: at 1280 px in English an Acme admin builds a workflow
 * from scratch through the three tabs (Process Details, Complaint Form, Stages of Redressal) and
 * publishes it, letting the missing translations fall back to English; then each template (POSH on
 * Acme, Canada on Globex) is started, a statutory step is refused removal, version 1 is published,
 * version 2 is started, edited and published, and the history shows both with what changed; once at
 * 360 px in Hindi.
 */
const browser = useBrowser();
const stamp = Date.now().toString(36);

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
  }
}

type TBuilder = {
  workflow: { id: string; status: string; latestVersion: number | null };
  stages: Array<{
    steps: Array<{ key: string; title: Record<string, string>; statutory: { reference: string } | null }>;
  }>;
};

/** The words of the pages in one language (what the admin reads). */
type Words = {
  newWorkflow: string;
  scratch: string;
  name: string;
  law: string;
  india: string;
  createOpen: string;
  tabs: { process: string; form: string; stages: string };
  publish: string;
  published: (n: number) => string;
  publishedBadge: (n: number) => string;
  startVersion: (n: number) => string;
  draftOf: (n: number) => string;
  description: (language: string) => string;
  save: string;
  saved: string;
  changeNote: string;
  history: string;
  version: (n: number) => string;
  remove: (title: string) => string;
  confirmRemove: string;
  cancel: string;
  fallback: string;
};
const EN: Words = {
  newWorkflow: 'New workflow',
  scratch: 'From scratch',
  name: 'Name',
  law: 'Law',
  india: 'India: POSH Act, 2013',
  createOpen: 'Create and open',
  tabs: { process: 'Process Details', form: 'Complaint Form', stages: 'Stages of Redressal' },
  publish: 'Publish',
  published: (n) => `Published as version ${n}.`,
  publishedBadge: (n) => `Published v${n}`,
  startVersion: (n) => `Start version ${n}`,
  draftOf: (n) => `Draft of v${n}`,
  description: (language) => `Description (${language})`,
  save: 'Save process details',
  saved: 'Process details saved.',
  changeNote: 'What changed',
  history: 'Version history',
  version: (n) => `Version ${n}`,
  remove: (title) => `Delete: ${title}`,
  confirmRemove: 'Delete',
  cancel: 'Cancel',
  fallback: 'Publish with English as fallback',
};
const HI: Words = {
  ...EN,
  newWorkflow: 'नई प्रक्रिया',
  scratch: 'शुरू से',
  name: 'नाम',
  law: 'क़ानून',
  createOpen: 'बनाएँ और खोलें',
  tabs: { process: 'प्रक्रिया विवरण', form: 'शिकायत फ़ॉर्म', stages: 'निवारण के चरण' },
  publish: 'प्रकाशित करें',
  published: (n) => `संस्करण ${n} के रूप में प्रकाशित।`,
  publishedBadge: (n) => `प्रकाशित v${n}`,
  startVersion: (n) => `संस्करण ${n} शुरू करें`,
  draftOf: (n) => `v${n} का ड्राफ़्ट`,
  description: (language) => `विवरण (${language})`,
  save: 'प्रक्रिया विवरण सेव करें',
  saved: 'प्रक्रिया विवरण सेव हो गया।',
  changeNote: 'क्या बदला',
  history: 'संस्करण इतिहास',
  version: (n) => `संस्करण ${n}`,
  remove: (title) => `हटाएँ: ${title}`,
  confirmRemove: 'हटाएँ',
  cancel: 'रद्द करें',
};

/** Opens the create dialog from the list (its button, or the empty state's "from scratch"). */
async function openCreate(page: Page, w: Words) {
  const button = page.getByRole('button', { name: w.newWorkflow });
  await button.waitFor();
  await button.click();
  await page.getByRole('dialog').waitFor();
}

/** Creates a workflow from the dialog: from a template (its name as the radio shows it) or from scratch (India). */
async function create(page: Page, w: Words, name: string, template: string | null): Promise<string> {
  await openCreate(page, w);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: w.name }).fill(name);
  if (template) {
    await dialog.getByRole('radio', { name: template }).check();
  } else {
    await dialog.getByRole('radio', { name: w.scratch }).check();
    await dialog.getByRole('combobox', { name: w.law }).click();
    await page.getByRole('option', { name: w.india }).click();
  }
  await settled(page);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: w.createOpen }).click();
  await page.waitForURL(/\/workflows\/[0-9a-f-]{36}$/);
  const id = new URL(page.url()).pathname.split('/').pop()!;
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return id;
}

/** Publishes from the header's dialog with a change note; lets translations fall back when only they are missing. */
async function publish(page: Page, w: Words, n: number, note: string) {
  await page.getByRole('button', { name: w.publish, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: w.changeNote }).fill(note);
  await dialog.getByRole('button', { name: w.publish, exact: true }).click();
  const done = page.getByText(w.published(n)).first();
  const fallback = dialog.getByRole('button', { name: w.fallback });
  await expect.poll(async () => (await done.isVisible()) || (await fallback.isVisible())).toBe(true);
  if (await fallback.isVisible()) {
    // Only translations are missing: every problem listed is one, each naming where it is.
    const problems = page.getByTestId('publish-problems').locator('[data-problem]');
    expect(await problems.count()).toBeGreaterThan(0);
    expect(new Set(await problems.evaluateAll((li) => li.map((l) => l.getAttribute('data-problem'))))).toEqual(
      new Set(['TRANSLATION_MISSING']),
    );
    await settled(page);
    await expectAccessible(page);
    await fallback.click();
    await done.waitFor();
  }
  await page.getByTestId('published-notice').waitFor();
  await expect.poll(() => page.getByTestId('workflow-status').first().textContent()).toBe(w.publishedBadge(n));
}

/** Tries to delete a statutory step on the Stages tab: the confirmation explains, the server refuses. */
async function statutoryStepRefused(page: Page, w: Words, title: string) {
  await page.getByRole('tab', { name: w.tabs.stages }).click();
  await page.getByRole('button', { name: w.remove(title) }).click();
  const dialog = page.getByRole('dialog');
  // The confirmation says why before anything is sent; confirming anyway, the server refuses.
  const why = (await dialog.textContent()) ?? '';
  await dialog.getByRole('button', { name: w.confirmRemove, exact: true }).click();
  await expect.poll(() => dialog.getByRole('alert').count()).toBe(1);
  const refusal = `${why} ${(await dialog.getByRole('alert').textContent()) ?? ''}`;
  await dialog.getByRole('button', { name: w.cancel, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
  // Still there.
  await page.getByRole('button', { name: w.remove(title) }).waitFor();
  return refusal;
}

/** Starts version n from the published one, changes the description (a text only), publishes it, opens the history. */
async function secondVersion(page: Page, w: Words, language: string) {
  await page.getByRole('tab', { name: w.tabs.process }).click();
  await page.getByRole('button', { name: w.startVersion(2) }).click();
  await expect.poll(() => page.getByTestId('workflow-status').first().textContent()).toBe(w.draftOf(2));
  await page.getByRole('textbox', { name: w.description(language) }).fill(`Revised ${stamp}.`);
  await page.getByRole('button', { name: w.save }).click();
  await page.getByText(w.saved).first().waitFor();
  await publish(page, w, 2, 'Clearer description');
  await page.getByRole('link', { name: w.history }).click();
  await page.getByRole('heading', { level: 2, name: w.version(2) }).waitFor();
  await page.getByRole('heading', { level: 2, name: w.version(1) }).waitFor();
  const v2 = page.locator('[data-testid="version"][data-version="2"]');
  // Only a text changed: the same structure, marked "labels only", with what changed in words.
  await v2.getByTestId('label-only').waitFor();
  expect(await v2.getByText('Clearer description').count()).toBe(1);
  expect((await v2.getByTestId('version-diff').textContent()) ?? '').not.toBe('');
  expect(await v2.getByTestId('version-hash').textContent()).toMatch(/^[0-9a-f]{12}…$/);
  expect(await v2.getByTestId('version-cases').textContent()).toBe('—');
}

async function builderOf(host: string, token: string, id: string): Promise<TBuilder> {
  const res = await api<TBuilder>(host, 'GET', `/cms/api/workflow/get/${id}`, { token });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

const statutoryStep = (b: TBuilder) => b.stages.flatMap((s) => s.steps).find((s) => s.statutory !== null)!;

describe('complaint workflows', () => {
  it('at 1280 px: from scratch through the three tabs to version 1, translations falling back to English', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl('/workflows'));
    await page.getByRole('heading', { level: 1, name: 'Complaint workflows' }).waitFor();
    await settled(page);
    await expectAccessible(page);

    const name = `Scratch ${stamp}`;
    const id = await create(page, EN, name, null);

    // Process Details: a description, contractors too, a contact of our own.
    await page.getByRole('textbox', { name: EN.description('English') }).fill('How Acme handles a complaint.');
    await page.getByRole('checkbox', { name: 'Contractors' }).check();
    await page.getByRole('radio', { name: 'Someone else' }).check();
    await page.getByRole('textbox', { name: 'Contact name' }).fill('Meera Iyer');
    await page.getByRole('textbox', { name: 'Contact email' }).fill('meera.iyer@acme.test');
    // Unsaved: switching the tab asks first; stay, and save.
    await page.getByRole('tab', { name: EN.tabs.form }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: EN.save }).click();
    await page.getByText(EN.saved).first().waitFor();
    await expectAccessible(page);
    await shot(page, 'workflows-process-1280');

    // Complaint Form: the spec's default form is there; add a field of our own.
    await page.getByRole('tab', { name: EN.tabs.form }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('form');
    await page.getByRole('button', { name: 'Add a field to Complainant' }).click();
    const fieldDialog = page.getByRole('dialog');
    await fieldDialog.getByRole('textbox', { name: 'Label' }).fill('Employee number');
    await fieldDialog.getByRole('button', { name: 'Save' }).click();
    await fieldDialog.waitFor({ state: 'detached' });
    await page.getByTestId('form-field').filter({ hasText: 'Employee number' }).waitFor();

    // Stages of Redressal: a hearing (a meeting) in the first stage. The tab survives a reload.
    await page.getByRole('tab', { name: EN.tabs.stages }).click();
    await page.reload();
    await page.getByRole('tab', { name: EN.tabs.stages, selected: true }).waitFor();
    await page
      .getByRole('button', { name: /^Add a step to/ })
      .first()
      .click();
    await page
      .getByRole('textbox', { name: /^Title/ })
      .first()
      .fill('Hearing');
    await page.getByRole('button', { name: 'Add a step', exact: true }).click();
    const editor = page.getByRole('dialog');
    await editor.waitFor();
    await editor.getByRole('button', { name: 'Close' }).first().click();
    await editor.waitFor({ state: 'detached' });
    await settled(page);
    await expectAccessible(page);
    await shot(page, 'workflows-stages-1280');

    // Publish: the new texts have no Hindi (or other) translation yet, so English stands in.
    await publish(page, EN, 1, 'First version');
    const b = await builderOf(acmeHost(), await acmeToken('admin@acme.test'), id);
    expect(b.workflow).toMatchObject({ status: 'PUBLISHED', latestVersion: 1 });
    // Published: nothing can be changed.
    await page.getByRole('tab', { name: EN.tabs.process }).click();
    expect(await page.getByRole('textbox', { name: EN.name, exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: EN.save }).count()).toBe(0);
    await expectAccessible(page);
    await page.getByRole('link', { name: EN.history }).click();
    const v1 = page.locator('[data-testid="version"][data-version="1"]');
    await v1.waitFor();
    expect(await v1.getByText('Shown in English where a translation is missing').count()).toBe(1);
    await expectAccessible(page);
    await shot(page, 'workflows-history-scratch-1280');

    // The list shows it published, for the whole workspace.
    await page.goto(acmeUrl('/workflows'));
    const row = page.getByTestId('workflow-row').filter({ hasText: name });
    await expect.poll(() => row.getByTestId('workflow-status').textContent()).toBe('Published v1');
    expect(await row.textContent()).toContain('Whole workspace');
    await context.close();
  });

  it('at 1280 px: each template keeps its statutory steps, publishes, and is edited into version 2', async () => {
    for (const t of [
      { host: acmeHost(), url: acmeUrl, login: 'admin@acme.test', template: 'POSH Act inquiry', language: 'English' },
      {
        host: globexHost(),
        url: globexUrl,
        login: 'admin@globex.test',
        template: 'Canada harassment and violence resolution',
        language: 'English',
      },
    ]) {
      const { context, page } = await newPage(browser());
      await signInByApi(page, t.host, t.login);
      await page.goto(t.url('/workflows'));
      const name = `${t.template} ${stamp}`;
      const id = await create(page, EN, name, t.template);
      const signin = await api<{ accessToken: string }>(t.host, 'POST', '/api/user/signin', {
        body: { userEmail: t.login, userPassword: 'Demo@12345' },
      });
      const step = statutoryStep(await builderOf(t.host, signin.json.accessToken, id));
      const refusal = await statutoryStepRefused(page, EN, step.title.en!);
      expect(refusal).toContain(step.statutory!.reference);
      await shot(page, `workflows-statutory-${t.host.split('.')[0]}-1280`);
      await publish(page, EN, 1, 'From the template');
      await secondVersion(page, EN, t.language);
      await expectAccessible(page);
      await shot(page, `workflows-history-${t.host.split('.')[0]}-1280`);
      await context.close();
    }
  });

  it('at 360 px in Hindi: the POSH template, a statutory step refused, versions 1 and 2 and the history', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.addInitScript(() => localStorage.setItem('compliance.language', 'hi'));
    await page.goto(acmeUrl('/workflows'));
    await page.getByRole('heading', { level: 1, name: 'शिकायत प्रक्रियाएँ' }).waitFor();
    const name = `POSH हिन्दी ${stamp}`;
    const id = await create(page, HI, name, 'POSH अधिनियम जाँच');
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shot(page, 'workflows-builder-360-hi');

    const step = statutoryStep(await builderOf(acmeHost(), await acmeToken('admin@acme.test'), id));
    // The tabs edit the workflow's first language (English) until another is chosen.
    const refusal = await statutoryStepRefused(page, HI, step.title.en!);
    expect(refusal).toContain(step.statutory!.reference);
    await publish(page, HI, 1, 'टेम्पलेट से');
    await secondVersion(page, HI, 'English');
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await shot(page, 'workflows-history-360-hi');
    await context.close();
  });
});

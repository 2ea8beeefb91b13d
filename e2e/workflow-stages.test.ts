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
  signInByApi,
  useBrowser,
} from './browser.ts';

/**
 * The Stages of Redressal tab of the workflow builder (issue 25), end to end on Acme (India) as its
 * workspace admin: at 1280 px in English, a workflow built from scratch gets a stage, a meeting
 * step (the spec's required meeting fields shown, locked), an action step with a configured
 * notice, a deadline, and a prerequisite — and a cycle of prerequisites that another editor made
 * possible is refused with the steps named. Then, at 360 px in Hindi, the POSH template's
 * statutory step (copy to the respondent, Rule 7(2)) is refused on delete and on a later deadline;
 * and a published workflow's stages are shown read-only.
 */
const browser = useBrowser();
const stamp = Date.now().toString(36);

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/workflow-stages-${name}.png`, fullPage: true });
  }
}

type Builder = {
  workflow: { id: string };
  stages: { id: string; title: { en: string }; steps: { id: string; key: string; title: { en: string } }[] }[];
};

async function createWorkflow(token: string, body: Record<string, unknown>): Promise<Builder> {
  const res = await api<Builder>(acmeHost(), 'POST', '/cms/api/workflow/create', { token, body });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json;
}

/** Closes the step editor (its own close button: a notice has one too). */
async function closeDrawer(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
}

const stepOf = (b: Builder, title: string) => b.stages.flatMap((s) => s.steps).find((s) => s.title.en === title)!;

describe('the stages of redressal', () => {
  it('builds stages and steps with settings, meeting fields, actions and prerequisites; refuses a cycle (1280 px, English)', async () => {
    const token = await acmeToken('admin@acme.test');
    const created = await createWorkflow(token, { name: `Stages journey ${stamp}`, jurisdiction: 'IN_POSH' });
    const id = created.workflow.id;
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl(`/workflows/${id}?tab=stages`));
    await expect.poll(() => page.getByRole('heading', { name: /^Stage 1:/ }).count()).toBe(1);
    await expectAccessible(page);

    // A stage.
    await page.getByRole('button', { name: 'Add a stage' }).click();
    await page.getByLabel('Stage title (English)').fill('Hearings');
    await page.getByRole('button', { name: 'Add a stage' }).click();
    const hearings = page.getByRole('region', { name: 'Stage 2: Hearings' });
    await expect.poll(() => hearings.count()).toBe(1);

    // A meeting step: the editor opens on it; its meeting fields are the spec's, the required ones locked.
    await page.getByRole('button', { name: 'Add a step to “Hearings”' }).click();
    await hearings.getByLabel('Title (English)').fill('Hearing');
    await hearings.getByRole('button', { name: 'Add a step', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Step: Hearing' });
    await expect.poll(() => drawer.count()).toBe(1);
    await drawer.getByRole('tab', { name: 'Meeting fields' }).click();
    for (const label of ['Meeting title', 'Agenda', 'Starts at']) {
      await expect.poll(() => drawer.getByText(label, { exact: true }).count()).toBe(1);
    }
    await expect.poll(() => drawer.getByText('Required on every meeting').count()).toBe(6);
    expect(await drawer.getByRole('button', { name: 'Delete: Meeting title' }).count()).toBe(0);
    expect(await drawer.getByRole('button', { name: 'Delete: Minutes of the meeting' }).count()).toBe(1);
    // A custom field: a choice, its options keyed from their English labels.
    await drawer.getByRole('button', { name: 'Add a field' }).click();
    await drawer.getByRole('combobox', { name: 'Field type' }).click();
    await page.getByRole('option', { name: 'Choice' }).click();
    await drawer.getByLabel('Label (English)').fill('Held online?');
    await drawer.getByRole('button', { name: 'Add an option' }).click();
    await drawer.getByLabel('Option 1 (English)').fill('Yes, online');
    await drawer.getByRole('button', { name: 'Add an option' }).click();
    await drawer.getByLabel('Option 2 (English)').fill('In person');
    await drawer.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => drawer.getByRole('button', { name: 'Delete: Held online?' }).count()).toBe(1);
    await settled(page);
    await expectAccessible(page);

    // Its deadline: 10 working days after the complaint is received, Rule 7(3).
    await drawer.getByRole('tab', { name: 'Settings' }).click();
    await drawer.getByRole('switch', { name: 'This step has a deadline' }).click();
    await drawer.getByLabel('How long').fill('10');
    await drawer.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'Working days' }).click();
    await drawer.getByLabel('Legal reference').fill('Rule 7(3)');
    await drawer.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => hearings.getByText('10 working days after the complaint is received · Rule 7(3)').count())
      .toBe(1);
    await closeDrawer(page);

    // An action step with a configured notice.
    await page.getByRole('button', { name: 'Add a step to “Hearings”' }).click();
    await hearings
      .locator('label')
      .filter({ hasText: /^Action$/ })
      .click();
    await hearings.getByLabel('Title (English)').fill('Send notice');
    await hearings.getByRole('button', { name: 'Add a step', exact: true }).click();
    const notice = page.getByRole('dialog', { name: 'Step: Send notice' });
    await expect.poll(() => notice.count()).toBe(1);
    await notice.getByRole('tab', { name: 'Actions' }).click();
    await notice.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Notify people' }).click();
    await notice.getByRole('button', { name: 'Add an action' }).click();
    await expect.poll(() => notice.getByText('Settings needed').count()).toBe(1);
    await notice.getByLabel('Message (English)').fill('Your complaint was received. Open the case to read more.');
    await notice.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notice.getByText('Settings needed').count()).toBe(0);
    // A vote: its question written, its answers (Yes, No) as they start.
    await notice.getByRole('combobox', { name: 'Action' }).click();
    await page.getByRole('option', { name: 'Committee vote' }).click();
    await notice.getByRole('button', { name: 'Add an action' }).click();
    await notice.getByLabel('Question (English)').fill('Is the complaint proved?');
    await notice.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => notice.getByText('Settings needed').count()).toBe(0);

    // A prerequisite, made possible here, while another editor makes Hearing wait for Send notice.
    await notice.getByRole('tab', { name: 'Prerequisites' }).click();
    await notice.getByRole('combobox', { name: 'Step' }).click();
    await expect.poll(() => page.getByRole('option', { name: 'Hearing' }).count()).toBe(1);
    await page.getByRole('option', { name: 'Hearing' }).click();
    const now = (await api<Builder>(acmeHost(), 'GET', `/cms/api/workflow/get/${id}`, { token })).json;
    const other = await api(acmeHost(), 'POST', '/cms/api/workflow-prerequisite/add', {
      token,
      body: { stepId: stepOf(now, 'Hearing').id, requiresStepId: stepOf(now, 'Send notice').id },
    });
    expect(other.status).toBe(200);
    await notice.getByRole('button', { name: 'Add', exact: true }).click();
    const refusal = notice.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toContain('would wait for each other');
    expect(await refusal.textContent()).toMatch(
      /“Send notice” → “Hearing” → “Send notice”|“Hearing” → “Send notice” → “Hearing”/,
    );
    // The builder is read again: Hearing cannot be chosen any more.
    await expect.poll(() => notice.getByText('No other step can be chosen').count()).toBe(1);
    await shot(page, 'cycle-refused');
    await closeDrawer(page);

    // Hearing's prerequisite (the other editor's) removed here; then Send notice waits for Hearing.
    await page.getByRole('button', { name: 'Open the step “Hearing”' }).click();
    await drawer.getByRole('tab', { name: 'Prerequisites' }).click();
    await drawer.getByRole('button', { name: 'Remove the prerequisite “Send notice”' }).click();
    await expect.poll(() => drawer.getByText('No prerequisites').count()).toBe(1);
    await closeDrawer(page);
    await page.getByRole('button', { name: 'Open the step “Send notice”' }).click();
    await notice.getByRole('tab', { name: 'Prerequisites' }).click();
    await notice.getByRole('combobox', { name: 'Step' }).click();
    await page.getByRole('option', { name: 'Hearing' }).click();
    await notice.getByRole('button', { name: 'Add', exact: true }).click();
    await expect
      .poll(() => notice.getByRole('combobox', { name: 'Condition: Hearing' }).inputValue())
      .toBe('Completed');
    await settled(page);
    await expectAccessible(page);
    await closeDrawer(page);

    // Moved up by the keyboard: Send notice before Hearing.
    await page.getByRole('button', { name: 'Open the step “Send notice”' }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await expect
      .poll(() =>
        hearings.locator('li[data-step-key]').evaluateAll((li) => li.map((l) => l.getAttribute('data-step-key'))),
      )
      .toEqual([stepOf(now, 'Send notice').key, stepOf(now, 'Hearing').key]);

    // The stage renamed, moved first, and the empty one deleted.
    await hearings.getByRole('button', { name: 'Rename' }).click();
    await hearings.getByLabel('Stage title (English)').fill('Hearings and notice');
    await hearings.getByRole('button', { name: 'Save' }).click();
    const renamed = page.getByRole('region', { name: 'Stage 2: Hearings and notice' });
    await expect.poll(() => renamed.count()).toBe(1);
    await renamed.getByRole('button', { name: 'Move stage up' }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Stage 1: Hearings and notice' }).count()).toBe(1);
    await page
      .getByRole('region', { name: /^Stage 2:/ })
      .getByRole('button', { name: 'Delete stage' })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: /^Stage \d:/ }).count()).toBe(1);
    await shot(page, 'built');
    await context.close();
  });

  it('refuses removing a statutory step of the POSH template and a later deadline (360 px, Hindi)', async () => {
    const token = await acmeToken('admin@acme.test');
    const created = await createWorkflow(token, { name: `POSH stages ${stamp}`, template: 'POSH_INQUIRY' });
    const copy = created.stages
      .flatMap((s) => s.steps)
      .find((s) => s.title.en === 'Send the respondent a copy of the complaint');
    expect(copy, 'the POSH template has the Rule 7(2) step').toBeDefined();
    const { context, page } = await newPage(browser(), { mobile: true });
    await context.addInitScript(() => localStorage.setItem('compliance.language', 'hi'));
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl(`/workflows/${created.workflow.id}?tab=stages`));
    const row = page.locator(`li[data-step-key="${copy!.key}"]`);
    await expect.poll(() => row.getByText('वैधानिक · Rule 7(2)').count()).toBe(1);
    expect(await row.textContent()).toContain('शिकायत मिलने के 7 कार्य दिवस बाद · Rule 7(2)');
    await settled(page);
    await expectAccessible(page);
    await shot(page, 'posh-360-hi');

    // Delete: the dialog says why, and the server's refusal is shown in Hindi.
    await row.getByRole('button', { name: /^हटाएँ:/ }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.textContent()).toContain('कानून के अनुसार आवश्यक (Rule 7(2))');
    await dialog.getByRole('button', { name: 'हटाएँ' }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toBe('यह कदम कानून के अनुसार आवश्यक है (Rule 7(2)): इसे हटाया नहीं जा सकता।');
    await dialog.getByRole('button', { name: 'रद्द करें' }).click();
    expect(await row.count()).toBe(1);

    // A deadline later than the law allows: warned, then refused.
    await row.getByRole('button', { name: /खोलें/ }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: 'सेटिंग्स' }).click();
    await expect
      .poll(() => drawer.getByText('कानून अधिकतम शिकायत मिलने के 7 कार्य दिवस बाद की अनुमति देता है (Rule 7(2))।').count())
      .toBe(1);
    await drawer.getByLabel('कितना समय').fill('8');
    await expect.poll(() => drawer.getByText('यह कानून की अनुमति से बाद में है').count()).toBe(1);
    await drawer.getByRole('button', { name: 'सहेजें' }).click();
    await expect
      .poll(() => drawer.getByRole('alert').last().textContent())
      .toBe('यह कदम कानून के अनुसार आवश्यक है (Rule 7(2)): इसकी समय-सीमा कानून की अनुमति से बाद में नहीं हो सकती।');
    await settled(page);
    await expectAccessible(page);
    await shot(page, 'posh-360-hi-later');
    const after = (
      await api<{ stages: { steps: { key: string; settings: { dueRule: { offset: number } } }[] }[] }>(
        acmeHost(),
        'GET',
        `/cms/api/workflow/get/${created.workflow.id}`,
        { token },
      )
    ).json;
    expect(after.stages.flatMap((s) => s.steps).find((s) => s.key === copy!.key)!.settings.dueRule.offset).toBe(7);
    await context.close();
  });
  it('shows a published workflow read-only (1280 px, English)', async () => {
    const token = await acmeToken('admin@acme.test');
    const created = await createWorkflow(token, { name: `Published stages ${stamp}`, template: 'POSH_INQUIRY' });
    const published = await api(acmeHost(), 'POST', `/cms/api/workflow/publish/${created.workflow.id}`, {
      token,
      body: { allowFallback: true },
    });
    expect(published.status, JSON.stringify(published.json)).toBe(200);
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl(`/workflows/${created.workflow.id}?tab=stages`));
    await expect.poll(() => page.getByText('This version is published: nothing can be changed here.').count()).toBe(1);
    await expect.poll(() => page.getByRole('heading', { name: /^Stage 1:/ }).count()).toBe(1);
    for (const name of [/^Add a st/, /^Delete/, /^Rename/, /^Move/]) {
      expect(await page.getByRole('button', { name }).count(), String(name)).toBe(0);
    }
    // Everything is still shown: a step opens with its settings, nothing to save.
    await page.getByRole('button', { name: 'Open the step “Send the respondent a copy of the complaint”' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('tab', { name: 'Settings' }).click();
    expect(await drawer.getByLabel('How long').inputValue()).toBe('7');
    expect(await drawer.getByLabel('How long').getAttribute('readonly')).not.toBeNull();
    expect(await drawer.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await settled(page);
    await expectAccessible(page);
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  expectAccessible,
  newPage,
  signInByApi,
  signInWithForm,
  storedToken,
  useBrowser,
} from './browser.ts';
import { linkIn, nextMessage, outboxCount } from './outbox.ts';

const browser = useBrowser();

describe('invitations (administrator)', () => {
  it('invites one person, resends with a new link, and revokes', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl('/invitations'));
    await page.getByRole('heading', { name: 'Invitations', level: 1 }).waitFor();
    // The list, or its empty state when other journeys have used this unit's invitations.
    await page.getByRole('combobox', { name: 'Business unit' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Invite someone' }).first().isEnabled()).toBe(true);
    await expectAccessible(page);

    const email = `invitee-${Date.now()}@example.test`;
    await page.getByRole('button', { name: 'Invite someone' }).first().click();
    // A workspace admin starts on "All business units": the dialog asks for the unit (the headquarters first).
    const dialog = page.getByRole('dialog', { name: 'Invite someone', exact: true });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Give an email address or a phone number', { exact: true }).waitFor();
    expect(await dialog.getByRole('combobox', { name: 'Business unit' }).inputValue()).toBe('Bengaluru HQ');
    await expectAccessible(page);
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByLabel('First name').fill('Ishaan');
    await dialog.getByLabel('Last name').fill('Verma');
    await dialog.getByLabel('Department').click();
    await page.getByRole('option', { name: 'Engineering' }).click();
    await dialog.getByLabel('Designation').fill('Analyst');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();

    const row = page.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain('Engineering');
    const first = linkIn(await nextMessage(email, 0), '/signup');
    // The outbox delivered it: the row's badge turns from queued to sent without reloading the page.
    await row.getByText('Mail sent', { exact: true }).waitFor();

    // Inviting the same address again is refused with the reason.
    await page.getByRole('button', { name: 'Invite someone' }).first().click();
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByLabel('First name').fill('Ishaan');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('already has a pending invitation').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Resend: a new link; the old one stops working.
    const seen = await outboxCount(email);
    await row.getByRole('button', { name: 'Resend' }).click();
    await page.getByText(`A new invitation link was sent to ${email}.`).waitFor();
    const second = linkIn(await nextMessage(email, seen), '/signup');
    expect(second).not.toBe(first);
    const old = await newPage(browser());
    await old.page.goto(first);
    await old.page.getByRole('heading', { name: /not valid|does not exist|not found/i }).waitFor();
    await old.context.close();

    // Revoke, after confirming.
    await row.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke this invitation?' }).getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('Invitation revoked.').waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: email }).count()).toBe(0);
    await context.close();
  });

  it('is not available to an employee', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl('/signin?redirect=%2Finvitations'));
    await signInWithForm(page, 'employee@acme.test');
    await page.getByRole('heading', { name: 'This page is not available to you' }).waitFor();
    await context.close();
  });

  it('Esc in the date picker closes only the picker: the invitation dialog stays, with what was typed', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl('/invitations'));
    await expect.poll(() => page.getByRole('button', { name: 'Invite someone' }).first().isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'Invite someone' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone', exact: true });
    await dialog.getByLabel('First name').fill('Kavya');
    await dialog.getByLabel('Date of joining').click();
    const calendar = page.locator('[data-dates-dropdown]');
    await calendar.waitFor({ state: 'visible' });

    await page.keyboard.press('Escape');
    await calendar.waitFor({ state: 'hidden' });
    // The dialog is still there, with the name typed into it.
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getByLabel('First name').inputValue()).toBe('Kavya');

    // With the picker closed, Esc closes the dialog as it always did.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('shows all business units by default, as many as the counter says; a unit is chosen in the invite dialog', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl('/invitations'));
    await page.getByRole('heading', { name: 'Invitations', level: 1 }).waitFor();
    const view = page.getByRole('combobox', { name: 'Business unit' });
    await expect.poll(() => view.inputValue()).toBe('All business units');
    // The pager's summary ("57 invitations") when there is more than one page, else the rows.
    const total = async () => {
      const summary = page.getByText(/^(One invitation|[\d,]+ invitations)$/);
      if (await summary.count()) {
        const text = (await summary.textContent()) ?? '';
        return text === 'One invitation' ? 1 : Number.parseInt(text.replaceAll(',', ''), 10);
      }
      return (await page.getByRole('table').getByRole('row').count()) - 1;
    };
    const counter = async () => Number(await page.getByTestId('unused-count').textContent());
    await page.getByTestId('unused-count').filter({ hasText: /^\d+$/ }).waitFor();
    await expect
      .poll(async () => `${await total()} listed, ${await counter()} counted`)
      .toBe(`${await counter()} listed, ${await counter()} counted`);
    await page.getByRole('columnheader', { name: 'Business unit' }).waitFor();

    const email = `mumbai-${Date.now()}@example.test`;
    await page.getByRole('button', { name: 'Invite someone' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone', exact: true });
    await dialog.getByRole('combobox', { name: 'Business unit' }).click();
    await page.getByRole('option', { name: 'Mumbai' }).click();
    await dialog.getByLabel('Email address').fill(email);
    await dialog.getByLabel('First name').fill('Meera');
    await dialog.getByLabel('Department').click();
    await page.getByRole('option', { name: 'Operations' }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await page.getByText(`Invitation sent to ${email}.`).waitFor();
    const row = page.getByRole('row').filter({ hasText: email });
    expect(await row.textContent()).toContain('Mumbai');
    await expect.poll(async () => (await total()) === (await counter())).toBe(true);
    // (Once the notice has gone: its close button is the app shell's, without a name.)
    await expect.poll(() => page.getByText(`Invitation sent to ${email}.`).count(), { timeout: 15_000 }).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/invitations-all-1280.png', fullPage: true });

    // One unit: only its invitations.
    await view.click();
    await page.getByRole('option', { name: 'Bengaluru HQ' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: email }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Business unit' }).count()).toBe(0);
    await context.close();
  });

  it('in Hindi at 360 px: the all-units view fits and is accessible', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl('/invitations'));
    await page.getByRole('heading', { name: 'Invitations', level: 1 }).waitFor();
    const token = (await storedToken(page))!;
    type Details = { user: { firstName: string; lastName: string } };
    const { firstName, lastName } = (await api<Details>(acmeHost(), 'GET', '/api/user/details', { token })).json.user;
    try {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await expect.poll(() => page.getByRole('combobox', { name: 'बिज़नेस यूनिट' }).inputValue()).toBe('सभी बिज़नेस यूनिट');
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/invitations-all-hi-360.png', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/invitations-all-hi-1280.png', fullPage: true });
    } finally {
      await api(acmeHost(), 'PUT', '/api/user', { token, body: { firstName, lastName, language: null } });
      await context.close();
    }
  });
});

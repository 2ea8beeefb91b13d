import { describe, expect, it } from 'vitest';
import { acmeUrl, expectAccessible, newPage, signInWithForm, useBrowser } from './browser.ts';
import { linkIn, nextMessage, outboxCount } from './outbox.ts';

const browser = useBrowser();

describe('invitations (administrator)', () => {
  it('invites one person, resends with a new link, and revokes', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl('/signin?redirect=%2Finvitations'));
    await signInWithForm(page, 'admin@acme.test');
    await page.getByRole('heading', { name: 'Invitations', level: 1 }).waitFor();
    // The list, or its empty state when other journeys have used this unit's invitations.
    await page.getByRole('combobox', { name: 'Business unit' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Invite someone' }).first().isEnabled()).toBe(true);
    await expectAccessible(page);

    const email = `invitee-${Date.now()}@example.test`;
    await page.getByRole('button', { name: 'Invite someone' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone to Bengaluru HQ' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await dialog.getByText('Give an email address or a phone number', { exact: true }).waitFor();
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
});

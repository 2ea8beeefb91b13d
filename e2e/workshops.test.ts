import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acmeUrl,
  api,
  expectAccessible,
  newPage,
  sideScroll as noSideScroll,
  platformHost,
  settled,
  signInWithForm,
  useBrowser,
} from './browser.ts';
import { nextMessage, outboxCount } from './outbox.ts';

// Issue 21, item 13: an administrator schedules a workshop for a department; the employee sees it
// on their phone, takes the calendar file and checks in with the code shown at the session; the
// administrator sees the attendance. The server's clock is moved to the session (`/dev/clock`).

const browser = useBrowser();

async function clock(body: { now: string } | { advanceMs: number } | { reset: true }) {
  const res = await api<{ now: string; frozen: boolean }>(platformHost(), 'POST', '/dev/clock', { body });
  expect(res.status).toBe(200);
  return res.json;
}

/** Date (YYYY-MM-DD) and time (HH:MM) of an instant in Kolkata, Acme's zone. */
function inKolkata(at: Date): { date: string; time: string } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Kolkata',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return { date, time };
}

describe('workshops with attendance', () => {
  afterEach(async () => {
    await clock({ reset: true });
  });

  it('an admin schedules a workshop for a department; the employee checks in with the code at 360 px; the admin sees it at 1280 px', async () => {
    // The clock stands still at a whole minute; the workshop starts an hour later (Kolkata time).
    const now = new Date(Math.ceil(Date.now() / 60_000) * 60_000);
    await clock({ now: now.toISOString() });
    const start = new Date(now.getTime() + 60 * 60_000);
    const { date, time } = inKolkata(start);
    const title = `POSH awareness ${Math.random().toString(36).slice(2, 7)}`;
    const seen = await outboxCount('employee@acme.test');

    // The administrator schedules it, at 1280 px.
    const admin = await newPage(browser());
    await admin.page.goto(acmeUrl('/signin'));
    await signInWithForm(admin.page, 'admin@acme.test');
    await admin.page.waitForURL(/\/dashboard$/);
    await admin.page.getByRole('link', { name: 'Workshops' }).first().click();
    await admin.page.waitForURL(/\/workshops$/);
    await expect.poll(() => admin.page.getByRole('heading', { level: 1, name: 'Workshops' }).count()).toBe(1);
    await admin.page.getByRole('button', { name: 'Schedule a workshop' }).click();
    const dialog = admin.page.getByRole('dialog', { name: 'Schedule a workshop' });
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByRole('textbox', { name: 'Date' }).fill(date);
    await dialog.getByRole('textbox', { name: 'Date' }).press('Enter');
    await dialog.getByLabel('Start time').fill(time);
    await dialog.getByLabel(/^Duration/).fill('90');
    await dialog.getByLabel('Place', { exact: true }).fill('Board room, 3rd floor');
    await dialog.getByLabel(/^Trainer/).fill('Asha');
    await admin.page.getByRole('option', { name: /Asha Rao/ }).click();
    await dialog.getByLabel(/^Capacity/).fill('10');
    await dialog.getByLabel(/^Business unit/).click();
    await admin.page.getByRole('option', { name: 'Bengaluru HQ' }).click();
    await dialog.getByLabel(/^Department/).click();
    await admin.page.getByRole('option', { name: 'Engineering' }).click();
    await settled(admin.page);
    if (process.env.E2E_SHOTS) await admin.page.screenshot({ path: '/tmp/ws-dialog.png', fullPage: true });
    await expectAccessible(admin.page);
    await dialog.getByRole('button', { name: 'Schedule and invite' }).click();
    await expect.poll(() => admin.page.getByRole('dialog').count()).toBe(0);
    const row = admin.page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toMatch(/invited of 10 places/);
    await expectAccessible(admin.page);

    // The invitation reached the employee (the mail carries the calendar file).
    const invitation = await nextMessage('employee@acme.test', seen);
    expect(invitation.subject).toContain(`Workshop: ${title}`);

    // The employee, on a 360 px phone: the workshop on the home page, the calendar file, no check-in yet.
    const employee = await newPage(browser(), { mobile: true });
    await employee.page.goto(acmeUrl('/signin'));
    await signInWithForm(employee.page, 'employee@acme.test');
    await employee.page.waitForURL(/\/dashboard$/);
    const card = employee.page.locator('[data-workshop]').filter({ hasText: title });
    await expect.poll(() => card.count()).toBe(1);
    await expect.poll(() => card.textContent()).toMatch(/Check-in opens 15 minutes before the start/);
    const [download] = await Promise.all([
      employee.page.waitForEvent('download'),
      card.getByRole('button', { name: 'Add to calendar (.ics)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('workshop.ics');
    const ics = await readFile((await download.path())!, 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain(title);
    expect(await noSideScroll(employee.page)).toBeLessThanOrEqual(0);
    await expectAccessible(employee.page);

    // The session begins: the admin (the trainer) shows the code; the employee enters it.
    await clock({ advanceMs: 55 * 60_000 });
    const workshopId = await row.getAttribute('data-workshop');
    await admin.page.goto(acmeUrl(`/workshops/${workshopId}`));
    await admin.page.getByRole('button', { name: 'Show the session code' }).click();
    const codeText = admin.page.getByTestId('session-code');
    await expect.poll(async () => (await codeText.count()) && (await codeText.textContent())).toMatch(/^\d{6}$/);
    const code = (await codeText.textContent())!;

    await employee.page.reload();
    await expect.poll(() => card.getByRole('heading', { name: 'I am here: enter the code' }).count()).toBe(1);
    // A wrong code first: refused, said so.
    const wrong = code === '000000' ? '111111' : '000000';
    await card.getByLabel('Session code (6 digits)').fill(wrong);
    await card.getByRole('button', { name: 'Check in' }).click();
    await expect.poll(() => card.getByRole('alert').textContent()).toMatch(/not this session’s code/);
    await card.getByLabel('Session code (6 digits)').fill(code);
    await card.getByRole('button', { name: 'Check in' }).click();
    await expect.poll(() => card.getByRole('status').textContent()).toMatch(/your attendance is recorded/);
    expect(await noSideScroll(employee.page)).toBeLessThanOrEqual(0);
    if (process.env.E2E_SHOTS) await employee.page.screenshot({ path: '/tmp/ws-employee.png', fullPage: true });
    await expectAccessible(employee.page);

    // The administrator, at 1280 px: the attendance list says who came and how.
    await admin.page.reload();
    const rahul = admin.page.getByRole('row').filter({ hasText: 'Rahul Sharma' });
    await expect.poll(() => rahul.textContent()).toMatch(/Checked in with the code/);
    expect(await rahul.getByRole('checkbox').isChecked()).toBe(true);
    await expect.poll(() => admin.page.getByText(/1 of \d+ attended/).count()).toBe(1);
    if (process.env.E2E_SHOTS) await admin.page.screenshot({ path: '/tmp/ws-admin.png', fullPage: true });
    await expectAccessible(admin.page);

    await admin.context.close();
    await employee.context.close();
  });
});

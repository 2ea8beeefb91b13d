import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  newPage,
  settled,
  signInByApi,
  useBrowser,
} from './browser.ts';
import { outbox } from './outbox.ts';

/**
 * Issue 14, reminders and escalation: an admin sends a reminder now from the course's reminders
 * page and the employee's mail arrives; the escalation settings page on a desktop and a phone.
 */
const browser = useBrowser();
const EMPLOYEE = 'employee@acme.test';

async function token(login: string) {
  const res = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.json.accessToken;
}

async function call<T = Record<string, unknown>>(admin: string, method: string, path: string, body?: unknown) {
  const res = await api<T>(acmeHost(), method, `/lms/api${path}`, { token: admin, ...(body ? { body } : {}) });
  return res;
}

async function ok<T = Record<string, unknown>>(admin: string, method: string, path: string, body?: unknown) {
  const res = await call<T>(admin, method, path, body);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json;
}

/** A published one-lesson course of Acme's own. */
async function aPublishedCourse(admin: string, title: string) {
  const course = await ok<{ id: string }>(admin, 'POST', '/course/create', {
    title,
    primaryLanguage: 'en',
    languages: [],
  });
  const lesson = await ok<{ id: string }>(admin, 'POST', '/lesson/create', {
    courseId: course.id,
    title: 'Respect at work',
    language: 'en',
  });
  await ok(admin, 'POST', '/lesson-content/create', {
    lessonId: lesson.id,
    type: 'TEXT',
    language: 'en',
    body: { html: '<p>Everyone deserves respect at work.</p>' },
  });
  await ok(admin, 'POST', `/course/publish/${course.id}`, {});
  return course.id;
}

async function signIn(page: Page) {
  await signInByApi(page, acmeHost(), 'admin@acme.test');
  await page.goto(acmeUrl('/dashboard'));
  await page.waitForURL(/\/dashboard$/);
}

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('course reminders', () => {
  it('an admin sends a reminder now and the employee’s mail arrives, in the outbox', async (ctx) => {
    const admin = await token('admin@acme.test');
    const title = `Reminders ${Date.now().toString(36)}`;
    const courseId = await aPublishedCourse(admin, title);
    const me = await api<{ user: { userId: string } }>(acmeHost(), 'GET', '/api/user/details', {
      token: await token(EMPLOYEE),
    });
    const employeeId = me.json.user.userId;
    // Enrolment is the assign module's route (issue 14, merged beside this one).
    const assigned = await call(admin, 'POST', '/course/assign-course-to-users', {
      courseId,
      userIds: [employeeId],
    });
    if ((assigned.json as { code?: string }).code === 'ROUTE_NOT_FOUND') {
      ctx.skip('the assign route is not here yet');
      return;
    }
    expect(assigned.status, JSON.stringify(assigned.json)).toBe(200);

    for (const mobile of [false, true]) {
      const { context, page } = await newPage(browser(), { mobile });
      try {
        await signIn(page);
        await page.goto(acmeUrl(`/courses/${courseId}/edit`));
        await page.getByRole('link', { name: 'Reminders' }).click();
        await page.getByRole('heading', { level: 1, name: `Reminders: ${title}` }).waitFor();
        await settled(page);
        await expectAccessible(page);
        expect(await noSideScroll(page)).toBeLessThanOrEqual(0);

        await page.getByRole('button', { name: 'Send reminder now' }).click();
        const confirm = page.getByRole('dialog', { name: 'Send a reminder now?' });
        await settled(page);
        await expectAccessible(page);
        await confirm.getByRole('button', { name: 'Send' }).click();
        // The first time: one queued; on the phone the same day: already reminded.
        await page
          .getByText(mobile ? 'Everyone was already reminded today (1 person).' : '1 reminder is on its way.')
          .waitFor();
      } finally {
        await context.close();
      }
    }

    await expect
      .poll(async () => (await outbox(EMPLOYEE)).filter((m) => m.subject === `Reminder: ${title}`).length, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe(1);
    const mail = (await outbox(EMPLOYEE)).find((m) => m.subject === `Reminder: ${title}`)!;
    expect(mail.bodyText).toContain(`This is a reminder to finish the course “${title}”.`);
    expect(mail.bodyText).toMatch(new RegExp(`http://${acmeHost().replace('.', '\\.')}/learning/[0-9a-f-]{36}`));
  });

  it('turns automatic reminders off and saves the days, on a phone', async () => {
    const admin = await token('admin@acme.test');
    const courseId = await aPublishedCourse(admin, `Reminder days ${Date.now().toString(36)}`);
    const { context, page } = await newPage(browser(), { mobile: true });
    try {
      await signIn(page);
      await page.goto(acmeUrl(`/courses/${courseId}/reminders`));
      await page.getByRole('heading', { level: 2, name: 'Automatic reminders' }).waitFor();
      await page.getByRole('switch', { name: 'Send automatic reminders' }).click({ force: true });
      await page.getByText('Automatic reminders are off.').waitFor();
      await page.getByRole('textbox', { name: 'Days before the due date' }).fill('5');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The reminder settings were saved.').waitFor();
      // Who this course's overdue learners would reach, and the way to change it.
      await page
        .getByRole('region', { name: 'Who is actually told' })
        .getByRole('link', { name: 'Change who is told: escalation settings' })
        .waitFor();
      await settled(page);
      await expectAccessible(page);
      expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
      const saved = await ok<{ remindersEnabled: boolean; remindBeforeDays: number }>(
        admin,
        'GET',
        `/course/course-due-reminder?courseId=${courseId}`,
      );
      expect(saved).toMatchObject({ remindersEnabled: false, remindBeforeDays: 5 });
      await page.screenshot({ path: '/tmp/course-reminders-reach-360.png', fullPage: true });
    } finally {
      await context.close();
    }
  });
});

describe('escalation settings', () => {
  it('the admin sets the default escalation from the settings page; the page fits a phone', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page);
      await page.goto(acmeUrl('/settings'));
      await page.getByRole('link', { name: 'Escalation of overdue courses' }).click();
      await page.getByRole('heading', { level: 1, name: 'Escalation of overdue courses' }).waitFor();
      await page.getByRole('textbox', { name: 'First threshold (days after due)' }).fill('2');
      await page.getByRole('textbox', { name: 'Second threshold (days after due)' }).fill('6');
      await page.getByRole('combobox', { name: 'Escalate to' }).click();
      await page.getByRole('combobox', { name: 'Escalate to' }).fill('admin');
      await page.getByRole('option', { name: /\(admin@acme\.test\)/ }).click();
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('The escalation setting was saved.').waitFor();
      const table = page.getByRole('table', { name: 'Escalation of overdue courses' });
      await table.getByText('Default (whole workspace)').waitFor();
      // Who is actually told, per unit and department, with the chosen person at the second threshold.
      const reach = page.getByRole('region', { name: 'Who is actually told' });
      await reach.getByRole('region', { name: 'Bengaluru HQ' }).getByText('Second threshold:').waitFor();
      await expect.poll(() => reach.getByText('Default setting').count()).toBeGreaterThan(0);
      await settled(page);
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/escalation-reach-1280.png', fullPage: true });
      // … and links to the courses, whose reminders pages show the same for their learners.
      await reach.getByRole('link', { name: 'Courses' }).waitFor();
    } finally {
      await context.close();
    }
    const phone = await newPage(browser(), { mobile: true });
    try {
      await signIn(phone.page);
      await phone.page.goto(acmeUrl('/settings/escalation'));
      await phone.page.getByRole('heading', { level: 1, name: 'Escalation of overdue courses' }).waitFor();
      await phone.page.getByRole('region', { name: 'Who is actually told' }).waitFor();
      await settled(phone.page);
      await expectAccessible(phone.page);
      expect(await noSideScroll(phone.page)).toBeLessThanOrEqual(0);
      await phone.page.screenshot({ path: '/tmp/escalation-reach-360.png', fullPage: true });
    } finally {
      await phone.context.close();
    }
  });
});

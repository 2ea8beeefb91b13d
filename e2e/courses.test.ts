import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeToken,
  acmeUrl,
  api,
  expectAccessible,
  lmsCall,
  newPage,
  platformUrl,
  settled,
  signInByApi,
  storedToken,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function signIn(page: Page, url: string, login: string) {
  // Not a journey about signing in: the session from the API, then the dashboard as after the form.
  await signInByApi(page, new URL(url).host, login);
  await page.goto(new URL('/dashboard', url).toString());
  await page.waitForURL(/\/dashboard$/);
}

/** "New course": a title, English as the main language and Hindi beside it; lands in the editor. */
async function createCourse(page: Page, title: string, hindi: boolean) {
  await page.getByRole('button', { name: 'New course' }).click();
  const dialog = page.getByRole('dialog', { name: 'New course' });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  if (hindi) {
    await dialog.getByRole('checkbox', { name: 'हिन्दी' }).check();
  }
  await dialog.getByRole('button', { name: 'Create course' }).click();
  await page.waitForURL(/\/courses\/[0-9a-f-]{36}\/edit$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
}

describe('the course editor (WP1)', () => {
  it('an admin creates a course in English and Hindi, titles it in Hindi, reorders it, and is told why it cannot be published yet, at 1280 and 360 px', async () => {
    for (const mobile of [false, true]) {
      const { context, page } = await newPage(browser(), { mobile });
      try {
        await signIn(page, acmeUrl('/signin'), 'admin@acme.test');
        if (mobile) await page.goto(acmeUrl('/courses'));
        else await page.getByRole('link', { name: 'Courses' }).click();
        await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor();
        await expectAccessible(page);

        const title = `POSH basics ${mobile ? 'phone' : 'desk'} ${Date.now()}`;
        await createCourse(page, title, true);
        await page.getByTestId('version-badge').getByText('Draft v1').waitFor();
        await settled(page);
        await expectAccessible(page);

        // Hindi has no text yet: the header shows the English one, marked as such.
        await page.getByRole('combobox', { name: 'Language you are editing' }).click();
        await page.getByRole('option', { name: /^हिन्दी · \d+ missing$/ }).click();
        await page.getByText('shown in English').first().waitFor();
        await page.getByRole('tab', { name: 'Settings' }).click();
        const hindiTitle = `यौन उत्पीड़न की रोकथाम ${mobile ? 'फ़ोन' : 'डेस्क'}`;
        await page.getByRole('textbox', { name: 'Title' }).fill(hindiTitle);
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: hindiTitle }).waitFor();
        expect(await page.getByText('shown in English').count()).toBe(0);
        await page.getByRole('tab', { name: 'Translations' }).click();
        await page.getByText('Missing texts in हिन्दी').waitFor();
        await settled(page);
        await expectAccessible(page);

        // Publishing an empty course is refused, in words.
        await page.getByRole('tab', { name: 'Outline' }).click();
        await page.getByText('This course has nothing in it yet. Add a lesson or a quiz.').waitFor();
        await page.getByRole('button', { name: 'Publish' }).click();
        const publish = page.getByRole('dialog', { name: 'Publish this course?' });
        await publish.getByRole('button', { name: 'Publish' }).click();
        await publish.getByRole('alert').getByText('The course cannot be published yet').waitFor();
        await publish
          .getByRole('alert')
          .getByText('Add at least one lesson, quiz or SCORM package before publishing.')
          .waitFor();
        await settled(page);
        await expectAccessible(page);
        if (mobile) expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: `/tmp/courses-publish-refused-${mobile ? 360 : 1280}.png`, fullPage: true });
        await publish.getByRole('button', { name: 'Cancel' }).click();

        // Reorder two lessons (WP2's route), or two quizzes while lessons cannot be made yet.
        const courseId = /\/courses\/([0-9a-f-]{36})\/edit$/.exec(page.url())![1]!;
        const token = (await storedToken(page))!;
        const made: string[] = [];
        let kind: 'lesson' | 'quiz' = 'lesson';
        for (const name of ['Part one', 'Part two']) {
          const create = (k: 'lesson' | 'quiz') =>
            api<{ id: string }>(acmeHost(), 'POST', `/lms/api/${k}/create`, {
              token,
              body: { courseId, title: name, language: 'en', ...(k === 'quiz' ? { passMark: 80 } : {}) },
            });
          let res = await create(kind);
          if (res.status === 404 && kind === 'lesson') {
            kind = 'quiz';
            res = await create(kind);
          }
          if (res.status === 404) break;
          expect(res.status).toBe(200);
          made.push(res.json.id);
        }
        if (made.length === 2) {
          await page.reload();
          const rows = page.locator('li[data-item]');
          await expect.poll(() => rows.count()).toBe(2);
          const first = () => rows.first().getAttribute('data-item');
          // Each move is shown at once and saved behind it: wait for the save before reloading.
          const saved = () => page.waitForResponse((r) => r.url().includes('/content/reorder') && r.ok());
          // The move buttons.
          let saving = saved();
          await page.getByRole('button', { name: 'Move Part two up' }).click();
          await expect.poll(first).toBe(made[1]);
          await saving;
          await page.reload();
          await expect.poll(first).toBe(made[1]);
          // The drag handle with the keyboard: Space, arrow up, Space.
          saving = saved();
          await page.getByRole('button', { name: 'Drag to move Part one' }).focus();
          await page.keyboard.press('Space');
          await page.keyboard.press('ArrowUp');
          await page.keyboard.press('Space');
          await expect.poll(first).toBe(made[0]);
          await saving;
          if (!mobile) {
            // And with the pointer: Part two's handle dragged above Part one.
            const handle = (await page.getByRole('button', { name: 'Drag to move Part two' }).boundingBox())!;
            const top = (await rows.first().boundingBox())!;
            const x = handle.x + handle.width / 2;
            const y = handle.y + handle.height / 2;
            saving = saved();
            await page.mouse.move(x, y);
            await page.mouse.down();
            for (let step = 1; step <= 20; step++) {
              await page.mouse.move(x, y - ((y - top.y + 10) * step) / 20);
              await page.waitForTimeout(20);
            }
            await page.mouse.up();
            await expect.poll(first).toBe(made[1]);
            await saving;
          }
          await page.reload();
          await expect.poll(first).toBe(mobile ? made[0] : made[1]);
          if (!mobile && kind === 'quiz') {
            // Quizzes without questions: refused, naming each, linked to its editor.
            await page.getByRole('button', { name: 'Publish' }).click();
            const dialog = page.getByRole('dialog', { name: 'Publish this course?' });
            await dialog.getByRole('button', { name: 'Publish' }).click();
            await dialog
              .getByText('A quiz has no questions yet. Add questions or remove the quiz before publishing.')
              .waitFor();
            await dialog.getByRole('link', { name: 'Part one: no questions yet' }).waitFor();
            await settled(page);
            await expectAccessible(page);
            await dialog.getByRole('button', { name: 'Cancel' }).click();
            // "Add quiz" makes one and opens its editor.
            const editor = page.url();
            await page.getByRole('button', { name: 'Add quiz' }).click();
            const add = page.getByRole('dialog', { name: 'New quiz' });
            await add.getByRole('textbox', { name: 'Title' }).fill('Final check');
            await add.getByRole('button', { name: 'Create' }).click();
            await page.waitForURL(/\/edit\/quizzes\/[0-9a-f-]{36}$/);
            await page.goto(editor);
            await page.getByRole('link', { name: 'Final check' }).waitFor();
          }
          if (!mobile && kind === 'lesson') {
            // With content it publishes; a change then makes draft v2, which can be discarded.
            await page.getByRole('button', { name: 'Publish' }).click();
            const dialog = page.getByRole('dialog', { name: 'Publish this course?' });
            await dialog.getByRole('button', { name: 'Publish' }).click();
            await page.getByText('Version 1 is published.').waitFor();
            await page.getByTestId('version-badge').getByText('Published v1').waitFor();
            await page.getByRole('button', { name: 'Move Part one up' }).click();
            await page.getByTestId('version-badge').getByText('Draft v2').waitFor();
            await page.getByRole('button', { name: 'Discard draft' }).click();
            await page
              .getByRole('dialog', { name: 'Discard the draft?' })
              .getByRole('button', { name: 'Discard draft' })
              .click();
            await page.getByText('The draft is discarded.').waitFor();
            await page.getByTestId('version-badge').getByText('Published v1').waitFor();
            await settled(page);
            await expectAccessible(page);
          }
          await settled(page);
          await expectAccessible(page);
        }

        // The list shows it: own, its version, in both languages.
        await page.getByRole('main').getByRole('link', { name: 'Courses', exact: true }).click();
        await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor();
        await page.getByRole('textbox', { name: 'Search' }).fill(title);
        const row = page.locator('tr[data-course]').filter({ hasText: title });
        await row.waitFor();
        const published = made.length === 2 && kind === 'lesson' && !mobile;
        await row
          .getByText(published ? 'Published v1' : 'Draft v1')
          .filter({ visible: true })
          .first()
          .waitFor();
        await row.getByText('Own').filter({ visible: true }).first().waitFor();
        if (mobile) expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/courses-list-${mobile ? 360 : 1280}.png`, fullPage: true });

        if (!mobile) {
          // Clone it into a new draft, then delete the copy (nobody is enrolled: deleted, not archived).
          await row.getByRole('link', { name: title }).click();
          await page.getByRole('heading', { level: 1, name: title }).waitFor();
          const original = page.url();
          await page.getByRole('button', { name: 'Clone' }).click();
          await page.getByRole('dialog', { name: 'Clone this course?' }).getByRole('button', { name: 'Clone' }).click();
          await page.getByRole('heading', { level: 1, name: `Copy of ${title}` }).waitFor();
          expect(page.url()).not.toBe(original);
          await page.getByRole('button', { name: 'Delete' }).click();
          const remove = page.getByRole('dialog', { name: 'Delete this course?' });
          await settled(page);
          await expectAccessible(page);
          await remove.getByRole('button', { name: 'Delete' }).click();
          await page.getByText('The course is deleted.').waitFor();
          await page.getByRole('heading', { level: 1, name: 'Courses' }).waitFor();
          await page.getByRole('textbox', { name: 'Search' }).fill(`Copy of ${title}`);
          await page.getByText('No course matches this search.').waitFor();
        }
      } finally {
        await context.close();
      }
    }
  });

  it('the operator creates a catalogue course on the platform host, and a workspace does not see its draft', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, platformUrl('/signin'), 'operator@platform.test');
      await page.getByRole('link', { name: 'Course catalogue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Course catalogue' }).waitFor();
      await expectAccessible(page);
      const title = `Catalogue course ${Date.now()}`;
      await createCourse(page, title, false);
      expect(page.url()).toContain('/platform/courses/');
      await page.getByTestId('version-badge').getByText('Draft v1').waitFor();
      await settled(page);
      await expectAccessible(page);
      const courseId = /\/courses\/([0-9a-f-]{36})\/edit$/.exec(page.url())![1]!;

      const admin = await newPage(browser());
      try {
        await signIn(admin.page, acmeUrl('/signin'), 'admin@acme.test');
        await admin.page.goto(acmeUrl(`/courses/${courseId}/edit`));
        await admin.page.getByText('The course was not found.').waitFor();
      } finally {
        await admin.context.close();
      }
    } finally {
      await context.close();
    }
  });

  it('a catalogue course in a workspace: no clone (an explanation instead), and its outline has no editor links, at 1280 and 360 px', async () => {
    const token = await acmeToken('admin@acme.test');
    const list = await lmsCall<{ content: Array<{ id: string; title: string }> }>(token, 'POST', '/course/all', {
      pageNo: 0,
      pageSize: 20,
      owner: 'CATALOGUE',
    });
    const course = list.content[0];
    expect(course, 'the demo data makes a catalogue course available to Acme').toBeDefined();
    // The server refuses the clone with its own code.
    const clone = await api<{ code: string }>(acmeHost(), 'POST', '/lms/api/course/clone', {
      token,
      body: { courseId: course!.id },
    });
    expect(clone.status).toBe(403);
    expect(clone.json.code).toBe('CATALOGUE_NOT_CLONABLE');
    const details = await lmsCall<{ items: Array<{ title: string }> }>(token, 'GET', `/course/details/${course!.id}`);
    expect(details.items.length).toBeGreaterThan(0);
    for (const mobile of [false, true]) {
      const { context, page } = await newPage(browser(), { mobile });
      try {
        await signIn(page, acmeUrl('/signin'), 'admin@acme.test');
        await page.goto(acmeUrl(`/courses/${course!.id}/edit`));
        await page.getByRole('heading', { level: 1, name: course!.title }).waitFor();
        const note = page.getByTestId('catalogue-course-note');
        await note.getByText('A course from the catalogue').waitFor();
        await note.getByText('It cannot be cloned: only your own courses can.', { exact: false }).waitFor();
        expect(await page.getByRole('button', { name: 'Clone' }).count()).toBe(0);
        // The items are named, not links to an editor the workspace does not have.
        const outline = page.getByRole('list', { name: 'Course content, in order' });
        await outline.getByText(details.items[0]!.title, { exact: true }).waitFor();
        expect(await outline.getByRole('link').count()).toBe(0);
        await page.getByRole('link', { name: 'Open the preview' }).click();
        await page.waitForURL(/\/courses\/[0-9a-f-]{36}\/preview$/);
        await page.goBack();
        await page.getByTestId('catalogue-course-note').waitFor();
        if (mobile) expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
        await settled(page);
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/catalogue-course-${mobile ? 360 : 1280}.png`, fullPage: true });
      } finally {
        await context.close();
      }
    }
  });

  it('reads in Hindi on a 360-pixel phone: the list and the new-course form', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    try {
      await signIn(page, acmeUrl('/signin'), 'admin@acme.test');
      await page.evaluate(() => window.localStorage.setItem('compliance.language', 'hi'));
      await page.goto(acmeUrl('/courses'));
      await page.getByRole('heading', { level: 1, name: 'कोर्स' }).waitFor();
      await page.getByRole('button', { name: 'नया कोर्स' }).click();
      const dialog = page.getByRole('dialog', { name: 'नया कोर्स' });
      await dialog.getByRole('checkbox', { name: 'English' }).waitFor();
      expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
      await settled(page);
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/courses-new-hi-360.png', fullPage: true });
    } finally {
      await context.close();
    }
  });
});

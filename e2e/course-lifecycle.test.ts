import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anMp4 } from '../apps/server/src/testing/video-files.ts';
import {
  acmeHost,
  acmeUrl,
  api,
  lmsCall as call,
  expectAccessible,
  newPage,
  settled,
  signInByApi,
  acmeToken as token,
  useBrowser,
} from './browser.ts';
import { makePng } from './images.ts';

const browser = useBrowser();

/**
 * A course in English and Hindi: a lesson (a text block in both languages) and a quiz with one
 * multiple-choice question in English only, so that the Hindi preview shows the question "shown in
 * English". Made through the API; the journey then publishes and edits it in the browser.
 */
async function aBilingualCourse(admin: string, title: string) {
  const course = await call<{ id: string; version: { id: string } }>(admin, 'POST', '/course/create', {
    title,
    primaryLanguage: 'en',
    languages: ['hi'],
  });
  await call(admin, 'POST', `/course/update/${course.id}`, { language: 'hi', title: `${title} (हिन्दी)` });
  const lesson = await call<{ id: string }>(admin, 'POST', '/lesson/create', {
    courseId: course.id,
    title: 'Respect at work',
    language: 'en',
  });
  await call(admin, 'POST', `/lesson/update/${lesson.id}`, { title: 'काम पर सम्मान', language: 'hi' });
  const block = await call<{ id: string }>(admin, 'POST', '/lesson-content/create', {
    lessonId: lesson.id,
    type: 'TEXT',
    language: 'en',
    body: { html: '<p>Everyone deserves respect at work.</p>' },
  });
  await call(admin, 'POST', `/lesson-content/update/${block.id}`, {
    language: 'hi',
    body: { html: '<p>काम पर हर किसी को सम्मान मिलना चाहिए।</p>' },
  });
  const quiz = await call<{ id: string }>(admin, 'POST', '/quiz/create', {
    courseId: course.id,
    title: 'Check',
    language: 'en',
    passMark: 100,
    attemptLimit: 3,
    shuffleQuestions: false,
  });
  await call(admin, 'POST', `/quiz/update/${quiz.id}`, { language: 'hi', title: 'जाँच' });
  await call(admin, 'POST', '/quiz-question/add', {
    quizId: quiz.id,
    type: 'MULTIPLE_CHOICE',
    language: 'en',
    prompt: 'Within how many months of the incident can a complaint be made?',
    explanation: 'Three months, extendable by three more (POSH Act s.9(1)).',
    options: [
      { id: 'a', label: 'Three months' },
      { id: 'b', label: 'One year' },
    ],
    key: { correct: ['a'] },
  });
  return course.id;
}

async function signIn(page: Page) {
  await signInByApi(page, acmeHost(), 'admin@acme.test');
  await page.goto(acmeUrl('/dashboard'));
  await page.waitForURL(/\/dashboard$/);
}

describe('a course from draft to version 2', () => {
  it('an admin previews a two-language course on a phone, publishes it, and a change makes version 2 while learners keep version 1', async () => {
    const admin = await token('admin@acme.test');
    const title = `Respect at work ${Date.now()}`;
    const courseId = await aBilingualCourse(admin, title);
    const { context, page } = await newPage(browser());
    try {
      await signIn(page);
      await page.goto(acmeUrl(`/courses/${courseId}/edit`));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByTestId('version-badge').getByText('Draft v1').waitFor();
      await settled(page);
      await expectAccessible(page);

      // Preview on a phone, in Hindi: the lesson in Hindi, the question marked as shown in English,
      // graded without recording anything.
      await page.goto(acmeUrl(`/courses/${courseId}/preview?language=hi&device=phone`));
      await page.getByText('Preview — nothing is recorded').waitFor();
      await page.getByText('काम पर हर किसी को सम्मान मिलना चाहिए।').waitFor();
      await settled(page);
      await expectAccessible(page);
      await page
        .getByRole('button', { name: /2\. जाँच/ })
        .first()
        .click();
      await page.getByText('Within how many months of the incident can a complaint be made?').waitFor();
      await page.getByText('shown in English').first().waitFor();
      await page.getByRole('radio', { name: 'Three months' }).check();
      await page.getByRole('button', { name: 'Check my answers' }).click();
      await page.getByText('Score: 100 %').waitFor();
      await page.getByText('Passed', { exact: true }).waitFor();

      // Publish version 1.
      await page.goto(acmeUrl(`/courses/${courseId}/edit`));
      await page.getByRole('button', { name: 'Publish' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish this course?' });
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await page.getByTestId('version-badge').getByText('Published v1').waitFor();
      await settled(page);
      await expectAccessible(page);

      // A change to the published course makes a draft version 2; learners still get version 1.
      await page.getByRole('tab', { name: 'Settings' }).click();
      await page.getByRole('textbox', { name: 'Title' }).fill(`${title} v2`);
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByTestId('version-badge').getByText('Draft v2').waitFor();
      await page.getByRole('heading', { level: 1, name: `${title} v2` }).waitFor();
      await settled(page);
      await expectAccessible(page);

      const employee = await token('employee@acme.test');
      const learner = await api<{ title: string; version: { number: number } }>(
        acmeHost(),
        'GET',
        `/lms/api/course/details/${courseId}`,
        { token: employee },
      );
      expect(learner.status).toBe(200);
      expect(learner.json).toMatchObject({ title, version: { number: 1 } });
    } finally {
      await context.close();
    }
  });
  it('an admin writes a lesson with every kind of block, in English and in Hindi, through the lesson editor', async () => {
    const admin = await token('admin@acme.test');
    const course = await call<{ id: string }>(admin, 'POST', '/course/create', {
      title: `Every block ${Date.now()}`,
      primaryLanguage: 'en',
      languages: ['hi'],
    });
    const lesson = await call<{ id: string }>(admin, 'POST', '/lesson/create', {
      courseId: course.id,
      title: 'Every block',
      language: 'en',
    });
    const mp4 = anMp4(30);
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
    const { context, page } = await newPage(browser());
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page);
      await page.goto(acmeUrl(`/courses/${course.id}/edit/lessons/${lesson.id}?language=en`));
      await page.getByRole('heading', { level: 1, name: 'Edit lesson' }).waitFor();
      // The language list is the course's own: English and Hindi.
      await page.getByRole('combobox', { name: 'Language' }).click();
      expect(await page.getByRole('option').allTextContents()).toEqual(['English', 'हिन्दी']);
      await page.keyboard.press('Escape');

      const steps: { type: string; fill: (block: ReturnType<Page['getByRole']>) => Promise<void> }[] = [
        {
          type: 'Text',
          fill: (b) => b.getByRole('textbox', { name: 'Text' }).fill('We treat each other with respect.'),
        },
        {
          type: 'Call-out',
          fill: (b) => b.getByRole('textbox', { name: 'Text' }).fill('Speak to the Internal Committee.'),
        },
        {
          type: 'Link button',
          fill: async (b) => {
            await b.getByRole('textbox', { name: 'Label' }).fill('Read the Act');
            await b.getByRole('textbox', { name: 'Address' }).fill('https://www.indiacode.nic.in/');
          },
        },
        {
          type: 'Question to answer in writing',
          fill: (b) => b.getByRole('textbox', { name: 'Question' }).fill('What would you do?'),
        },
        { type: 'Image', fill: (b) => b.getByRole('textbox', { name: /^Description for people/ }).fill('Our office') },
        { type: 'Video', fill: (b) => b.getByRole('textbox', { name: 'Title' }).fill('Introduction') },
        { type: 'Document to download', fill: (b) => b.getByRole('textbox', { name: 'Label' }).fill('Our policy') },
      ];
      for (const [n, step] of steps.entries()) {
        await page.getByRole('combobox', { name: 'New block' }).click();
        await page.getByRole('option', { name: step.type, exact: true }).click();
        await page.getByRole('button', { name: 'Add block' }).click();
        const block = page.getByRole('region', { name: `Block ${n + 1}: ${step.type}` });
        await block.waitFor();
        await step.fill(block);
        await block.getByRole('button', { name: 'Save' }).click();
        const file =
          step.type === 'Image'
            ? { name: 'office.png', mimeType: 'image/png', buffer: makePng(40, 30, [20, 120, 200]) }
            : step.type === 'Video'
              ? { name: 'intro.mp4', mimeType: 'video/mp4', buffer: mp4 }
              : step.type === 'Document to download'
                ? { name: 'policy.pdf', mimeType: 'application/pdf', buffer: pdf }
                : null;
        if (file) {
          await block.locator('input[type="file"]').first().setInputFiles(file);
          await block.getByText('A file is attached in this language. Choose another to replace it.').first().waitFor();
        }
        await block.getByText('Complete', { exact: true }).waitFor();
      }
      await settled(page);
      await expectAccessible(page);

      // In Hindi: the English stands beside as reference until the Hindi is written.
      await page.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'हिन्दी' }).click();
      const text = page.getByRole('region', { name: 'Block 1: Text' });
      await text.getByText('Missing in this language').waitFor();
      await text.getByRole('textbox', { name: 'Text' }).fill('हम एक-दूसरे के साथ सम्मान से पेश आते हैं।');
      await text.getByRole('button', { name: 'Save' }).click();
      await text.getByText('Complete', { exact: true }).waitFor();
      await settled(page);
      await expectAccessible(page);

      const details = await call<{ translations: { language: string; missing: number; total: number }[] }>(
        admin,
        'GET',
        `/course/details/${course.id}?language=hi`,
      );
      // Course, lesson and seven blocks: all complete in English; in Hindi the course title, the
      // lesson title and six blocks are still missing.
      expect(details.translations).toEqual([
        { language: 'en', missing: 0, total: 9 },
        { language: 'hi', missing: 8, total: 9 },
      ]);
    } finally {
      await context.close();
    }
  });
});

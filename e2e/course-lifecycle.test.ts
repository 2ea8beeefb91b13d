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
  signInWithForm,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();

async function token(login: string) {
  const res = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.json.accessToken;
}

async function call<T = Record<string, unknown>>(admin: string, method: string, path: string, body?: unknown) {
  const res = await api<T>(acmeHost(), method, `/lms/api${path}`, { token: admin, ...(body ? { body } : {}) });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json;
}

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
  await page.goto(acmeUrl('/signin'));
  await signInWithForm(page, 'admin@acme.test');
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
});

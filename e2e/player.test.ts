import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  lmsCall as call,
  expectAccessible,
  newPage,
  sideScroll as noSideScroll,
  settled,
  signInByApi,
  acmeToken as token,
  useBrowser,
} from './browser.ts';

// The learner's player (issue 21 items 1–3): a quiz half answered names what is missing and asks
// before an attempt is spent; its result comes into view, focused, with the answers still there;
// the quiz's LAST question is a matching one whose drop-downs open by tap and click at 360 and 1280
// px; each item opens at its top with its heading focused; a lesson waits out its reading time and
// then offers "Next".

const browser = useBrowser();

const LONG = Array.from(
  { length: 14 },
  (_, n) =>
    `<p>Paragraph ${n + 1}: the internal committee hears complaints of sexual harassment, keeps them confidential and reports every year to the district officer.</p>`,
).join('');

/**
 * A published Acme course: two lessons (a minimum reading time of 4 s each, the second long), then a
 * quiz of four questions (pass mark 100, 3 attempts) whose last question is a matching one.
 */
async function aCourse(admin: string, title: string) {
  const course = await call<{ id: string }>(admin, 'POST', '/course/create', {
    title,
    primaryLanguage: 'en',
    languages: [],
  });
  for (const [lessonTitle, html] of [
    ['Before you start', `<p>This course takes ten minutes.</p>${LONG}`],
    ['Who hears a complaint', `<p>Start of the second lesson.</p>${LONG}`],
  ] as const) {
    const lesson = await call<{ id: string }>(admin, 'POST', '/lesson/create', {
      courseId: course.id,
      title: lessonTitle,
      language: 'en',
      minReadingSeconds: 4,
    });
    await call(admin, 'POST', '/lesson-content/create', {
      lessonId: lesson.id,
      type: 'TEXT',
      language: 'en',
      body: { html },
    });
  }
  const quiz = await call<{ id: string }>(admin, 'POST', '/quiz/create', {
    courseId: course.id,
    title: 'Check what you know',
    language: 'en',
    passMark: 100,
    attemptLimit: 3,
    shuffleQuestions: false,
  });
  const question = (body: object) =>
    call(admin, 'POST', '/quiz-question/add', { quizId: quiz.id, language: 'en', ...body });
  await question({
    type: 'MULTIPLE_CHOICE',
    prompt: 'Within how many months can a complaint be made?',
    explanation: 'Three months, extendable by three more.',
    options: [
      { id: 'a', label: 'Three months' },
      { id: 'b', label: 'One year' },
    ],
    key: { correct: ['a'] },
  });
  await question({
    type: 'MULTIPLE_CHOICE',
    prompt: 'Who chairs the internal committee?',
    explanation: 'A senior woman employee.',
    options: [
      { id: 'a', label: 'A senior woman employee' },
      { id: 'b', label: 'The chief executive' },
    ],
    key: { correct: ['a'] },
  });
  await question({
    type: 'SINGLE_SELECT',
    prompt: 'May conciliation include money?',
    explanation: 'No monetary settlement may be the basis of conciliation.',
    options: [
      { id: 'a', label: 'Yes' },
      { id: 'b', label: 'No' },
    ],
    key: { correct: ['b'] },
  });
  await question({
    type: 'MATCHING',
    prompt: 'Match each step with its time limit.',
    explanation: 'Reply within 10 working days; inquiry within 90 days.',
    options: [
      { id: 'l1', label: 'Reply to the complaint', side: 'LEFT' },
      { id: 'l2', label: 'Complete the inquiry', side: 'LEFT' },
      { id: 'r1', label: '10 working days', side: 'RIGHT' },
      { id: 'r2', label: '90 days', side: 'RIGHT' },
    ],
    key: {
      pairs: [
        ['l1', 'r1'],
        ['l2', 'r2'],
      ],
    },
  });
  await call(admin, 'POST', `/course/publish/${course.id}`);
  return course.id;
}

async function assign(admin: string, courseId: string) {
  const people = await call<{ content: Array<{ userId: string; email: string | null }> }>(
    admin,
    'POST',
    '/course/users',
    { courseId, pageNo: 0, search: 'employee@acme.test' },
  );
  const employee = people.content.find((p) => p.email === 'employee@acme.test');
  expect(employee).toBeDefined();
  await call(admin, 'POST', '/course/assign-course-to-users', { courseId, userIds: [employee!.userId] });
  return employee!.userId;
}

/** Whether the element is inside the viewport (below the 64-px header). */
const inView = (l: Locator) =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 64 && r.bottom <= window.innerHeight;
  });
const focused = (l: Locator) => l.evaluate((el) => el === document.activeElement);

/** Opens a drop-down of the quiz by a click (a tap on the phone), then chooses `label`. */
async function chooseByClick(page: Page, select: Locator, label: string, mobile: boolean) {
  await select.scrollIntoViewIfNeeded();
  if (mobile) await select.tap();
  else await select.click();
  // The drop-down took the focus and the page did not jump away from it.
  expect(await focused(select)).toBe(true);
  expect(await inView(select)).toBe(true);
  await select.selectOption({ label });
  await page.keyboard.press('Escape');
  expect(await select.evaluate((el) => (el as HTMLSelectElement).selectedOptions[0]?.textContent)).toBe(label);
}

async function signIn(page: Page) {
  await signInByApi(page, acmeHost(), 'employee@acme.test');
  await page.goto(acmeUrl('/dashboard'));
  await page.waitForURL(/\/dashboard$/);
}

describe('the learner’s player', () => {
  it('reads lessons in order (reading time, Next, each opening at its top), then a half-answered quiz asks first, at 360 px; the last matching question opens by tap', async () => {
    const admin = await token('admin@acme.test');
    const title = `Committee basics ${Date.now().toString(36)}`;
    const courseId = await aCourse(admin, title);
    const userId = await assign(admin, courseId);
    const { context, page } = await newPage(browser(), { mobile: true });
    try {
      await signIn(page);
      await page
        .getByRole('region', { name: 'My learning' })
        .getByRole('article', { name: title })
        .getByRole('link', { name: 'Start' })
        .click();
      await page.waitForURL(/\/learning\/[0-9a-f-]{36}$/);

      // Lesson 1: the "complete" button waits out the reading time, then completes; Next is offered.
      await page.getByText('This course takes ten minutes.').waitFor();
      const complete = page.getByRole('button', { name: 'Mark this lesson complete' });
      expect(await complete.isDisabled()).toBe(true);
      await page.getByTestId('reading-wait').waitFor();
      await settled(page);
      await expectAccessible(page);
      expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
      await complete.scrollIntoViewIfNeeded();
      await complete.click(); // waits until enabled (4 s after opening)
      const next = page.getByRole('button', { name: 'Next: Who hears a complaint' });
      await next.waitFor();
      await expect.poll(() => focused(next)).toBe(true);
      // Still on lesson 1, scrolled down to its end.
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

      // Lesson 2 opens at its top, its heading focused, not beside its own "complete" button.
      await next.click();
      const heading2 = page.getByRole('heading', { level: 2, name: 'Who hears a complaint' });
      await expect.poll(() => focused(heading2)).toBe(true);
      expect(await inView(heading2)).toBe(true);
      expect(await inView(page.getByText('Start of the second lesson.'))).toBe(true);
      expect(await inView(complete)).toBe(false);
      await complete.scrollIntoViewIfNeeded();
      await complete.click();
      await page.getByRole('button', { name: 'Next: Check what you know' }).click();
      const quizHeading = page.getByRole('heading', { level: 2, name: 'Check what you know' });
      await expect.poll(() => focused(quizHeading)).toBe(true);
      expect(await inView(quizHeading)).toBe(true);

      // Fewer than all answered: question 1 and one of the two pairs of the last (matching) question.
      await page.getByText('3 attempts left').waitFor();
      await page.getByRole('radio', { name: 'One year' }).check();
      await chooseByClick(page, page.getByLabel('Reply to the complaint'), '10 working days', true);
      await page.getByRole('button', { name: 'Check my answers' }).click();
      const dialog = page.getByRole('dialog', { name: '3 of 4 questions not answered' });
      await dialog.waitFor();
      const missing = dialog.getByRole('list', { name: 'Questions not answered' });
      expect(await missing.getByRole('listitem').allTextContents()).toEqual([
        '2. Who chairs the internal committee?',
        '3. May conciliation include money?',
        '4. Match each step with its time limit.',
      ]);
      await dialog.getByText('Checking your answers uses one of your attempts.').waitFor();
      await settled(page);
      await expectAccessible(page);
      // Nothing is spent before the learner confirms.
      await dialog.getByRole('button', { name: 'Check my answers anyway' }).click();

      // The result, in view and focused; the answers stay, each with its verdict; no right answer shown.
      const result = page.getByTestId('quiz-result');
      await result.waitFor();
      await expect.poll(() => focused(result)).toBe(true);
      expect(await inView(result)).toBe(true);
      await result.getByText('You scored 0%. You need 100% to pass. 2 attempts left').waitFor();
      expect(await page.getByRole('radio', { name: 'One year' }).isChecked()).toBe(true);
      expect(await page.getByLabel('Reply to the complaint').inputValue()).not.toBe('');
      expect(await page.locator('[data-verdict="wrong"]').count()).toBe(4);
      expect(await page.getByText('You did not answer this question.').count()).toBe(3);
      expect(await page.getByText('Right answer:').count()).toBe(0);
      expect(await page.getByText('A senior woman employee.').count()).toBe(0);
      await settled(page);
      await expectAccessible(page);
      expect(await noSideScroll(page)).toBeLessThanOrEqual(0);

      // Try again: everything answered, no question asked; passed, with the right answers.
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByRole('radio', { name: 'Three months' }).check();
      await page.getByRole('radio', { name: 'A senior woman employee' }).check();
      await chooseByClick(page, page.getByRole('combobox', { name: 'May conciliation include money?' }), 'No', true);
      await chooseByClick(page, page.getByLabel('Complete the inquiry'), '90 days', true);
      await page.getByRole('button', { name: 'Check my answers' }).click();
      await result.getByText('You passed with 100%.').waitFor();
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.getByText('Right answer: Three months').waitFor();
      await page.getByText('Course completed').waitFor();
      await settled(page);
      await expectAccessible(page);
    } finally {
      await context.close();
      await call(admin, 'POST', '/course/unassign', { courseId, userIds: [userId] });
    }
  });

  it('at 1280 px: the unanswered questions lead back to the first of them; the last matching question opens by click', async () => {
    const admin = await token('admin@acme.test');
    const title = `Committee basics desk ${Date.now().toString(36)}`;
    const courseId = await aCourse(admin, title);
    const userId = await assign(admin, courseId);
    const { context, page } = await newPage(browser());
    try {
      await signIn(page);
      await page.goto(acmeUrl('/learning'));
      await page.getByRole('article', { name: title }).getByRole('link', { name: 'Start' }).click();
      for (const next of ['Next: Who hears a complaint', 'Next: Check what you know']) {
        await page.getByRole('button', { name: 'Mark this lesson complete' }).click();
        await page.getByRole('button', { name: next }).click();
      }
      await page.getByText('3 attempts left').waitFor();
      await chooseByClick(page, page.getByLabel('Complete the inquiry'), '90 days', false);
      await page.getByRole('button', { name: 'Check my answers' }).click();
      const dialog = page.getByRole('dialog', { name: '4 of 4 questions not answered' });
      await dialog.waitFor();
      await settled(page);
      await expectAccessible(page);
      // "Go back and answer": the first unanswered question, focused; no attempt spent.
      await dialog.getByRole('button', { name: 'Go back and answer' }).click();
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await expect.poll(() => focused(page.getByRole('radio', { name: 'Three months' }))).toBe(true);
      await page.getByText('3 attempts left').waitFor();
      await page.getByRole('radio', { name: 'Three months' }).check();
      await page.getByRole('radio', { name: 'A senior woman employee' }).check();
      await chooseByClick(page, page.getByRole('combobox', { name: 'May conciliation include money?' }), 'No', false);
      await chooseByClick(page, page.getByLabel('Reply to the complaint'), '10 working days', false);
      await page.getByRole('button', { name: 'Check my answers' }).click();
      const result = page.getByTestId('quiz-result');
      await result.getByText('You passed with 100%.').waitFor();
      await expect.poll(() => focused(result)).toBe(true);
      await settled(page);
      await expectAccessible(page);
      expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    } finally {
      await context.close();
      await call(admin, 'POST', '/course/unassign', { courseId, userIds: [userId] });
    }
  });
});

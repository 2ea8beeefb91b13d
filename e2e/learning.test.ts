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
  signInWithForm,
  acmeToken as token,
  useBrowser,
} from './browser.ts';

// The learner's journey (issue 14) on a phone: the assigned course on the home page, its lessons in
// order, a failed then a passed quiz attempt, completion. The course is made through the authoring
// API and assigned through the administrators' assign call.

const browser = useBrowser();

/** A published course of Acme: two text lessons, then a quiz of one question (pass mark 100, 2 attempts). */
async function aCourse(admin: string, title: string) {
  const course = await call<{ id: string }>(admin, 'POST', '/course/create', {
    title,
    primaryLanguage: 'en',
    languages: [],
  });
  for (const [n, lessonTitle] of ['What harassment is', 'Where to get help'].entries()) {
    const lesson = await call<{ id: string }>(admin, 'POST', '/lesson/create', {
      courseId: course.id,
      title: lessonTitle,
      language: 'en',
    });
    await call(admin, 'POST', '/lesson-content/create', {
      lessonId: lesson.id,
      type: 'TEXT',
      language: 'en',
      body: { html: `<p>Lesson ${n + 1}: everyone deserves respect at work.</p>` },
    });
  }
  const quiz = await call<{ id: string }>(admin, 'POST', '/quiz/create', {
    courseId: course.id,
    title: 'Check what you know',
    language: 'en',
    passMark: 100,
    attemptLimit: 2,
    shuffleQuestions: false,
  });
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
  await call(admin, 'POST', `/course/publish/${course.id}`);
  return course.id;
}

describe('an employee takes an assigned course on a phone', () => {
  it('finds it on the home page, takes the lessons in order and the quiz, and completes it', async () => {
    const admin = await token('admin@acme.test');
    const title = `Respect at work ${Date.now().toString(36)}`;
    const courseId = await aCourse(admin, title);
    // Assigned through the administrators' own call, due in three days.
    const dueDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const people = await call<{ content: Array<{ userId: string; email: string | null }> }>(
      admin,
      'POST',
      '/course/users',
      { courseId, pageNo: 0, search: 'employee@acme.test' },
    );
    const employee = people.content.find((p) => p.email === 'employee@acme.test');
    expect(employee).toBeDefined();
    await call(admin, 'POST', '/course/assign-course-to-users', { courseId, userIds: [employee!.userId], dueDate });
    try {
      await journey(title);
    } finally {
      // The demo employee is left as the other journeys expect (nothing assigned).
      await call(admin, 'POST', '/course/unassign', { courseId, userIds: [employee!.userId] });
    }
  });
});

/** The journey itself, on the enrolment made above. */
async function journey(title: string) {
  const { context, page } = await newPage(browser(), { mobile: true });
  try {
    await signInByApi(page, acmeHost(), 'employee@acme.test');
    await page.goto(acmeUrl('/dashboard'));
    await page.waitForURL(/\/dashboard$/);
    // The home page: the cards, and the course among the next ones, due soon.
    const home = page.getByRole('region', { name: 'My learning' });
    await home.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => home.locator('[data-status-card="DUE_SOON"]').textContent()).toMatch(/^[1-9]/);
    await settled(page);
    await expectAccessible(page);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);

    await home.getByRole('article', { name: title }).getByRole('link', { name: 'Start' }).click();
    await page.waitForURL(/\/learning\/[0-9a-f-]{36}$/);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    // Items after the first are locked.
    await expect.poll(() => contents.getByRole('button', { name: /3\. Check what you know/ }).isDisabled()).toBe(true);
    await page.getByText('Lesson 1: everyone deserves respect at work.').waitFor();
    await settled(page);
    await expectAccessible(page);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);

    // Each lesson waits out its reading time (estimated from its words), then offers the next item.
    await page.getByRole('button', { name: 'Mark this lesson complete' }).click();
    await page.getByRole('button', { name: 'Next: Where to get help' }).click();
    await page.getByText('Lesson 2: everyone deserves respect at work.').waitFor();
    await page.getByRole('button', { name: 'Mark this lesson complete' }).click();
    await page.getByRole('button', { name: 'Next: Check what you know' }).click();

    // The quiz: 2 attempts; a wrong answer leaves 1 and shows no right answer.
    await page.getByText('2 attempts left').waitFor();
    await page.getByRole('radio', { name: 'One year' }).check();
    await page.getByRole('button', { name: 'Check my answers' }).click();
    await page.getByTestId('attempts-left').getByText('1 attempt left').waitFor();
    await page.getByText('You scored 0%. You need 100% to pass.').first().waitFor();
    expect(await page.getByText('Right answer:').count()).toBe(0);
    await settled(page);
    await expectAccessible(page);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);

    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('radio', { name: 'Three months' }).check();
    await page.getByRole('button', { name: 'Check my answers' }).click();
    // Passed: the course is complete, the right answers and the explanation are shown.
    await page.getByText('Course completed').waitFor();
    await page.getByText('You passed with 100%.').waitFor();
    await page.getByText('Right answer: Three months').waitFor();
    await page.getByText('Three months, extendable by three more (POSH Act s.9(1)).').waitFor();
    await page.getByRole('button', { name: 'Download certificate' }).first().waitFor();
    await settled(page);
    await expectAccessible(page);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);

    // My learning lists it as completed, at 100%.
    await page.goto(acmeUrl('/learning'));
    await page.getByRole('tab', { name: /Completed/ }).click();
    const card = page.getByRole('article', { name: title });
    await card.getByText('100% done').waitFor();
    await settled(page);
    await expectAccessible(page);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
  } finally {
    await context.close();
  }

  // On a desktop, in Hindi: the list and the course, without horizontal scroll, axe clean.
  const desk = await newPage(browser());
  try {
    await desk.page.goto(acmeUrl('/signin'));
    await signInWithForm(desk.page, 'employee@acme.test');
    await desk.page.waitForURL(/\/dashboard$/);
    await desk.page.evaluate(() => localStorage.setItem('compliance.language', 'hi'));
    await desk.page.goto(acmeUrl('/learning'));
    await desk.page.getByRole('heading', { level: 1, name: 'मेरी पढ़ाई' }).waitFor();
    await desk.page.getByRole('article', { name: title }).getByText('100% पूरा').waitFor();
    await settled(desk.page);
    await expectAccessible(desk.page);
    await desk.page.getByRole('article', { name: title }).getByRole('link', { name: 'देखें' }).click();
    await desk.page.getByText('सही उत्तर: Three months').waitFor();
    await settled(desk.page);
    await expectAccessible(desk.page);
  } finally {
    await desk.context.close();
  }
}

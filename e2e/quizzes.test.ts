import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acmeHost, acmeUrl, api, expectAccessible, newPage, signInByApi, storedToken, useBrowser } from './browser.ts';

/**
 * Quizzes (docs/learning-design.md §3, WP3): an author writes one question of every type through the
 * quiz editor, then previews the course on a phone in Hindi — texts not yet translated are marked
 * "shown in English", and answers are graded without anything being recorded.
 */
const browser = useBrowser();

async function chooseType(page: Page, label: string) {
  // The list reloads after each save: open the drop-down again if a reload closed it.
  const option = page.getByRole('option', { name: label });
  await expect
    .poll(async () => {
      if (!(await option.isVisible())) await page.getByRole('combobox', { name: 'Question type' }).click();
      return option.isVisible();
    })
    .toBe(true);
  await option.click();
}

async function saveAndCount(page: Page, count: number) {
  await page.getByRole('button', { name: 'Save question' }).click();
  await expect.poll(() => page.locator('ol > li').count()).toBe(count);
}

describe('quiz editor and preview', () => {
  it('authors every question type, then previews on a phone in Hindi with fallbacks marked', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl('/dashboard'));
    await page.waitForURL(/\/dashboard$/);
    const token = (await storedToken(page))!;
    const course = await api<{ id: string }>(acmeHost(), 'POST', '/lms/api/course/create', {
      token,
      body: { title: `Quiz journey ${Date.now()}`, primaryLanguage: 'en', languages: ['en', 'hi'] },
    });
    expect(course.status).toBe(200);
    const quiz = await api<{ id: string }>(acmeHost(), 'POST', '/lms/api/quiz/create', {
      token,
      body: { courseId: course.json.id, title: 'Check your understanding', language: 'en', passMark: 70 },
    });
    expect(quiz.status).toBe(200);
    try {
      await page.goto(acmeUrl(`/courses/${course.json.id}/edit/quizzes/${quiz.json.id}`));
      await page.getByRole('heading', { level: 1, name: 'Check your understanding' }).waitFor();
      await page.getByText('No questions yet.').waitFor();
      await expectAccessible(page);

      const add = async (type: string) => {
        await chooseType(page, type);
        await page.getByRole('button', { name: 'Add a question' }).click();
      };
      const prompt = (text: string) => page.getByLabel('Question', { exact: true }).fill(text);
      const option = (n: number, text: string, nth = 0) =>
        page.getByLabel(`Option ${n}`, { exact: true }).nth(nth).fill(text);

      await add('Multiple choice (one right answer)');
      await prompt('Time limit for a complaint?');
      await option(1, '3 months');
      await option(2, '1 year');
      await page.getByRole('radio', { name: 'Right answer 1' }).check();
      await expectAccessible(page);
      await saveAndCount(page, 1);

      await add('Multiple response (several right answers)');
      await prompt('Who sits on the committee?');
      await page.getByRole('button', { name: 'Add an option' }).click();
      await option(1, 'A senior woman');
      await option(2, 'An external member');
      await option(3, 'The CEO');
      await page.getByRole('checkbox', { name: 'Right answer 1' }).check();
      await page.getByRole('checkbox', { name: 'Right answer 2' }).check();
      await saveAndCount(page, 2);

      await add('Drop-down (one right answer)');
      await prompt('May conciliation include money?');
      await option(1, 'Yes');
      await option(2, 'No');
      await page.getByRole('radio', { name: 'Right answer 2' }).check();
      await saveAndCount(page, 3);

      await add('Multi-select list (several right answers)');
      await prompt('Interim reliefs?');
      await option(1, 'Transfer');
      await option(2, 'Leave');
      await page.getByRole('checkbox', { name: 'Right answer 1' }).check();
      await page.getByRole('checkbox', { name: 'Right answer 2' }).check();
      await saveAndCount(page, 4);

      await add('Fill in the blanks');
      await prompt('The inquiry ends within [[1]] days.');
      await page.getByLabel('Blank 1: accepted answers, one per line').fill('90\nninety');
      await saveAndCount(page, 5);

      await add('Typed answer');
      await prompt('Which committee for fewer than 10 workers?');
      await page.getByLabel('Accepted answers in this language, one per line').fill('Local Committee');
      await saveAndCount(page, 6);

      await add('Matching');
      await prompt('Match the step with its limit.');
      await option(1, 'Reply', 0);
      await option(2, 'Inquiry', 0);
      await option(1, '10 working days', 1);
      await option(2, '90 days', 1);
      await page.getByRole('combobox', { name: 'Matches with' }).nth(0).click();
      await page.getByRole('option', { name: '10 working days' }).click();
      await page.getByRole('combobox', { name: 'Matches with' }).nth(1).click();
      await page.getByRole('option', { name: '90 days' }).click();
      await saveAndCount(page, 7);

      await add('Checkbox with a statement');
      await prompt('Confirm.');
      await page.getByLabel('Statement the learner checks').fill('I know how to reach our committee.');
      await saveAndCount(page, 8);

      // Reorder with the keyboard-operable buttons: the last question moves up one place.
      await page.getByRole('button', { name: 'Move question 8 up' }).click();
      await expect.poll(() => page.locator('ol > li').nth(6).textContent()).toContain('Confirm.');
      await expectAccessible(page);

      // The key never reaches the preview; the Hindi version falls back to English, marked.
      const p = page;
      await p.goto(acmeUrl(`/courses/${course.json.id}/preview?language=hi&device=phone`));
      await p.getByText('Preview — nothing is recorded').waitFor();
      const frame = p.getByRole('region', { name: 'The course as a learner sees it' });
      await frame.waitFor();
      expect((await frame.boundingBox())?.width).toBe(360);
      await expect.poll(() => p.getByText('shown in English').count()).toBeGreaterThan(0);
      await p.getByRole('button', { name: 'Check my answers' }).click();
      // Nothing answered: the eight questions are named, and checking is confirmed.
      await p.getByRole('dialog', { name: '8 of 8 questions not answered' }).waitFor();
      await p.getByRole('button', { name: 'Check my answers anyway' }).click();
      await p.getByText('Score: 0 %').waitFor();
      await expectAccessible(p);
    } finally {
      await api(acmeHost(), 'DELETE', `/lms/api/course/delete/${course.json.id}`, { token });
      await context.close();
    }
  });

  it('previews Acme’s India catalogue course on a phone in Hindi, every text in Hindi', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    try {
      await signInByApi(page, acmeHost(), 'admin@acme.test');
      await page.goto(acmeUrl('/dashboard'));
      await page.waitForURL(/\/dashboard$/);
      const token = (await storedToken(page))!;
      const list = await api<{ content: { id: string; owner: string; title: string }[] }>(
        acmeHost(),
        'POST',
        '/lms/api/course/all',
        { token, body: { pageNo: 0, pageSize: 20, owner: 'CATALOGUE' } },
      );
      // By its title: other journeys give Acme catalogue courses of their own, and the files' order varies.
      const india = list.json.content.find((c) =>
        ['Prevention of Sexual Harassment at the Workplace (India)', 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम (भारत)'].includes(
          c.title,
        ),
      )!.id;
      await page.goto(acmeUrl(`/courses/${india}/preview?language=hi&device=phone`));
      await page.getByRole('heading', { level: 1, name: 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम (भारत)' }).waitFor();
      await page.getByText('Preview — nothing is recorded').waitFor();
      expect(await page.getByText('shown in English').count()).toBe(0);
      await page.getByText('यह कहाँ से आता है').first().waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: /^5\./ }).click();
      await page.getByRole('button', { name: 'Check my answers' }).click();
      await page.getByRole('button', { name: 'Check my answers anyway' }).click();
      // A catalogue quiz is not graded in a workspace's preview: its answers stay with the catalogue.
      await page
        .getByRole('alert')
        .filter({ hasText: /catalogue/ })
        .waitFor();
      expect(await page.getByText('Score: 0 %').count()).toBe(0);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});

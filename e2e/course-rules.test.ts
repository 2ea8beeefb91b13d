import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  globexHost,
  newPage,
  settled,
  signInByApi,
  signInWithForm,
  useBrowser,
} from './browser.ts';
import { linkIn, nextMessage, outboxCount } from './outbox.ts';

const browser = useBrowser();
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

type Entry = { targetId: string | null; details: { after?: { courseId?: string; accountId?: string } } | null };

describe('course rules (auto-assign and recurrence)', () => {
  it('an administrator sets a rule; an invited person who matches joins and is enrolled, due N days after joining', async () => {
    const signin = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
      body: { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD },
    });
    const token = signin.json.accessToken;
    const unitName = `Rules Unit ${Date.now().toString(36)}`;
    const unit = await api<{ branchId: string }>(acmeHost(), 'POST', '/api/workspace/create-branch', {
      token,
      body: { branchName: unitName, backgroundColor: '224466', branchLogo: null },
    });
    expect(unit.status).toBe(200);
    // The catalogue course available to Acme (with credits): one credit for the new joiner.
    const list = await api<{ content: Array<{ id: string; title: string }> }>(
      acmeHost(),
      'POST',
      '/lms/api/course/all',
      {
        token,
        body: { pageNo: 0, pageSize: 100, owner: 'CATALOGUE' },
      },
    );
    const course = list.json.content[0]!;

    for (const mobile of [false, true]) {
      const { context, page } = await newPage(browser(), { mobile });
      try {
        await signInByApi(page, acmeHost(), 'admin@acme.test');
        await page.goto(acmeUrl('/dashboard'));
        await page.waitForURL(/\/dashboard$/);
        await page.goto(acmeUrl(`/courses/${course.id}/rules`));
        await page.getByRole('heading', { level: 1, name: `Rules: ${course.title}` }).waitFor();
        await page.getByRole('heading', { name: 'Auto-assign new joiners' }).waitFor();
        await settled(page);
        await expectAccessible(page);
        expect(await noSideScroll(page)).toBeLessThanOrEqual(0);

        if (!mobile) {
          await page.getByRole('combobox', { name: 'Business unit' }).click();
          await page.getByRole('option', { name: unitName }).click();
          await page.getByRole('textbox', { name: 'Due (days after joining)' }).fill('0');
          await page.getByRole('button', { name: 'Save rule' }).click();
          await page.getByText('Enter a whole number of days from 1 to 365.').waitFor();
          await page.getByRole('textbox', { name: 'Due (days after joining)' }).fill('10');
          await page.getByRole('button', { name: 'Save rule' }).click();
          await page.getByText('Rule saved.').waitFor();
          await expect.poll(() => page.getByTestId('rule-state').textContent()).toContain('A rule is on');
        } else {
          // Acme is an Indian workspace: India's guidance (POSH), not Canada's preset.
          await page.getByText('India: awareness programmes and orientation').waitFor();
          await page.getByText('POSH Act s.19(c), POSH Rules Rule 13', { exact: false }).waitFor();
          expect(await page.getByRole('button', { name: 'Apply the Canadian preset' }).count()).toBe(0);
          expect(await page.getByText('SOR/2020-130 s.12(4)): employees').count()).toBe(0);
          await page.getByRole('heading', { name: 'Higher-risk roles' }).waitFor();
          await settled(page);
          await expectAccessible(page);
          expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
        }
      } finally {
        await context.close();
      }
    }

    // Someone is invited to the unit (joining on 5 January 2026) and accepts.
    const email = `rules-${Date.now().toString(36)}@acme.test`;
    const seen = await outboxCount(email);
    const invite = await api(acmeHost(), 'POST', `/api/invite/user/${unit.json.branchId}`, {
      token,
      body: { email, firstName: 'Ravi', lastName: 'Rules', dateOfJoining: '2026-01-05' },
    });
    expect(invite.status).toBe(200);
    const code = new URL(linkIn(await nextMessage(email, seen), '/signup')).searchParams.get('code')!;
    const claim = await api(acmeHost(), 'POST', `/api/invite/claim/${code}`, {
      body: { firstName: 'Ravi', lastName: 'Rules', userPassword: 'rules journey secret 42' },
    });
    expect(claim.status).toBe(200);

    // The auto-assign job enrols them: due at the end of 15 January in Kolkata.
    const enrolled = async () => {
      const res = await api<{ content: Entry[] }>(acmeHost(), 'POST', '/api/audit?pageNo=0&pageSize=50', {
        token,
        body: { action: 'enrolment.created' },
      });
      return res.json.content.filter((e) => e.details?.after?.courseId === course.id);
    };
    let enrolmentId = '';
    await expect
      .poll(
        async () => {
          for (const e of await enrolled()) {
            const cycles = await api<{ cycles: Array<{ dueAt: string | null }> }>(
              acmeHost(),
              'GET',
              `/lms/api/course/enrolment/${e.targetId}/cycles`,
              { token },
            );
            if (cycles.json.cycles[0]?.dueAt === '2026-01-15T18:29:59.999Z') enrolmentId = e.targetId!;
          }
          return enrolmentId;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');

    // The rule is removed from the page; the enrolment stays.
    const { context, page } = await newPage(browser());
    try {
      await signInByApi(page, acmeHost(), 'admin@acme.test');
      await page.goto(acmeUrl('/dashboard'));
      await page.waitForURL(/\/dashboard$/);
      await page.goto(acmeUrl(`/courses/${course.id}/rules`));
      await page.getByRole('button', { name: 'Remove rule' }).click();
      await page.getByText('Rule removed.').waitFor();
      await expect.poll(() => page.getByTestId('rule-state').textContent()).toBe('No rule yet.');
    } finally {
      await context.close();
    }
    const after = await api<{ cycles: unknown[] }>(
      acmeHost(),
      'GET',
      `/lms/api/course/enrolment/${enrolmentId}/cycles`,
      {
        token,
      },
    );
    expect(after.json.cycles).toHaveLength(1);
  });

  it('a Canadian workspace applies the preset in one step: 90 days for new joiners, every 36 months, retrain on update', async () => {
    const signin = await api<{ accessToken: string }>(globexHost(), 'POST', '/api/user/signin', {
      body: { userEmail: 'admin@globex.test', userPassword: DEMO_PASSWORD },
    });
    expect(signin.status).toBe(200);
    const token = signin.json.accessToken;
    const host = globexHost();
    const call = async <T>(method: string, path: string, body?: unknown) => {
      const res = await api<T>(host, method, `/lms/api${path}`, { token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBe(200);
      return res.json;
    };
    const course = await call<{ id: string }>('POST', '/course/create', {
      title: `Preset ${Date.now().toString(36)}`,
      primaryLanguage: 'en',
      languages: [],
    });
    const lesson = await call<{ id: string }>('POST', '/lesson/create', {
      courseId: course.id,
      title: 'Respect at work',
      language: 'en',
    });
    await call('POST', '/lesson-content/create', {
      lessonId: lesson.id,
      type: 'TEXT',
      language: 'en',
      body: { html: '<p>Everyone deserves respect at work.</p>' },
    });
    await call('POST', `/course/publish/${course.id}`, {});

    const { context, page } = await newPage(browser());
    try {
      await page.goto(`http://${host}/signin`);
      await signInWithForm(page, 'admin@globex.test');
      await page.waitForURL(/\/dashboard$/);
      await page.goto(`http://${host}/courses/${course.id}/rules`);
      await page.getByRole('heading', { name: 'Auto-assign new joiners' }).waitFor();
      await page.getByText('retraining when the course is updated (SOR/2020-130 s.12(4))', { exact: false }).waitFor();
      await page.getByRole('button', { name: 'Apply the Canadian preset' }).click();
      await page.getByText('Preset saved: the forms below show it.').waitFor();
      await expect.poll(() => page.getByTestId('rule-state').textContent()).toContain('A rule is on');
      expect(await page.getByRole('textbox', { name: 'Due (days after joining)' }).inputValue()).toBe('90');
      expect(await page.getByRole('textbox', { name: 'Recurs every (months)' }).inputValue()).toBe('36');
      expect(await page.getByRole('switch', { name: 'Retrain when the course is updated' }).isChecked()).toBe(true);
      await settled(page);
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/rules-canada-1280.png', fullPage: true });
    } finally {
      await context.close();
    }
    // Saved, not only filled in.
    expect(await call('GET', `/course/${course.id}/recurrence`)).toMatchObject({
      recurrenceMonths: 36,
      retrainOnUpdate: true,
    });
    expect(
      await call<{ rule: { dueDays: number; enabled: boolean } }>('GET', `/course/autoAssign?courseId=${course.id}`),
    ).toMatchObject({
      rule: { dueDays: 90, enabled: true },
    });
  });
});

import pg from 'pg';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  e2eDatabaseUrl,
  expectAccessible,
  newPage,
  platformHost,
  platformUrl,
  port,
  settled,
  useBrowser,
} from './browser.ts';

// Certificates: the PDF of a completed enrolment and the public page that checks its code. The
// completed enrolment is written in SQL (the learner's player completes courses in its own tests),
// which needs the server's database: on PostgreSQL (CI), not on PGlite, which only the server opens.

const browser = useBrowser();
const databaseUrl = e2eDatabaseUrl();
const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function tokenOn(host: string, login: string) {
  const res = await api<{ accessToken: string }>(host, 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.json.accessToken;
}

/** A new Acme course that employee@acme.test completed (score 88), with its certificate; answers its ids and code. */
async function completedCourse(title: string, language: string) {
  const admin = await tokenOn(acmeHost(), 'admin@acme.test');
  const course = await api<{ id: string; version: { id: string } }>(acmeHost(), 'POST', '/lms/api/course/create', {
    token: admin,
    body: { title, primaryLanguage: 'en', languages: [] },
  });
  expect(course.status).toBe(200);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // As the server's platform role (row-level security lets it see every workspace).
    await client.query('begin');
    await client.query('set local role compliance_platform');
    const code = `E2E${Math.floor(Math.random() * 10)}-${Date.now().toString(36).toUpperCase().slice(-4)}-TEST`;
    const { rows } = await client.query<{ id: string }>(
      `with learner as (
         select a.id as account_id, c.workspace_id from accounts a, courses c where a.email = 'employee@acme.test' and c.id = $1)
       insert into enrolments (workspace_id, course_id, course_version_id, account_id, started_at, completed_at, progress_percent, score)
       select workspace_id, $1, $2, account_id, now(), now(), 100, 88 from learner returning id`,
      [course.json.id, course.json.version.id],
    );
    const enrolmentId = rows[0]!.id;
    await client.query(
      `insert into certificates (workspace_id, enrolment_id, cycle, account_id, course_id, code, learner_name, course_title, language, score, completed_at)
       select workspace_id, id, 1, account_id, course_id, $2, 'Asha Verma', $3, $4, 88, completed_at from enrolments where id = $1`,
      [enrolmentId, code, title, language],
    );
    await client.query('commit');
    return { enrolmentId, code };
  } finally {
    await client.end();
  }
}

describe('certificates', () => {
  it.skipIf(!databaseUrl)(
    'the learner downloads the PDF of a completed course; anyone checks its code on the public page, at 1280 and 360 px, in English and Hindi',
    async () => {
      const title = `Fire safety ${Date.now().toString(36)}`;
      const { enrolmentId, code } = await completedCourse(title, 'hi');

      const employee = await tokenOn(acmeHost(), 'employee@acme.test');
      const res = await fetch(`http://127.0.0.1:${port()}/lms/api/user-course-content/certificate/${enrolmentId}`, {
        headers: { origin: `http://${acmeHost()}`, authorization: `Bearer ${employee}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="certificate-${code}.pdf"`);
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      for (const mobile of [false, true]) {
        const { context, page } = await newPage(browser(), { mobile });
        try {
          // The link printed on the certificate: the workspace's host, no sign-in.
          await page.goto(acmeUrl(`/verify/${code}`));
          const valid = page.getByTestId('certificate-valid');
          await valid.waitFor();
          await expect.poll(() => valid.textContent()).toContain('Valid certificate');
          await expect.poll(() => valid.textContent()).toContain(`Asha Verma completed ${title} on `);
          // The issuing organisation is named (issue 21 item 5).
          await expect.poll(() => valid.textContent()).toMatch(/Issued by \S/);
          await settled(page);
          await expectAccessible(page);
          expect(await noSideScroll(page)).toBeLessThanOrEqual(0);

          await page.getByLabel('Language').selectOption('hi');
          await expect.poll(() => valid.textContent()).toContain('मान्य प्रमाणपत्र');
          await expect.poll(() => valid.textContent()).toContain(`Asha Verma ने`);
          await settled(page);
          await expectAccessible(page);
          expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
        } finally {
          await context.close();
        }
      }
    },
  );

  it('the public page says when no certificate has a code, and checks what is typed (on the platform host too)', async () => {
    for (const mobile of [false, true]) {
      const { context, page } = await newPage(browser(), { mobile });
      try {
        await page.goto(platformUrl('/verify'));
        await page.getByRole('heading', { level: 1, name: 'Check a certificate' }).waitFor();
        const input = page.getByRole('textbox', { name: 'Verification code' });
        await input.fill('nope');
        await page.getByRole('button', { name: 'Check' }).click();
        await page.getByText('A code has three groups of four letters or digits').first().waitFor();
        await settled(page);
        await expectAccessible(page);

        await input.fill('zzzz-zzzz-zzzz');
        await page.getByRole('button', { name: 'Check' }).click();
        await page.waitForURL(/\/verify\/ZZZZ-ZZZZ-ZZZZ$/);
        await page.getByTestId('certificate-not-found').waitFor();
        await expect
          .poll(() => page.getByTestId('certificate-not-found').textContent())
          .toContain('No certificate with this code');
        await settled(page);
        await expectAccessible(page);
        expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
      } finally {
        await context.close();
      }
    }
    // The API answers the same on any host, and only the three fields.
    expect((await api(platformHost(), 'GET', '/lms/api/certificate/verify/ZZZZ-ZZZZ-ZZZZ')).status).toBe(404);
    expect((await api(platformHost(), 'GET', '/lms/api/certificate/verify/nope')).status).toBe(400);
  });
});

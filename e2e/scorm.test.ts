import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildScormPackage } from '../apps/server/src/testing/scorm/build-package.ts';
import {
  acmeHost,
  acmeToken,
  acmeUrl,
  expectAccessible,
  lmsCall,
  newPage,
  settled,
  sideScroll,
  signInByApi,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();
const dir = mkdtempSync(path.join(os.tmpdir(), 'scorm-e2e-'));

async function signIn(page: Page) {
  await signInByApi(page, acmeHost(), 'admin@acme.test');
  await page.goto(acmeUrl('/dashboard'));
  await page.waitForURL(/\/dashboard$/);
}

describe('SCORM', () => {
  for (const standard of ['SCORM_12', 'SCORM_2004'] as const) {
    it(`imports a ${standard} package, plays it, and sees completed / 80 / page=2`, async () => {
      const file = path.join(dir, `fire-${standard}.zip`);
      writeFileSync(file, buildScormPackage(standard));
      const { context, page } = await newPage(browser());
      try {
        await signIn(page);
        await page.goto(acmeUrl('/courses/import-scorm'));
        await page.getByRole('heading', { level: 1, name: 'Import a SCORM package' }).waitFor();
        await expectAccessible(page);
        await page.locator('input[type="file"]').setInputFiles(file);
        await page.getByRole('button', { name: 'Import' }).click();
        await page.waitForURL(/\/courses\/[0-9a-f-]{36}\/edit\/scorm\/[0-9a-f-]{36}$/);
        await page.getByRole('heading', { level: 1, name: 'Fire safety' }).waitFor();
        await expect
          .poll(() => page.getByTestId('scorm-package-status').textContent(), { timeout: 30_000 })
          .toBe('Ready');
        await page.getByText(standard === 'SCORM_12' ? 'SCORM 1.2' : 'SCORM 2004').waitFor();
        await settled(page);
        await expectAccessible(page);

        await page.getByRole('button', { name: 'Play' }).click();
        const player = page.frameLocator('iframe[title="Fire safety"]');
        await player.frameLocator('iframe').getByRole('button', { name: 'Complete' }).click();
        await expect.poll(() => page.getByTestId('scorm-status').textContent(), { timeout: 15_000 }).toBe('completed');
        expect(await page.getByTestId('scorm-score').textContent()).toBe('80');
        expect(await page.getByTestId('scorm-suspend').textContent()).toBe('page=2');
        // The player runs on the content origin, never on the workspace's.
        const src = await page.locator('iframe[title="Fire safety"]').getAttribute('src');
        expect(new URL(src!).hostname).toBe('scorm.localhost');
      } finally {
        await context.close();
      }
    });
  }

  it('a learner’s SCORM result reaches the course’s learners page marked self-reported, at 1280 and 360 px', async () => {
    const file = path.join(dir, 'self-reported.zip');
    writeFileSync(file, buildScormPackage('SCORM_12'));
    const admin = await acmeToken('admin@acme.test');
    let courseId = '';
    let employeeId = '';
    {
      const { context, page } = await newPage(browser());
      try {
        await signIn(page);
        await page.goto(acmeUrl('/courses/import-scorm'));
        await page.locator('input[type="file"]').setInputFiles(file);
        await page.getByRole('button', { name: 'Import' }).click();
        await page.waitForURL(/\/courses\/[0-9a-f-]{36}\/edit\/scorm\/[0-9a-f-]{36}$/);
        courseId = new URL(page.url()).pathname.split('/')[2]!;
        await expect
          .poll(() => page.getByTestId('scorm-package-status').textContent(), { timeout: 30_000 })
          .toBe('Ready');
      } finally {
        await context.close();
      }
    }
    await lmsCall(admin, 'POST', `/course/publish/${courseId}`);
    const people = await lmsCall<{ content: Array<{ userId: string; email: string | null }> }>(
      admin,
      'POST',
      '/course/users',
      { courseId, pageNo: 0, search: 'employee@acme.test' },
    );
    employeeId = people.content.find((p) => p.email === 'employee@acme.test')!.userId;
    await lmsCall(admin, 'POST', '/course/assign-course-to-users', { courseId, userIds: [employeeId] });
    try {
      // The package reports "passed" at 85 from the employee's browser.
      const employee = await acmeToken('employee@acme.test');
      const mine = await lmsCall<{ content: Array<{ enrolmentId: string; courseId: string }> }>(
        employee,
        'POST',
        '/workspace-course/courses',
        { pageNo: 0 },
      );
      const enrolmentId = mine.content.find((c) => c.courseId === courseId)!.enrolmentId;
      const details = await lmsCall<{ items: Array<{ id: string }> }>(admin, 'GET', `/course/details/${courseId}`);
      await lmsCall(employee, 'POST', `/user-course-content/scorm/${details.items[0]!.id}/commit`, {
        enrolmentId,
        standard: 'SCORM_12',
        cmi: { core: { lesson_status: 'passed', score: { raw: 85 } } },
      });
      for (const mobile of [false, true]) {
        const { context, page } = await newPage(browser(), { mobile });
        try {
          await signIn(page);
          await page.goto(acmeUrl(`/courses/${courseId}/learners`));
          const row = page.getByRole('row').filter({ hasText: 'employee@acme.test' }).first();
          await row.waitFor();
          if (!mobile) {
            await row.getByText('85%').waitFor();
            const flag = row.getByTestId('self-reported');
            await flag.waitFor();
            expect(await flag.textContent()).toBe('Self-reported');
          } else {
            expect(await sideScroll(page)).toBeLessThanOrEqual(0);
          }
          await settled(page);
          await expectAccessible(page);
          await page.screenshot({ path: `/tmp/learners-self-reported-${mobile ? 360 : 1280}.png`, fullPage: true });
        } finally {
          await context.close();
        }
      }
    } finally {
      // The demo employee is left as the other journeys expect (nothing assigned).
      await lmsCall(admin, 'POST', '/course/unassign', { courseId, userIds: [employeeId] });
    }
  });

  it('plays an imported package in the course preview (nothing recorded), with its result shown', async () => {
    const file = path.join(dir, 'fire-preview.zip');
    writeFileSync(file, buildScormPackage('SCORM_12'));
    const { context, page } = await newPage(browser());
    try {
      await signIn(page);
      await page.goto(acmeUrl('/courses/import-scorm'));
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.waitForURL(/\/courses\/[0-9a-f-]{36}\/edit\/scorm\/[0-9a-f-]{36}$/);
      await expect
        .poll(() => page.getByTestId('scorm-package-status').textContent(), { timeout: 30_000 })
        .toBe('Ready');
      const courseId = new URL(page.url()).pathname.split('/')[2]!;
      await page.goto(acmeUrl(`/courses/${courseId}/preview`));
      const player = page.frameLocator('iframe[title="Fire safety"]');
      await player.frameLocator('iframe').getByRole('button', { name: 'Complete' }).click();
      await expect.poll(() => page.getByTestId('scorm-status').textContent(), { timeout: 15_000 }).toBe('completed');
      expect(await page.getByTestId('scorm-score').textContent()).toBe('80');
      expect(await page.getByTestId('scorm-suspend').textContent()).toBe('page=2');
    } finally {
      await context.close();
    }
  });

  it('refuses a package without a manifest, with the reason', async () => {
    const file = path.join(dir, 'no-manifest.zip');
    const { writeZip } = await import('../apps/server/src/testing/scorm/build-package.ts');
    writeFileSync(file, writeZip([{ name: 'index.html', data: '<p>hi</p>' }]));
    const { context, page } = await newPage(browser());
    try {
      await signIn(page);
      await page.goto(acmeUrl('/courses/import-scorm'));
      await page.locator('input[type="file"]').setInputFiles(file);
      await page.getByRole('button', { name: 'Import' }).click();
      await page
        .getByRole('alert')
        .getByText(/no imsmanifest\.xml at the root/)
        .waitFor();
    } finally {
      await context.close();
    }
  });
});

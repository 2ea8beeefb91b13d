import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buildScormPackage } from '../apps/server/src/testing/scorm/build-package.ts';
import { acmeUrl, expectAccessible, newPage, settled, signInWithForm, useBrowser } from './browser.ts';

const browser = useBrowser();
const dir = mkdtempSync(path.join(os.tmpdir(), 'scorm-e2e-'));

async function signIn(page: Page) {
  await page.goto(acmeUrl('/signin'));
  await signInWithForm(page, 'admin@acme.test');
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

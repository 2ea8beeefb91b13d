import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  newPage,
  settled,
  signInByApi,
  useBrowser,
} from './browser.ts';
import { makePng } from './images.ts';

const browser = useBrowser();

/** Signs in through the API on Acme's host. */
async function token(login: string) {
  const res = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.json.accessToken;
}

/** The demo account's picture URL as the API lists it (null: none). */
async function pictureOf(adminToken: string, email: string): Promise<{ userId: string; url: string | null }> {
  const res = await api<{ content: { userId: string; profileImageUrl: string | null }[] }>(
    acmeHost(),
    'POST',
    '/api/workspace/users/search',
    { token: adminToken, body: { searchText: email } },
  );
  const row = res.json.content[0]!;
  return { userId: row.userId, url: row.profileImageUrl };
}

/** Waits until an image has loaded, and answers its natural width. */
async function loadedWidth(img: Locator): Promise<number> {
  await expect
    .poll(() => img.evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  return img.evaluate((el) => (el as HTMLImageElement).naturalWidth);
}

describe('profile images', () => {
  it('an administrator uploads a picture for a user in the edit drawer and sees it in the table', async () => {
    const adminToken = await token('admin@acme.test');
    const before = await pictureOf(adminToken, 'employer@acme.test');
    const { context, page } = await newPage(browser());
    try {
      await signInByApi(page, acmeHost(), 'admin@acme.test');
      await page.goto(acmeUrl('/dashboard'));
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole('link', { name: 'Users' }).click();
      // Found by name: other journeys add people, so he need not be on the first page.
      await page.getByRole('searchbox', { name: 'Search' }).fill('Vikram');
      const row = page.getByRole('row').filter({ hasText: 'Vikram Mehta' });
      await row.waitFor();
      expect(await row.locator('img').count()).toBe(0); // initials until there is a picture

      await page.getByRole('button', { name: 'Actions for Vikram Mehta' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const drawer = page.getByRole('dialog', { name: 'Edit Vikram Mehta' });
      await drawer.getByText('No picture yet').waitFor();
      await settled(page);
      await expectAccessible(page);

      // Not an image, whatever its name says: the server's refusal is shown, nothing is saved.
      const input = drawer.locator('input[type="file"]');
      await input.setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
      await drawer.getByRole('alert').getByText('Upload a PNG, JPEG or WebP image').waitFor();
      expect((await pictureOf(adminToken, 'employer@acme.test')).url).toBeNull();

      // A real picture, larger than kept: uploaded, scaled down, previewed in the drawer.
      await input.setInputFiles({
        name: 'vikram.png',
        mimeType: 'image/png',
        buffer: makePng(600, 400, [30, 90, 160]),
      });
      await page.getByText('Picture saved.').waitFor();
      const preview = drawer.getByRole('img', { name: 'Picture of Vikram Mehta' });
      expect(await loadedWidth(preview)).toBe(256);
      expect(await drawer.getByRole('alert').count()).toBe(0);
      await drawer.getByRole('button', { name: 'Replace picture' }).waitFor();
      await expectAccessible(page);
      await drawer.getByRole('button', { name: 'Cancel' }).click();
      await drawer.waitFor({ state: 'hidden' });

      // The table shows it too.
      const inRow = row.locator('img');
      expect(await loadedWidth(inRow)).toBe(256);
      expect(await inRow.getAttribute('src')).toMatch(
        /^\/files\/[0-9a-f-]{36}\/profile-image\/\d{14}-[0-9a-f]{8}-vikram\.png\?exp=/,
      );
      await expectAccessible(page);

      // Removing it brings the initials back.
      await page.getByRole('button', { name: 'Actions for Vikram Mehta' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      await drawer.getByRole('button', { name: 'Remove picture' }).click();
      await page.getByText('Picture removed.').waitFor();
      await drawer.getByText('No picture yet').waitFor();
      expect((await pictureOf(adminToken, 'employer@acme.test')).url).toBeNull();
    } finally {
      await context.close();
      await api(acmeHost(), 'DELETE', `/api/user/profile-image/${before.userId}`, { token: adminToken });
    }
  });

  it('an employee sets their own picture from the user menu', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    try {
      await signInByApi(page, acmeHost(), 'employee@acme.test');
      await page.goto(acmeUrl('/dashboard'));
      await page.waitForURL(/\/dashboard$/);
      const menuButton = page.getByRole('button', { name: 'User menu' });
      expect(await menuButton.locator('img').count()).toBe(0);
      await menuButton.click();
      await page.getByRole('menuitem', { name: 'Profile picture' }).click();
      const dialog = page.getByRole('dialog', { name: 'Your profile picture' });
      await dialog.getByText('Only people in this workspace see it.').waitFor();
      await settled(page);
      await expectAccessible(page);

      await dialog
        .locator('input[type="file"]')
        .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: makePng(120, 120, [200, 80, 40]) });
      await page.getByText('Picture saved.').waitFor();
      expect(await loadedWidth(dialog.getByRole('img', { name: /^Picture of / }))).toBe(120);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // The header's avatar now shows it (the button keeps its name).
      expect(await loadedWidth(menuButton.locator('img'))).toBe(120);
      await expectAccessible(page);
    } finally {
      await context.close();
      const me = await token('employee@acme.test');
      const details = await api<{ user: { userId: string } }>(acmeHost(), 'GET', '/api/user/details', { token: me });
      await api(acmeHost(), 'DELETE', `/api/user/profile-image/${details.json.user.userId}`, { token: me });
    }
  });
});

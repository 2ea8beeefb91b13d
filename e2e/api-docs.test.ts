import { describe, expect, it } from 'vitest';
import { newPage, platformUrl, useBrowser } from './browser.ts';

const browser = useBrowser();

describe('the API reference', () => {
  it('renders under its own Content-Security-Policy (the shared watcher fails on any violation)', async () => {
    const { context, page } = await newPage(browser());
    const res = await page.goto(platformUrl('/api/docs'));
    expect(res?.headers()['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    // Swagger UI's scripts ran: they fetched the OpenAPI document and drew its title and operations.
    await page.getByRole('heading', { name: /Workplace compliance platform API/ }).waitFor();
    await expect.poll(() => page.locator('.opblock').count()).toBeGreaterThan(10);
    await context.close();
  });
});

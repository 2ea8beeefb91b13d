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
    // Swagger UI draws a long document as it is scrolled into view (the learning service made it long).
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 3000);
        return page.locator('.opblock').count();
      })
      .toBeGreaterThan(10);
    await context.close();
  });
});

import { describe, expect, it } from 'vitest';
import { acmeUrl, newPage, platformUrl, useBrowser } from './browser.ts';

const browser = useBrowser();

describe('the browser-tab icon', () => {
  it('a workspace’s pages and the platform’s name an icon that is an image, not the app’s HTML', async () => {
    for (const [url, mobile] of [
      [acmeUrl('/signin'), false],
      [platformUrl('/'), true],
    ] as const) {
      const { context, page } = await newPage(browser(), { mobile });
      try {
        await page.goto(url);
        expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.svg');
        const types = await page.evaluate(async () =>
          Promise.all(
            ['/favicon.svg', '/favicon.ico'].map(async (u) => {
              const res = await fetch(u);
              return `${res.status} ${res.headers.get('content-type')}`;
            }),
          ),
        );
        for (const type of types) expect(type).toMatch(/^200 image\//);
      } finally {
        await context.close();
      }
    }
  });
});

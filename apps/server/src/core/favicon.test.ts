import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaces } from '../db/schema.ts';
import { aWorkspace, createTestApp, TEST_PLATFORM_HOST, type TestApp } from '../testing/index.ts';
import { withPlatform } from './db/tenant.ts';
import { letterIcon, PRODUCT_ICON } from './favicon.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (host: string, url: string) => t.request(host, { method: 'GET', url });

describe('the browser-tab icon', () => {
  it('a workspace without a logo: its initial on its colour, for /favicon.svg and /favicon.ico, never the HTML page', async () => {
    const ws = await aWorkspace(t, { name: 'zenith Textiles', color: '0B7285' });
    for (const url of ['/favicon.svg', '/favicon.ico']) {
      const res = await get(ws.host, url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.body).toMatch(/^<svg /);
      expect(res.body).not.toContain('<html');
      expect(res.body).toContain('fill="#0B7285"');
      expect(res.body).toContain('>Z</text>');
    }
  });

  it('draws the first letter of any script, and a legible text colour on a light brand colour', async () => {
    const ws = await aWorkspace(t, { name: 'स्वास्थ्य सेवा', color: 'FFE066' });
    const res = await get(ws.host, '/favicon.ico');
    expect(res.body).toContain('>स</text>');
    expect(res.body).toContain('fill="#000000"');
    expect(letterIcon('<b>&', '1F6FEB')).toContain('>&lt;</text>');
  });

  it('a workspace with a logo: a redirect to the logo, kept a few minutes so that a new logo shows soon', async () => {
    const ws = await aWorkspace(t);
    const logo = `/api/files/${ws.id}/logo/20260101000000-logo.png`;
    await withPlatform(t.database.db, { action: 'test.logo', audit: false }, (tx) =>
      tx.update(workspaces).set({ logoUrl: logo }).where(eq(workspaces.id, ws.id)),
    );
    const res = await get(ws.host, '/favicon.ico');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(logo);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
  });

  it('the platform host and an unknown host: the product’s icon', async () => {
    for (const host of [TEST_PLATFORM_HOST, 'no-such-workspace.localhost:3000']) {
      const res = await get(host, '/favicon.ico');
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(PRODUCT_ICON);
    }
  });
});

import { afterAll, beforeAll, expect, it } from 'vitest';
import { ACME_HOST, createTestApp, GLOBEX_HOST, signIn, TEST_PLATFORM_HOST, type TestApp } from '../testing/index.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.ts';

// The complaint-workflow demo data (issue 25): Acme has the POSH template published, Globex the
// Canada one, out of the box; version 1 is what publishing the seeded draft gives, byte for byte.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, TEST_PLATFORM_HOST);
  await seedDemoData(t.database.db, TEST_PLATFORM_HOST); // idempotent: nothing doubled
}, 120_000);
afterAll(() => t.close());

const call = (host: string, token: string, method: 'GET' | 'POST', url: string) =>
  t.request(host, { method, url, token, ...(method === 'POST' ? { payload: {} } : {}) });

it.each([
  [ACME_HOST, 'admin@acme.test', 'POSH_INQUIRY', 'IN_POSH'],
  [GLOBEX_HOST, 'admin@globex.test', 'CA_RESOLUTION', 'CA_SOR_2020_130'],
])(
  '%s: the template published as version 1, the same as publishing its draft again',
  async (host, email, template, jurisdiction) => {
    const token = await signIn(t, host, { email, password: DEMO_PASSWORD });
    const list = (await call(host, token, 'GET', '/cms/api/workflow/all')).json();
    expect(list.content).toHaveLength(1);
    const wf = list.content[0];
    expect(wf).toMatchObject({ template, jurisdiction, status: 'PUBLISHED', latestVersion: 1 });
    const v1 = (await call(host, token, 'GET', `/cms/api/workflow/version/${wf.id}/1`)).json();
    expect((await call(host, token, 'POST', `/cms/api/workflow/version/${wf.id}`)).statusCode).toBe(200);
    const published = await call(host, token, 'POST', `/cms/api/workflow/publish/${wf.id}`);
    expect(published.statusCode, published.body).toBe(200);
    const versions = (await call(host, token, 'GET', `/cms/api/workflow/versions/${wf.id}`)).json().versions;
    expect(versions[0]).toMatchObject({
      number: 2,
      labelOnly: true,
      sha256: v1.sha256,
      diff: { added: [], removed: [], changed: [], textsChanged: 0 },
    });
  },
);

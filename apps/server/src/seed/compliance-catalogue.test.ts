import { ZObligationInput } from '@app/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../core/db/tenant.ts';
import { anOperator, createTestApp, type TestApp } from '../testing/index.ts';
import { DEMO_OBLIGATIONS, loadDemoCatalogue, loadDemoCatalogueAtStart } from './compliance-catalogue.ts';

// The demo compliance catalogue (issue 24): in every fresh database (the tests' template loads it as
// a start does), each obligation valid by the operator's own checks, sections as LEGAL.md gives them.

let t: TestApp;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await (await anOperator(t)).signIn(t);
}, 60_000);
afterAll(() => t?.close());

const call = (method: 'POST' | 'GET', url: string, payload?: object) =>
  t.request(t.config.platformHost, { method, url: `/lms/api${url}`, token: operator, ...(payload ? { payload } : {}) });

describe('the demo compliance catalogue', () => {
  it('cites the sections LEGAL.md gives, with Hindi titles for India and French for Canada', () => {
    expect(Object.fromEntries(DEMO_OBLIGATIONS.map((o) => [o.key, o.section]))).toEqual({
      'IN.POSH.S4.COMMITTEE': 's.4(1)',
      'IN.POSH.S19B.DISPLAY': 's.19(b)',
      'IN.POSH.S19C.AWARENESS': 's.19(c)',
      'IN.POSH.R13.ORIENTATION': 'Rule 13',
      'IN.POSH.S21.ANNUAL_REPORT': 's.21, Rule 14',
      'IN.POSH.S22.ORGANISATION_REPORT': 's.22',
      'IN.COMPANIES.R8-5-X.BOARD_REPORT': 'r.8(5)(x)',
      'CA.WHVP.S5-1.ASSESSMENT': 's.5(1)',
      'CA.WHVP.S5-3.ASSESSMENT_REVIEW': 's.5(3)',
      'CA.WHVP.S9.PREVENTIVE_MEASURES': 's.9',
      'CA.WHVP.S10-1.POLICY': 's.10(1)',
      'CA.WHVP.S10-4.POLICY_REVIEW': 's.10(4)',
      'CA.WHVP.S10-4.POLICY_AFTER_CHANGE': 's.10(4)',
      'CA.WHVP.S12-4.TRAINING': 's.12(4)',
      'CA.WHVP.S14.DESIGNATED_RECIPIENT': 's.14',
      'CA.WHVP.S36.ANNUAL_REPORT': 's.36',
    });
    for (const o of DEMO_OBLIGATIONS) {
      expect(o.title[o.country === 'IN' ? 'hi' : 'fr'], o.key).toBeTruthy();
      const { category: _, ...input } = o;
      const parsed = ZObligationInput.safeParse({ ...input, categoryId: crypto.randomUUID(), jurisdictionId: null });
      expect(parsed.success, `${o.key}: ${parsed.error?.message}`).toBe(true);
    }
    const s4 = DEMO_OBLIGATIONS.find((o) => o.key === 'IN.POSH.S4.COMMITTEE')!;
    expect(s4).toMatchObject({ kind: 'CONTINUOUS', scope: 'UNIT', evidenceSource: 'COMMITTEE' });
    expect(s4.applicability.minHeadcount).toBe(10);
    const s36 = DEMO_OBLIGATIONS.find((o) => o.key === 'CA.WHVP.S36.ANNUAL_REPORT')!;
    expect(s36.dueRule).toMatchObject({ anchor: 'NEXT_PERIOD_START', offset: 2, unit: 'MONTH' });
    expect(s36.recurrence).toMatchObject({ every: 1, unit: 'YEAR', alignTo: 'CALENDAR_YEAR' });
  });

  it('is in a fresh database, and every obligation passes the operator’s checks unchanged', async () => {
    const list = await call('POST', '/admin/compliance/all', {});
    expect(list.statusCode).toBe(200);
    const rows: Array<{ id: string; key: string; version: number } & Record<string, unknown>> = list.json().content;
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const demo of DEMO_OBLIGATIONS) {
      const row = byKey.get(demo.key);
      expect(row, demo.key).toBeDefined();
      const { id, status: _s, version, createdAt: _c, updatedAt: _u, actions: _a, ...body } = row!;
      const saved = await call('POST', `/admin/compliance/update/${id}`, body);
      expect(saved.statusCode, `${demo.key}: ${saved.body}`).toBe(200);
      expect(saved.json().version).toBe(version + 1);
    }
    const categories = await call('GET', '/admin/compliance-category/all?sortBy=KEY');
    expect(categories.json().content.map((c: { key: string }) => c.key)).toEqual(
      expect.arrayContaining(['ASSESSMENT_POLICY', 'AWARENESS_TRAINING', 'COMMITTEE', 'REPORTS']),
    );
  });

  it('loads by key: again adds nothing, and a start with a catalogue leaves it alone', async () => {
    const added = await withPlatform(t.database.db, { action: 'test.load', audit: false }, loadDemoCatalogue);
    expect(added).toBe(0);
    expect(await loadDemoCatalogueAtStart(t.database.db)).toBe(0);
  });
});

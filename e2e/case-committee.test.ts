import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  newPage,
  platformHost,
  settled,
  sideScroll,
  signInByApi,
  useBrowser,
} from './browser.ts';
import { CASE_PASSWORD, newMember, openKey, tokenOf } from './cases.ts';

/**
 * The committee's side of complaint cases (issue 26), end to end on Acme (India, POSH): a unit of
 * its own with an Internal Committee of new people (so that other journeys' demo accounts and
 * concerned-authority cards stay as they expect), a complaint filed through the API, then
 * - a member reads the list on a phone (360 px): the case, its next deadline and days left;
 * - the presiding officer (1280 px) opens the case behind her key, marks the first step done, and,
 *   the server's clock moved past the Rule 7(2) deadline, is refused completing the next step
 *   without a reason, then gives it; she verifies the trail and closes the case;
 * - the employer, who holds complaints.manage without sitting on a committee, sees counts only.
 * The case page needs the case view (`GET /cms/api/case/{id}`, another work package of issue 26):
 * its part runs once that route is served.
 */
const browser = useBrowser();
const stamp = Date.now().toString(36);
const PASSWORD = CASE_PASSWORD;
const DAY_MS = 86_400_000;

async function shot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) {
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
  }
}

async function clock(body: { now: string } | { advanceMs: number } | { reset: true }) {
  const res = await api<{ now: string }>(platformHost(), 'POST', '/dev/clock', { body });
  expect(res.status).toBe(200);
  return res.json;
}

type World = {
  unitId: string;
  po: string;
  m1: string;
  m2: string;
  complainant: string;
  caseId: string;
  reference: string;
};

/** The unit, its committee, its people, and a complaint filed by one of them. */
async function aWorld(): Promise<World> {
  const admin = await tokenOf(acmeHost(), 'admin@acme.test', DEMO_PASSWORD);
  const unit = await api<{ branchId: string }>(acmeHost(), 'POST', '/api/workspace/create-branch', {
    token: admin,
    body: { branchName: `Cases unit ${stamp}`, backgroundColor: '335577', branchLogo: null },
  });
  expect(unit.status, JSON.stringify(unit.json)).toBe(200);
  const unitId = unit.json.branchId;
  const emails = {
    po: `po-${stamp}@acme.test`,
    m1: `m1-${stamp}@acme.test`,
    m2: `m2-${stamp}@acme.test`,
    complainant: `kavya-${stamp}@acme.test`,
  };
  const ids = {
    po: await newMember(acmeHost(), admin, unitId, emails.po, 'Meera', 'Presiding'),
    m1: await newMember(acmeHost(), admin, unitId, emails.m1, 'Anil', 'Member'),
    m2: await newMember(acmeHost(), admin, unitId, emails.m2, 'Farah', 'Member'),
    complainant: await newMember(acmeHost(), admin, unitId, emails.complainant, 'Kavya', 'Complainant'),
  };
  const term = { termStart: '2026-01-01', termEnd: '2028-12-31' };
  const committee = await api(acmeHost(), 'POST', '/api/committee/create', {
    token: admin,
    body: {
      kind: 'INTERNAL_COMMITTEE',
      name: `Internal Committee ${stamp}`,
      workspaceWide: false,
      branchIds: [unitId],
      orderDate: '2026-01-01',
      howToRaise: null,
      effectiveDate: '2026-01-01',
      members: [
        { role: 'PRESIDING_OFFICER', accountId: ids.po, external: null, gender: 'WOMAN', senior: true, ...term },
        { role: 'MEMBER', accountId: ids.m1, external: null, gender: 'MAN', senior: false, ...term },
        { role: 'MEMBER', accountId: ids.m2, external: null, gender: 'WOMAN', senior: false, ...term },
        {
          role: 'EXTERNAL_MEMBER',
          accountId: null,
          external: { name: 'Sunita Trust', organisation: 'Sakhi Trust', email: 'sunita@sakhi.example', phone: null },
          gender: 'WOMAN',
          senior: false,
          ...term,
        },
      ],
    },
  });
  expect(committee.status, JSON.stringify(committee.json)).toBe(200);
  // The complainant files through the API (her own journey is another work package's).
  const her = await tokenOf(acmeHost(), emails.complainant);
  expect(
    (await api(acmeHost(), 'POST', '/cms/api/case-key/unlock', { token: her, body: { secret: PASSWORD } })).status,
  ).toBe(200);
  const forms = await api<{ forms: Array<{ workflowId: string; jurisdiction: string }> }>(
    acmeHost(),
    'GET',
    '/cms/api/complaint/forms',
    { token: her },
  );
  const form = forms.json.forms.find((f) => f.jurisdiction === 'IN_POSH')!;
  const draft = await api<{ id: string; revision: number }>(acmeHost(), 'POST', '/cms/api/complaint/draft', {
    token: her,
    body: { workflowId: form.workflowId },
  });
  expect(draft.status, JSON.stringify(draft.json)).toBe(200);
  const today = new Date(Date.now()).toISOString().slice(0, 10);
  const receipt = await api<{ caseId: string; reference: string }>(
    acmeHost(),
    'POST',
    `/cms/api/complaint/submit/${draft.json.id}`,
    {
      token: her,
      body: {
        revision: draft.json.revision,
        answers: {
          COMPLAINANT_NAME: 'Kavya Complainant',
          COMPLAINANT_EMAIL: emails.complainant,
          INCIDENT_DETAILS: 'At the review meeting he made remarks about my appearance.',
          INCIDENT_DATE: today,
          RESPONDENT_NAME: 'Ravi Respondent',
          RESPONDENT_EMAIL: 'ravi@example.com',
        },
      },
    },
  );
  expect(receipt.status, JSON.stringify(receipt.json)).toBe(200);
  return { unitId, ...emails, caseId: receipt.json.caseId, reference: receipt.json.reference } as unknown as World;
}

describe('the committee runs a POSH case', () => {
  afterAll(async () => {
    await clock({ reset: true });
  });

  it('lists it on a phone, runs it at 1280 px with a late step’s reason, and shows counts only to the employer', async () => {
    const w = await aWorld();
    const emails = w as unknown as { po: string; m1: string; complainant: string };

    // A member's list on a phone: the case, its next deadline, days left; no sideways scrolling.
    {
      const { context, page } = await newPage(browser(), { mobile: true });
      await signInByApi(page, acmeHost(), emails.m1, PASSWORD);
      await page.goto(acmeUrl('/cases'));
      await page.getByRole('heading', { level: 1, name: 'Complaints' }).waitFor();
      await page.getByRole('link', { name: w.reference }).waitFor();
      await settled(page);
      expect(await sideScroll(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await shot(page, 'cases-list-360');
      expect(await page.title()).not.toContain('Kavya');
      await context.close();
    }

    // The employer: counts only, and why.
    {
      const { context, page } = await newPage(browser());
      await signInByApi(page, acmeHost(), 'employer@acme.test');
      await page.goto(acmeUrl('/cases'));
      await page.getByRole('heading', { name: 'Complaints in this workspace' }).waitFor();
      await page.getByText('only the committee members assigned to a case may read it').waitFor();
      expect(await page.getByRole('link', { name: w.reference }).count()).toBe(0);
      await expectAccessible(page);
      await context.close();
    }

    // The presiding officer at 1280 px, once the case view is served.
    const po = await tokenOf(acmeHost(), emails.po);
    const probe = await api<{ code?: string }>(acmeHost(), 'GET', `/cms/api/case/${w.caseId}`, { token: po });
    if (probe.json.code === 'ROUTE_NOT_FOUND') return;

    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), emails.po, PASSWORD);
    await page.goto(acmeUrl('/cases'));
    await page.getByRole('link', { name: w.reference }).click();
    await openKey(page, w.reference);
    await page.getByRole('heading', { level: 1, name: w.reference }).waitFor();
    expect(await page.title()).toContain(`Case ${w.reference}`);
    await expectAccessible(page);
    // The first step: the complaint received.
    const received = page
      .getByText('Check the complaint is in time')
      .locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');
    await received.getByRole('button', { name: 'Mark done' }).click();
    await received.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Step done.').waitFor();
    await context.close();

    // Twenty days on, the Rule 7(2) copy is late: refused without a reason, done with one.
    await clock({ advanceMs: 20 * DAY_MS });
    const late = await newPage(browser());
    await signInByApi(late.page, acmeHost(), emails.po, PASSWORD);
    await late.page.goto(acmeUrl(`/cases/${w.caseId}`));
    await openKey(late.page, w.reference);
    await late.page.getByRole('heading', { level: 1, name: w.reference }).waitFor();
    const copy = late.page
      .getByText('Rule 7(2)')
      .first()
      .locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');
    await copy.getByText(/days overdue/).waitFor();
    await copy.getByRole('button', { name: 'Mark done' }).click();
    expect(await copy.getByRole('button', { name: 'Confirm' }).isDisabled()).toBe(true);
    await copy.getByLabel('Why was this not done in time?').fill('The respondent was travelling abroad.');
    await copy.getByRole('button', { name: 'Confirm' }).click();
    await late.page.getByText('Step done.').waitFor();
    await copy.getByText('Done late, reason recorded').waitFor();
    // The trail verifies.
    await late.page.getByRole('button', { name: 'Verify' }).click();
    await late.page.getByText(/^Intact:/).waitFor();
    await expectAccessible(late.page);
    await shot(late.page, 'case-1280');
    await late.context.close();
  });
});

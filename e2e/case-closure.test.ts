import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  globexHost,
  newPage,
  settled,
  sideScroll,
  signInByApi,
  useBrowser,
} from './browser.ts';
import { CASE_PASSWORD, newMember, openKey, tokenOf } from './cases.ts';

/**
 * Complaint cases run to closure in the browser (issue 26), each run with a unit, a committee and
 * people of its own (so it depends neither on the demo's committees nor on other journeys):
 * - POSH on Acme (India) at 1280 px: the presiding officer accepts the complaint, names and informs
 *   the respondent, who (on a phone, 360 px) reads the copy and replies; she starts the inquiry,
 *   schedules the hearing, records it as held with the three members present, the committee votes
 *   its findings, the report goes to the employer and the parties, and she closes the case: closed,
 *   with the appeal window of s.18(2).
 * - A member who declares a conflict on another case loses it: back to the list, not in it, 404.
 * - Canada on Globex at 1280 px: the designated recipient runs a notice through its steps to the
 *   completion and closes it; the complainant, on a phone, reads it closed.
 * Through the API, and why: the filing (the filing pages are another journey's), the people and the
 * committees (the administrator's pages are other journeys'), and the two other members' votes (each
 * member votes in their own session: a second and third browser would add nothing but time).
 */
const browser = useBrowser();
const stamp = Date.now().toString(36);
const PASSWORD = CASE_PASSWORD;

const dayIn = (zone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(at);
/** Today as the date picker reads it typed in English ("29 November 2026"). */
const typedDay = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: zone }).format(
    new Date(),
  );

/** Opens (or sets up) a person's case key for a session of their own through the API. */
async function unlock(host: string, login: string) {
  const token = await tokenOf(host, login);
  const res = await api(host, 'POST', '/cms/api/case-key/unlock', { token, body: { secret: PASSWORD } });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return token;
}

/** Files a complaint through the API as `login`, in the form of `jurisdiction`; answers the receipt. */
async function file(host: string, login: string, jurisdiction: string, answers: Record<string, unknown>) {
  const token = await unlock(host, login);
  const forms = await api<{ forms: Array<{ workflowId: string; jurisdiction: string }> }>(
    host,
    'GET',
    '/cms/api/complaint/forms',
    { token },
  );
  const form = forms.json.forms.find((f) => f.jurisdiction === jurisdiction);
  expect(form, JSON.stringify(forms.json)).toBeDefined();
  const draft = await api<{ id: string; revision: number }>(host, 'POST', '/cms/api/complaint/draft', {
    token,
    body: { workflowId: form!.workflowId },
  });
  expect(draft.status, JSON.stringify(draft.json)).toBe(200);
  const receipt = await api<{ caseId: string; reference: string }>(
    host,
    'POST',
    `/cms/api/complaint/submit/${draft.json.id}`,
    { token, body: { revision: draft.json.revision, answers } },
  );
  expect(receipt.status, JSON.stringify(receipt.json)).toBe(200);
  return receipt.json;
}

/** The committee's card of a step, by its title. */
const stepCard = (page: Page, title: string) =>
  page
    .getByText(title, { exact: true })
    .first()
    .locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]');

/** A step's action card, by its heading. */
const actionCard = (step: Locator, heading: string) =>
  step.locator('.mantine-Card-root').filter({ has: step.page().getByText(heading, { exact: true }) });

/** Clicks an action's button and confirms it; waits for the action to read as done. */
async function act(step: Locator, heading: string, button = heading) {
  const card = actionCard(step, heading);
  await card.getByRole('button', { name: button }).click();
  await card.getByRole('button', { name: 'Confirm' }).click();
  await card.getByText('Done', { exact: true }).waitFor();
}

/** Marks a step done and waits for it to read as done. */
async function markDone(step: Locator) {
  await step.getByRole('button', { name: 'Mark done' }).click();
  // The step's own form (an action's confirmation may still be showing its Confirm).
  await step.locator('form button[type="submit"]', { hasText: 'Confirm' }).click();
  await expect.poll(() => step.getByRole('button', { name: /^(Mark done|Confirm)$/ }).count()).toBe(0);
  await step.getByText(/^Done /).waitFor();
}

type People = Record<'po' | 'm1' | 'm2' | 'complainant' | 'respondent', string>;

/** A new unit of Acme with an Internal Committee of new people, and a respondent; everyone's key set up. */
async function poshWorld(): Promise<{ emails: People; ids: People }> {
  const admin = await tokenOf(acmeHost(), 'admin@acme.test', DEMO_PASSWORD);
  const unit = await api<{ branchId: string }>(acmeHost(), 'POST', '/api/workspace/create-branch', {
    token: admin,
    body: { branchName: `Closure unit ${stamp}`, backgroundColor: '553377', branchLogo: null },
  });
  expect(unit.status, JSON.stringify(unit.json)).toBe(200);
  const unitId = unit.json.branchId;
  const emails: People = {
    po: `cl-po-${stamp}@acme.test`,
    m1: `cl-m1-${stamp}@acme.test`,
    m2: `cl-m2-${stamp}@acme.test`,
    complainant: `cl-kavya-${stamp}@acme.test`,
    respondent: `cl-ravi-${stamp}@acme.test`,
  };
  const names: Record<keyof People, [string, string]> = {
    po: ['Meera', 'Presiding'],
    m1: ['Anil', 'Member'],
    m2: ['Farah', 'Member'],
    complainant: ['Kavya', 'Complainant'],
    respondent: ['Ravi', `Respondent ${stamp}`],
  };
  const ids = {} as People;
  for (const k of Object.keys(emails) as Array<keyof People>)
    ids[k] = await newMember(acmeHost(), admin, unitId, emails[k], ...names[k]);
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
  for (const k of Object.keys(emails) as Array<keyof People>) await unlock(acmeHost(), emails[k]);
  return { emails, ids };
}

const poshAnswers = (emails: Pick<People, 'complainant'>, details: string) => ({
  COMPLAINANT_NAME: 'Kavya Complainant',
  COMPLAINANT_EMAIL: emails.complainant,
  INCIDENT_DETAILS: details,
  INCIDENT_DATE: dayIn('Asia/Kolkata'),
  // No respondent's email: the filing would name the account with that email as the respondent,
  // and the presiding officer names him herself, with the person picker.
  RESPONDENT_NAME: 'Ravi Respondent',
});

describe('complaint cases run to closure', () => {
  let posh: { emails: People; ids: People } | undefined;
  const world = async () => {
    posh ??= await poshWorld();
    return posh;
  };

  it('POSH: the committee runs a case through every stage to closure; the respondent replies on a phone', async () => {
    const { emails } = await world();
    const details = 'At the review meeting he made remarks about my appearance.';
    const c = await file(acmeHost(), emails.complainant, 'IN_POSH', poshAnswers(emails, details));
    const acme = (p: string) => `http://${acmeHost()}${p}`;

    const { context, page } = await newPage(browser());
    try {
      await signInByApi(page, acmeHost(), emails.po, PASSWORD);
      await page.goto(acme(`/cases/${c.caseId}`));
      await openKey(page, c.reference);
      await settled(page);
      await expectAccessible(page);

      // Receiving: accepted, then the step done.
      const received = stepCard(page, 'Check the complaint is in time');
      await act(received, 'Complaint accepted');
      await markDone(received);

      // The respondent named as a party (the committee's person picker), then sent the copy.
      const people = page.getByRole('region', { name: 'People in the case' });
      const person = people.getByLabel('Person', { exact: true });
      await person.click();
      await person.pressSequentially(`cl-ravi-${stamp}`);
      await page.getByRole('option', { name: /Ravi Respondent/ }).click({ timeout: 10_000 });
      await people.getByRole('button', { name: 'Add', exact: true }).click();
      await people.getByText(/Ravi Respondent .* — Respondent/).waitFor();
      const copy = stepCard(page, 'Send the respondent a copy of the complaint');
      await actionCard(copy, 'Send the copy of the complaint').getByLabel('Respondent').click();
      await page.getByRole('option', { name: /Ravi Respondent/ }).click();
      await act(copy, 'Send the copy of the complaint');
      await people.getByText(/— Respondent \(informed\)/).waitFor();
      await markDone(copy);
    } catch (e) {
      await context.close();
      throw e;
    }

    // The respondent, on a phone: the copy shared with them, and their reply.
    {
      const r = await newPage(browser(), { mobile: true });
      await signInByApi(r.page, acmeHost(), emails.respondent, PASSWORD);
      await r.page.goto(acme(`/complaints/${c.caseId}`));
      await openKey(r.page, `Case ${c.reference}`);
      await r.page.getByText('Shared with you').first().waitFor();
      await r.page.getByText(details).waitFor();
      await r.page
        .getByText(/Rule 7\(3\)/)
        .first()
        .waitFor();
      expect(await sideScroll(r.page)).toBeLessThanOrEqual(0);
      await settled(r.page);
      await expectAccessible(r.page);
      await r.page.getByLabel('Write to the committee').fill('I deny this; my reply and two witnesses follow.');
      await r.page.getByRole('button', { name: 'Send' }).click();
      await r.page.getByText('Message sent.').waitFor();
      await r.context.close();
    }

    try {
      // Back as the presiding officer (the reply changed the case: read it again).
      await page.reload();
      await openKey(page, c.reference);
      await page.getByText('I deny this; my reply and two witnesses follow.').waitFor();
      await markDone(stepCard(page, "Respondent's reply"));
      const start = stepCard(page, 'Start the inquiry');
      await act(start, 'Inquiry started');
      await markDone(start);

      // The hearing: scheduled with every field, then held with the three members present.
      const hearing = stepCard(page, 'Hearing');
      await hearing.getByRole('button', { name: 'Schedule a meeting' }).click();
      await hearing.getByLabel('Title').fill('First hearing');
      await hearing.getByLabel('Agenda').fill('Hear both parties about the review meeting.');
      const day = dayIn('Asia/Kolkata', new Date(Date.now() + 7 * 86_400_000));
      await hearing.getByLabel('Starts').fill(`${day}T10:00`);
      await hearing.getByLabel('Ends').fill(`${day}T11:30`);
      await hearing.getByLabel('Place or link').fill('Board room, 4th floor');
      await hearing.getByRole('checkbox', { name: 'Kavya Complainant' }).check();
      await hearing.getByRole('checkbox', { name: /Ravi Respondent/ }).check();
      await hearing.getByRole('button', { name: 'Add a guest' }).click();
      await hearing.getByLabel('Name', { exact: true }).fill('Sunita Trust');
      await hearing.getByLabel('Email', { exact: true }).fill('sunita@sakhi.example');
      await hearing.getByRole('button', { name: 'Schedule and invite' }).click();
      await hearing.getByText('Scheduled', { exact: true }).waitFor();
      await settled(page);
      await expectAccessible(page);
      await hearing.getByRole('button', { name: 'Record minutes' }).click();
      await hearing.getByLabel('Minutes').fill('Both parties heard; the two witnesses heard.');
      await hearing.getByLabel('Outcome').fill('Heard; the committee deliberates.');
      for (const name of ['Meera Presiding', 'Anil Member', 'Farah Member'])
        await hearing.getByRole('checkbox', { name }).check();
      await hearing.getByRole('button', { name: 'Save the minutes' }).click();
      await hearing.getByText('Held', { exact: true }).waitFor();
      await markDone(hearing);

      // The findings: the two other members vote in their own sessions, the presiding officer here.
      const view = await api<{ steps: Array<{ id: string; stepKey: string }> }>(
        acmeHost(),
        'GET',
        `/cms/api/case/${c.caseId}`,
        { token: await unlock(acmeHost(), emails.po) },
      );
      const inquiryDone = view.json.steps.find((s) => s.stepKey === 'INQUIRY_COMPLETED')!.id;
      for (const member of [emails.m1, emails.m2]) {
        const token = await unlock(acmeHost(), member);
        const vote = await api(acmeHost(), 'POST', `/cms/api/case/${c.caseId}/action/${inquiryDone}/FINDINGS_VOTE`, {
          token,
          body: { option: 'PROVED' },
        });
        expect(vote.status, JSON.stringify(vote.json)).toBe(200);
      }
      await page.reload();
      await openKey(page, c.reference);
      const findings = stepCard(page, 'Complete the inquiry');
      await findings.getByText('2 of 3 votes cast').waitFor();
      await findings.getByRole('radio', { name: 'Proved', exact: true }).check();
      await findings.getByRole('button', { name: 'Vote', exact: true }).click();
      await findings.getByText('Decided: Proved').waitFor();
      await markDone(findings);

      // The report: to the employer (someone who handles complaints for them), and a notice to both parties.
      const report = stepCard(page, 'Send the report to the employer');
      const employer = actionCard(report, 'Send to the employer');
      await employer.getByLabel('For the employer').click();
      await page.getByRole('option').first().click();
      await act(report, 'Send to the employer');
      await act(report, 'Send the notice');
      await markDone(report);
      const employerAction = stepCard(page, 'Employer acts on the report');
      await act(employerAction, 'Action taken');
      await markDone(employerAction);

      // Closing: the outcome, the report's date, the employer's action.
      const close = page.getByRole('region', { name: 'Close the case' });
      await close.getByLabel('Outcome').click();
      await page.getByRole('option', { name: 'Proved', exact: true }).click();
      const today = dayIn('Asia/Kolkata');
      await close.getByRole('textbox', { name: 'Date of the report / recommendations' }).fill(typedDay('Asia/Kolkata'));
      await close.getByRole('textbox', { name: 'Date of the report / recommendations' }).press('Tab');
      await close
        .getByLabel('The employer’s action', { exact: true })
        .fill('A written warning; the respondent moved to another team.');
      await close.getByRole('button', { name: 'Close the case' }).click();
      await close.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Outcome: Proved').waitFor();
      await page.getByText(/^Appeal possible until /).waitFor();
      const header = page.getByRole('heading', { level: 1, name: c.reference }).locator('xpath=..');
      await header.getByText('Closed', { exact: true }).waitFor();
      const after = await api<{ status: string; appealUntil: string | null }>(
        acmeHost(),
        'GET',
        `/cms/api/case/${c.caseId}`,
        { token: await unlock(acmeHost(), emails.po) },
      );
      expect(after.json.status).toBe('CLOSED');
      // s.18(2): 90 days from the recommendations.
      expect(after.json.appealUntil! > today).toBe(true);
      await settled(page);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });

  it('a member who declares a conflict loses the case: not in their list, and 404', async () => {
    const { emails } = await world();
    const c = await file(
      acmeHost(),
      emails.complainant,
      'IN_POSH',
      poshAnswers(emails, 'In the canteen he blocked my way and would not let me pass.'),
    );
    const { context, page } = await newPage(browser());
    try {
      await signInByApi(page, acmeHost(), emails.m2, PASSWORD);
      await page.goto(`http://${acmeHost()}/cases/${c.caseId}`);
      await openKey(page, c.reference);
      await page.getByRole('button', { name: 'Declare a conflict' }).click();
      const dialog = page.getByRole('dialog', { name: 'Declare a conflict of interest' });
      await dialog.getByLabel('Why (the committee reads this)').fill('The respondent is my brother-in-law.');
      await settled(page);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Declare and lose access' }).click();
      await page.waitForURL(/\/cases$/);
      await page.getByRole('heading', { level: 1, name: 'Complaints' }).waitFor();
      await settled(page);
      expect(await page.getByRole('link', { name: c.reference }).count()).toBe(0);
      const res = await api(acmeHost(), 'GET', `/cms/api/case/${c.caseId}`, {
        token: await unlock(acmeHost(), emails.m2),
      });
      expect(res.status).toBe(404);
    } finally {
      await context.close();
    }
  });

  it('Canada: the designated recipient runs a notice to its completion; the complainant reads it closed', async () => {
    const host = globexHost();
    const admin = await tokenOf(host, 'admin@globex.test', DEMO_PASSWORD);
    const unit = await api<{ branchId: string }>(host, 'POST', '/api/workspace/create-branch', {
      token: admin,
      body: { branchName: `Closure unit ${stamp}`, backgroundColor: '335577', branchLogo: null },
    });
    expect(unit.status, JSON.stringify(unit.json)).toBe(200);
    const recipient = `cl-dr-${stamp}@globex.test`;
    const complainant = `cl-noor-${stamp}@globex.test`;
    const drId = await newMember(host, admin, unit.json.branchId, recipient, 'Chloé', 'Recipient');
    await newMember(host, admin, unit.json.branchId, complainant, 'Noor', 'Principal');
    const committee = await api(host, 'POST', '/api/committee/create', {
      token: admin,
      body: {
        kind: 'DESIGNATED_RECIPIENT',
        name: `Designated recipient ${stamp}`,
        workspaceWide: false,
        branchIds: [unit.json.branchId],
        orderDate: null,
        howToRaise: null,
        effectiveDate: '2026-01-01',
        members: [
          {
            role: 'DESIGNATED_RECIPIENT',
            accountId: drId,
            external: null,
            gender: 'WOMAN',
            senior: true,
            termStart: '2026-01-01',
            termEnd: '2028-12-31',
            trainingCompletedOn: '2026-01-01',
          },
        ],
      },
    });
    expect(committee.status, JSON.stringify(committee.json)).toBe(200);
    await unlock(host, recipient);
    const c = await file(host, complainant, 'CA_SOR_2020_130', {
      COMPLAINANT_NAME: 'Noor Principal',
      COMPLAINANT_EMAIL: complainant,
      INCIDENT_DETAILS: 'My supervisor shouted at me and threw a binder across the room.',
      INCIDENT_DATE: dayIn('America/Toronto'),
      RESPONDENT_NAME: 'A supervisor',
    });
    const globex = (p: string) => `http://${host}${p}`;

    const { context, page } = await newPage(browser());
    try {
      await signInByApi(page, host, recipient, PASSWORD);
      await page.goto(globex(`/cases/${c.caseId}`));
      await openKey(page, c.reference);
      await settled(page);
      await expectAccessible(page);
      const notice = stepCard(page, 'Record the notice');
      await act(notice, 'Notice recorded');
      await markDone(notice);
      const contact = stepCard(page, 'Contact the principal party');
      await act(contact, 'Send the notice');
      await markDone(contact);
      const resolution = stepCard(page, 'Negotiated resolution');
      await act(resolution, 'Resolved');
      await markDone(resolution);
      const completion = stepCard(page, 'Complete the resolution process');
      await act(completion, 'Process completed');
      await markDone(completion);

      const close = page.getByRole('region', { name: 'Close the case' });
      await close.getByLabel('Outcome').click();
      await page.getByRole('option', { name: 'Resolved', exact: true }).click();
      await close
        .getByRole('textbox', { name: 'Date of the report / recommendations' })
        .fill(typedDay('America/Toronto'));
      await close.getByRole('textbox', { name: 'Date of the report / recommendations' }).press('Tab');
      await close
        .getByLabel('The employer’s action', { exact: true })
        .fill('Respectful-workplace coaching for the supervisor.');
      await close.getByRole('button', { name: 'Close the case' }).click();
      await close.getByRole('button', { name: 'Confirm' }).click();
      await page.getByText('Outcome: Resolved').waitFor();
      const header = page.getByRole('heading', { level: 1, name: c.reference }).locator('xpath=..');
      await header.getByText('Closed', { exact: true }).waitFor();
      // No appeal window outside POSH.
      expect(await page.getByText(/^Appeal possible until /).count()).toBe(0);
      await settled(page);
      await expectAccessible(page);
    } finally {
      await context.close();
    }

    // The complainant, on a phone: closed, and still readable.
    const her = await newPage(browser(), { mobile: true });
    try {
      await signInByApi(her.page, host, complainant, PASSWORD);
      await her.page.goto(globex(`/complaints/${c.caseId}`));
      await openKey(her.page, `Case ${c.reference}`);
      await her.page.getByText('This case is closed. You can still read it.').waitFor();
      expect(await sideScroll(her.page)).toBeLessThanOrEqual(0);
      await settled(her.page);
      await expectAccessible(her.page);
    } finally {
      await her.context.close();
    }
  });
});

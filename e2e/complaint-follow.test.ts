import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeToken,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  newPage,
  settled,
  sideScroll,
  signInByApi,
  useBrowser,
} from './browser.ts';

/**
 * Following a complaint (issue 26), end to end on Acme (India, POSH) at 360 px in English: a
 * complaint is filed through the API to the demo's Internal Committee of Bengaluru HQ; then the
 * complainant opens her case on her phone, unlocks her key, reads where it stands and what comes
 * next, writes to the committee, and downloads a meeting's calendar file.
 */
const browser = useBrowser();
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());

const idOf = async (login: string) =>
  (await api<{ user: { userId: string } }>(acmeHost(), 'GET', '/api/user/details', { token: await acmeToken(login) }))
    .json.user.userId;

const cms = async <T = Record<string, unknown>>(token: string, method: string, path: string, body?: unknown) =>
  api<T>(acmeHost(), method, `/cms/api${path}`, { token, ...(body === undefined ? {} : { body }) });

describe('following a complaint on a phone', () => {
  it('the complainant reads her case, writes to the committee and gets the meeting in her calendar', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    try {
      // Filed through the API (the filing pages are another journey's).
      const token = await acmeToken('employee@acme.test');
      expect((await cms(token, 'POST', '/case-key/unlock', { secret: DEMO_PASSWORD })).status).toBe(200);
      const forms = await cms<{ forms: Array<{ workflowId: string }> }>(token, 'GET', '/complaint/forms');
      const draft = await cms<{ id: string; revision: number }>(token, 'POST', '/complaint/draft', {
        workflowId: forms.json.forms[0]!.workflowId,
      });
      expect(draft.status, JSON.stringify(draft.json)).toBe(200);
      const receipt = await api<{ caseId: string; reference: string }>(
        acmeHost(),
        'POST',
        `/cms/api/complaint/submit/${draft.json.id}`,
        {
          token,
          body: {
            revision: draft.json.revision,
            answers: {
              COMPLAINANT_NAME: 'Rahul Sharma',
              COMPLAINANT_EMAIL: 'employee@acme.test',
              INCIDENT_DETAILS: 'In the team meeting he mocked me in front of everyone, again.',
              INCIDENT_DATE: today,
              RESPONDENT_NAME: 'A colleague',
            },
          },
        },
      );
      expect(receipt.status, JSON.stringify(receipt.json)).toBe(200);
      const { caseId, reference } = receipt.json;

      // A meeting she is invited to, if the committee's meetings route is there.
      const po = await acmeToken('ic.presiding@acme.test');
      await cms(po, 'POST', '/case-key/unlock', { secret: DEMO_PASSWORD });
      const view = await cms<{ steps: Array<{ id: string; type: string; status: string }> }>(
        po,
        'GET',
        `/case/${caseId}`,
      );
      const meetingStep = view.json.steps.find((s) => s.type === 'MEETING' && s.status === 'ACTIVE');
      let meeting = false;
      if (meetingStep) {
        const scheduled = await cms(po, 'POST', `/case/${caseId}/meeting`, {
          stepId: meetingStep.id,
          fields: {
            MEETING_TITLE: 'Hearing',
            MEETING_DESCRIPTION: 'Hear the complainant',
            MEETING_START_TIME: '2030-03-12T10:00:00+05:30',
            MEETING_END_TIME: '2030-03-12T11:00:00+05:30',
            MEETING_LOCATION: 'Room 4',
          },
          guestAccountIds: [await idOf('employee@acme.test')],
        });
        meeting = scheduled.status === 200;
      }

      await signInByApi(page, acmeHost(), 'employee@acme.test');
      await page.goto(acmeUrl(`/complaints/${caseId}`));
      // Her key is opened for this session with her password.
      await page.getByLabel('Your sign-in password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /^(Open|Continue)$/ }).click();
      await page.getByRole('heading', { level: 1, name: `Case ${reference}` }).waitFor();
      // The tab says the reference only; the address holds ids only.
      await expect.poll(() => page.title()).toMatch(new RegExp(`^Case ${reference}`));
      expect(page.url()).not.toContain('mocked');
      await page.getByRole('button', { name: 'Quick exit' }).waitFor();
      await page.getByRole('heading', { name: 'What happens next' }).waitFor();
      await page
        .getByText(/^Under /)
        .first()
        .waitFor();
      await page.getByRole('heading', { name: 'Steps' }).waitFor();
      // Conciliation is hers to ask for, never for money (s.10(1)).
      await page.getByText('Conciliation cannot be a monetary settlement (s.10(1)).').first().waitFor();
      // POSH provides no withdrawal: no such button.
      expect(await page.getByRole('button', { name: 'Withdraw my complaint' }).count()).toBe(0);
      expect(await sideScroll(page)).toBeLessThanOrEqual(0);
      await settled(page);
      await expectAccessible(page);

      // She writes to the committee.
      await page.getByLabel('Write to the committee').fill('I can bring a witness to the hearing.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText('Message sent.').waitFor();
      await page.getByText('I can bring a witness to the hearing.').waitFor();
      const after = await cms<{ entries: Array<{ kind: string; author: { kind: string } }> }>(
        token,
        'GET',
        `/case/${caseId}`,
      );
      expect(after.json.entries.some((e) => e.kind === 'MESSAGE' && e.author.kind === 'YOU')).toBe(true);

      // The meeting goes to her calendar as a file named by the reference only.
      if (meeting) {
        await page.getByRole('heading', { name: 'Meetings you are invited to' }).waitFor();
        const download = page.waitForEvent('download');
        await page.getByRole('button', { name: 'Add to calendar' }).click();
        expect((await download).suggestedFilename()).toBe(`meeting-${reference}.ics`);
      }
    } finally {
      await context.close();
    }
  });
});

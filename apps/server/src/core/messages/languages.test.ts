import { LANGUAGES } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, invitations, workspaces } from '../../db/schema.ts';
import { sessionFor } from '../../testing/admin-fixture.ts';
import { captureMailer, captureSms, codeIn } from '../../testing/capture.ts';
import { newPhone, newUser, newWorkspace, type TestWorkspace } from '../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { withPlatform } from '../db/tenant.ts';
import { messagesIn } from './index.ts';

const mail = captureMailer();
const sms = captureSms();
let t: TestApp;
let ws: TestWorkspace;

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, sms: sms.sms });
  ws = await newWorkspace(t.database.db, { name: 'Bharat Textiles', color: 'C2410C' });
  // A logo, as the settings page would store it: mail shows it by its absolute URL.
  await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
    tx
      .update(workspaces)
      .set({ logoUrl: `/api/workspace/logo/${ws.id}/logo.png` })
      .where(eq(workspaces.id, ws.id)),
  );
});
afterAll(() => t.close());

const db = () => t.database.db;
const post = (url: string, payload: object, token?: string) =>
  t.request(ws.host, { method: 'POST', url, payload, ...(token ? { token } : {}) });

/** Asks for an email sign-in code and returns the mail that carries it. */
async function codeMail(email: string) {
  const before = mail.to(email).length;
  expect((await post('/api/user/signin-create-otp', { userEmail: email })).statusCode).toBe(200);
  return mail.next(email, before);
}

describe('mail and SMS in the recipient’s language', () => {
  it('mails a Hindi sign-in code to an account whose language is Hindi, branded', async () => {
    const user = await newUser(db(), ws, { language: 'hi' });
    const m = await codeMail(user.email);
    expect(m.subject).toBe(`Bharat Textiles के लिए आपका साइन-इन कोड: ${codeIn(m.text)}`);
    expect(m.text).toContain('यह कोड केवल एक बार');
    expect(m.text).not.toMatch(/sign-in code/i);
    // The workspace's branding: its name, its colour and its logo (absolute, a mail has no page).
    expect(m.html).toContain('Bharat Textiles');
    expect(m.html).toContain('#C2410C');
    expect(m.html).toMatch(new RegExp(`<img src="http://[^"]+/api/workspace/logo/${ws.id}/logo.png"`));
    expect(m.html).toContain('lang="hi"');
  });

  it('texts a Hindi sign-in code to such an account', async () => {
    const phone = newPhone();
    await newUser(db(), ws, { language: 'hi', phone });
    const before = sms.to(phone).length;
    expect((await post('/api/user/signin-create-sms-otp', { contactNumber: phone })).statusCode).toBe(200);
    const text = (await sms.next(phone, before)).text;
    expect(text).toMatch(/^\d{6} Bharat Textiles के लिए आपका साइन-इन कोड है।/);
    expect(text).toContain('इसे किसी के साथ साझा न करें');
  });

  it('writes English to an account without a language', async () => {
    const user = await newUser(db(), ws);
    const m = await codeMail(user.email);
    expect(m.subject).toBe(`Your Bharat Textiles sign-in code: ${codeIn(m.text)}`);
    expect(m.text).toContain('It works once');
    expect(m.html).toContain('#C2410C');
  });

  it('mails the password reset code in the account’s language (Kannada)', async () => {
    const user = await newUser(db(), ws, { language: 'kn' });
    const before = mail.to(user.email).length;
    expect((await post('/api/user/forgot-password', { userEmail: user.email })).statusCode).toBe(200);
    const m = await mail.next(user.email, before);
    expect(m.subject).toBe('ನಿಮ್ಮ Bharat Textiles ಪಾಸ್‌ವರ್ಡ್ ಮರುಹೊಂದಿಸಿ');
    expect(codeIn(m.text)).toMatch(/^\d{6}$/);
  });

  it('sends an invitation in the language the inviter chose, else in the inviter’s own', async () => {
    const admin = await newUser(db(), ws, { role: 'WORKSPACE_ADMIN', language: 'mr' });
    const token = await sessionFor(db(), admin);
    const chosen = `ravi-${Date.now()}@example.test`;
    const res = await post(
      `/api/invite/user/${ws.branchId}`,
      { email: chosen, firstName: 'Ravi', language: 'hi' },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const m = await mail.next(chosen, 0);
    expect(m.subject).toBe('Bharat Textiles की ओर से आपको आमंत्रण');
    expect(m.text).toMatch(/^नमस्ते Ravi,/);
    expect(m.text).toContain('/signup?code=');
    expect(m.html).toContain('#C2410C');

    const inherited = `meera-${Date.now()}@example.test`;
    await post(`/api/invite/user/${ws.branchId}`, { email: inherited, firstName: 'Meera' }, token);
    expect((await mail.next(inherited, 0)).subject).toBe('Bharat Textiles कडून तुम्हाला आमंत्रण');

    // By SMS to a person without an email address: the same choice.
    const phone = newPhone();
    await post(`/api/invite/user/${ws.branchId}`, { contactNumber: phone, firstName: 'Anil', language: 'ta' }, token);
    expect((await sms.next(phone, 0)).text).toMatch(/^Bharat Textiles உங்களைச் சேர அழைக்கிறது\. .*\/signup\?code=/);

    const bad = await post(
      `/api/invite/user/${ws.branchId}`,
      { email: 'x@example.test', firstName: 'X', language: 'fr' },
      token,
    );
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the account’s language through the profile: read, changed, cleared', async () => {
    const user = await newUser(db(), ws);
    const token = await sessionFor(db(), user);
    const details = async () =>
      (await t.request(ws.host, { method: 'GET', url: '/api/user/details', token })).json().user.language;
    const put = (body: object) => t.request(ws.host, { method: 'PUT', url: '/api/user', payload: body, token });
    expect(await details()).toBeNull();
    expect((await put({ firstName: 'Asha', lastName: 'Rao', language: 'te' })).statusCode).toBe(200);
    expect(await details()).toBe('te');
    // Left out: unchanged. Null: cleared (English).
    expect((await put({ firstName: 'Asha', lastName: 'Rao' })).statusCode).toBe(200);
    expect(await details()).toBe('te');
    expect((await codeMail(user.email)).subject).toMatch(/^మీ Bharat Textiles సైన్-ఇన్ కోడ్: \d{6}$/);
    expect((await put({ firstName: 'Asha', lastName: 'Rao', language: null })).statusCode).toBe(200);
    expect(await details()).toBeNull();
    expect((await put({ firstName: 'Asha', lastName: 'Rao', language: 'xx' })).statusCode).toBe(400);
  });

  it('stores only the seven languages (a check in the database too)', async () => {
    const user = await newUser(db(), ws);
    const set = (language: string) =>
      withPlatform(db(), { action: 'test', audit: false }, (tx) =>
        tx.update(accounts).set({ language }).where(eq(accounts.id, user.accountId)),
      );
    await expect(set('de')).rejects.toThrow();
    await set('ta');
    await set('fr');
    await expect(
      withPlatform(db(), { action: 'test', audit: false }, (tx) =>
        tx.execute(sql`update ${invitations} set language = 'de' where workspace_id = ${ws.id}`),
      ),
    ).rejects.toThrow();
  });
});

describe('the message catalogue', () => {
  it('has every message in all seven languages, each different from English and naming the code', () => {
    const v = { company: 'Acme', code: '123456', minutes: 10 };
    for (const lang of LANGUAGES) {
      const m = messagesIn(lang);
      expect(m.signInCode(v).subject).toContain('123456');
      expect(m.signInCodeSms(v)).toContain('123456');
      expect(m.invitation('x').bodyText).toContain('{{link}}');
      if (lang !== 'en') {
        expect(m.signInCode(v).subject).not.toBe(messagesIn('en').signInCode(v).subject);
        expect(m.invitation('x').bodyText).not.toBe(messagesIn('en').invitation('x').bodyText);
      }
    }
    expect(messagesIn(null)).toBe(messagesIn('en'));
    expect(messagesIn('de')).toBe(messagesIn('en'));
  });
});

describe('branded HTML', () => {
  it('escapes text, makes a web address in a sentence a link, and shows the name when there is no logo', async () => {
    const { renderTextMail } = await import('./index.ts');
    const mail = renderTextMail(
      { name: 'A & B <Ltd>', color: '1F6FEB', logoUrl: null },
      'Hello',
      'Dear <Ravi>, start here: https://a.example/signup?code=x&y=1 today.',
      'hi',
    );
    expect(mail.html).toContain('Dear &lt;Ravi&gt;, start here: <a href="https://a.example/signup?code=x&amp;y=1">');
    expect(mail.html).toContain('A &amp; B &lt;Ltd&gt;');
    expect(mail.html).not.toContain('<img');
    expect(mail.text).toBe('Dear <Ravi>, start here: https://a.example/signup?code=x&y=1 today.');
  });
});

import { COUNTRY_LANGUAGES } from '@app/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, invitations } from '../db/schema.ts';
import {
  type AMember,
  type AWorkspace,
  aCourse,
  aMember,
  anOperator,
  aWorkspace,
  captureMailer,
  captureSms,
  codeIn,
  createTestApp,
  lms,
  newPhone,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../testing/index.ts';
import { withPlatform } from './db/tenant.ts';

/** Each workspace offers its country's languages (issue 21 item 12): Canada en/fr, India the six. */

const mail = captureMailer();
const sms = captureSms();
let t: TestApp;
let globex: AWorkspace;
let acme: AWorkspace;
let globexAdmin: AMember;
let globexAdminToken: string;

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer, sms: sms.sms });
  globex = await aWorkspace(t, { name: 'Globex Canada', country: 'CA', timeZone: 'America/Toronto' });
  acme = await aWorkspace(t, { name: 'Acme India' });
  globexAdmin = await aMember(globex, { role: 'WORKSPACE_ADMIN' });
  globexAdminToken = await globexAdmin.session();
});
afterAll(() => t.close());

const request = (host: string, token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.request(host, { method, url, token, ...(payload ? { payload } : {}) });

const languageOf = async (token: string, host: string) =>
  (await request(host, token, 'GET', '/api/user/details')).json().user.language as string | null;

/** Asks for an email sign-in code on `host` and returns the mail that carries it. */
async function codeMail(host: string, email: string) {
  const before = mail.to(email).length;
  const res = await t.request(host, {
    method: 'POST',
    url: '/api/user/signin-create-otp',
    payload: { userEmail: email },
  });
  expect(res.statusCode).toBe(200);
  return mail.next(email, before);
}

describe('a Canadian workspace offers English and French', () => {
  it('lists en and fr as the languages of its courses, and India its six', async () => {
    const employee = await (await aMember(globex)).session();
    const langs = await lms<{ language: string; nativeName: string }[]>(
      t,
      globex.host,
      employee,
      'GET',
      '/course/supported-languages',
    );
    expect(langs.body.map((l) => l.language)).toEqual(['en', 'fr']);
    expect(langs.body[1]!.nativeName).toBe('Français');
    const indian = await (await aMember(acme)).session();
    const six = await lms<{ language: string }[]>(t, acme.host, indian, 'GET', '/course/supported-languages');
    expect(six.body.map((l) => l.language)).toEqual([...COUNTRY_LANGUAGES.IN]);
  });

  it('lets a person choose French, and refuses Hindi with a clear error, changing nothing', async () => {
    const person = await aMember(globex, { firstName: 'Geneviève' });
    const token = await person.session();
    const put = (language: string | null) =>
      request(globex.host, token, 'PUT', '/api/user', { firstName: 'Geneviève', lastName: 'Côté', language });
    expect((await put('fr')).statusCode).toBe(200);
    expect(await languageOf(token, globex.host)).toBe('fr');

    const refused = await put('hi');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'LANGUAGE_NOT_OFFERED',
      params: { language: 'hi', offered: 'en, fr' },
      details: [{ path: 'body.language', code: 'LANGUAGE_NOT_OFFERED' }],
    });
    expect(refused.json().message).toBe('Hindi is not offered in this workspace. Choose one of: English, French.');
    expect(await languageOf(token, globex.host)).toBe('fr');
  });

  it('mails a French-speaking Canadian their sign-in code in French, branded', async () => {
    const person = await aMember(globex, { language: 'fr' });
    const m = await codeMail(globex.host, person.email);
    const code = codeIn(m.text);
    expect(m.subject).toBe(`Votre code de connexion Globex Canada : ${code}`);
    expect(m.text).toContain('Votre code de connexion est');
    expect(m.text).toContain('Il ne fonctionne qu’une fois');
    expect(m.text).not.toMatch(/sign-in code/i);
    expect(m.html).toContain('lang="fr"');
    expect(m.html).toContain('Globex Canada');
  });

  it('texts a French-speaking Canadian their sign-in code in French', async () => {
    const phone = newPhone();
    await aMember(globex, { language: 'fr', phone });
    const before = sms.to(phone).length;
    const res = await t.request(globex.host, {
      method: 'POST',
      url: '/api/user/signin-create-sms-otp',
      payload: { contactNumber: phone },
    });
    expect(res.statusCode).toBe(200);
    const text = (await sms.next(phone, before)).text;
    expect(text).toMatch(/^\d{6} est votre code de connexion Globex Canada\. Il expire dans \d+ minutes\./);
    expect(text).toContain('Ne le communiquez à personne.');
  });

  it('sends an invitation in French when chosen, and refuses Tamil', async () => {
    const to = `chantal-${Date.now()}@example.test`;
    const res = await request(globex.host, globexAdminToken, 'POST', `/api/invite/user/${globex.branchId}`, {
      email: to,
      firstName: 'Chantal',
      language: 'fr',
    });
    expect(res.statusCode, res.body).toBe(200);
    const m = await mail.next(to, 0);
    expect(m.subject).toBe('Vous êtes invité(e) à rejoindre Globex Canada');
    expect(m.text).toMatch(/^Bonjour Chantal,/);

    const other = `arul-${Date.now()}@example.test`;
    const refused = await request(globex.host, globexAdminToken, 'POST', `/api/invite/user/${globex.branchId}`, {
      email: other,
      firstName: 'Arul',
      language: 'ta',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('LANGUAGE_NOT_OFFERED');
    const stored = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.select().from(invitations).where(eq(invitations.email, other)),
    );
    expect(stored).toEqual([]);
    expect(mail.to(other)).toEqual([]);
  });

  it('refuses Hindi for the workspace’s own course, while the operator’s catalogue may use all seven', async () => {
    const refused = await lms<{ code: string }>(t, globex.host, globexAdminToken, 'POST', '/course/create', {
      title: 'Harcèlement',
      primaryLanguage: 'en',
      languages: ['hi'],
    });
    expect(refused).toMatchObject({ status: 400, body: { code: 'LANGUAGE_NOT_OFFERED' } });
    const course = await aCourse(t, globex.host, globexAdminToken, { languages: ['fr'] });
    expect(course.languages.map((l) => l.language)).toEqual(['en', 'fr']);
    const added = await lms<{ code: string }>(t, globex.host, globexAdminToken, 'POST', '/course/language', {
      courseId: course.id,
      languages: ['fr', 'kn'],
    });
    expect(added).toMatchObject({ status: 400, body: { code: 'LANGUAGE_NOT_OFFERED' } });

    const operator = await (await anOperator(t)).signIn(t);
    const catalogue = await aCourse(t, TEST_PLATFORM_HOST, operator, {
      catalogue: true,
      languages: ['hi', 'kn', 'te', 'ta', 'mr', 'fr'],
    });
    expect(catalogue.languages.map((l) => l.language)).toEqual(['en', 'hi', 'kn', 'te', 'ta', 'mr', 'fr']);
  });
});

describe('an Indian workspace offers its six languages, not French', () => {
  it('refuses French for a person and for an invitation', async () => {
    const person = await aMember(acme);
    const token = await person.session();
    const refused = await request(acme.host, token, 'PUT', '/api/user', {
      firstName: 'Asha',
      lastName: 'Rao',
      language: 'fr',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('LANGUAGE_NOT_OFFERED');
    expect(await languageOf(token, acme.host)).toBeNull();
    expect(
      (await request(acme.host, token, 'PUT', '/api/user', { firstName: 'A', lastName: 'R', language: 'mr' }))
        .statusCode,
    ).toBe(200);
  });

  it('writes English to an account whose language (French, chosen elsewhere) it does not offer', async () => {
    const person = await aMember(acme);
    await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.update(accounts).set({ language: 'fr' }).where(eq(accounts.id, person.accountId)),
    );
    const m = await codeMail(acme.host, person.email);
    expect(m.subject).toBe(`Your Acme India sign-in code: ${codeIn(m.text)}`);
    expect(m.html).toContain('lang="en"');
  });
});

import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TCertificateVerification } from '@app/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withTenant } from '../../../core/db/tenant.ts';
import type { Language } from '../../../core/messages/index.ts';
import {
  type AMember,
  type AWorkspace,
  aBusinessUnit,
  aCourse,
  aMember,
  aWorkspace,
  createTestApp,
  lms,
  multipart,
  type TestApp,
} from '../../../testing/index.ts';
import { pdfToImage } from '../../../testing/pdf-image.ts';
import { insertCertificate } from './certificates.repo.ts';
import { certificateDate, VERIFY_PER_IP } from './certificates.service.ts';
import { missingGlyphs } from './fonts.ts';
import { renderCertificatePdf } from './pdf.ts';
import { CERTIFICATE_TEXTS } from './texts.ts';

let t: TestApp;
let ws: AWorkspace;
let other: AWorkspace;
let learner: AMember;
let learnerToken: string;
let peerToken: string;
let adminToken: string;
let unitAdminToken: string;
let otherAdminToken: string;
let enrolmentId: string;
let code: string;

/** PNGs of the rendered certificates, to look at (the test prints where). */
const PNG_DIR = join(tmpdir(), 'certificates-png');

/** An enrolment of `m` on a new course of `ws`, completed, with its certificate (as the learner module issues it). */
async function completed(
  w: AWorkspace,
  adminTok: string,
  m: AMember,
  opts: { language?: Language; title?: string; score?: number | null; cycles?: number } = {},
): Promise<{ enrolmentId: string; codes: string[] }> {
  const course = await aCourse(t, w.host, adminTok, { title: opts.title ?? 'Preventing harassment at work' });
  return withTenant(t.database.db, { workspaceId: w.id }, async (tx) => {
    const [e] = await queryRows<{ id: string }>(
      tx,
      sql`insert into enrolments (workspace_id, course_id, course_version_id, account_id, completed_at, progress_percent, cycle)
          values (${w.id}, ${course.id}, ${course.version.id}, ${m.accountId}, app_now(), 100, ${opts.cycles ?? 1}) returning id`,
    );
    const codes: string[] = [];
    for (let cycle = 1; cycle <= (opts.cycles ?? 1); cycle++) {
      const c = await insertCertificate(tx, {
        workspaceId: w.id,
        enrolmentId: e!.id,
        cycle,
        accountId: m.accountId,
        courseId: course.id,
        learnerName: 'Priya Sharma',
        courseTitle: opts.title ?? 'Preventing harassment at work',
        language: opts.language ?? 'en',
        score: opts.score === undefined ? 92 : opts.score,
        completedAt: new Date(Date.UTC(2026, 10, 24, 20, 0) + (cycle - 1) * 86_400_000 * 400),
        expiresAt: null,
      });
      codes.push(c.code);
    }
    return { enrolmentId: e!.id, codes };
  });
}

beforeAll(async () => {
  t = await createTestApp();
  ws = await aWorkspace(t, { name: 'Certificate Co' });
  other = await aWorkspace(t, { name: 'Other Co' });
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  adminToken = await admin.session();
  learner = await aMember(ws, { role: 'EMPLOYEE' });
  learnerToken = await learner.session();
  peerToken = await (await aMember(ws, { role: 'EMPLOYEE' })).session();
  const unit = await aBusinessUnit(ws);
  unitAdminToken = await (await aMember(ws, { role: 'BRANCH_ADMIN', unit })).session();
  otherAdminToken = await (await aMember(other, { role: 'WORKSPACE_ADMIN' })).session();
  const c = await completed(ws, adminToken, learner, { cycles: 2 });
  enrolmentId = c.enrolmentId;
  code = c.codes[1]!;
  mkdirSync(PNG_DIR, { recursive: true });
});
afterAll(() => t.close());

const download = (token: string, url: string, host = ws.host) =>
  t.request(host, { method: 'GET', url: `/lms/api/user-course-content/certificate/${url}`, token });

describe('downloading a certificate', () => {
  it('gives the learner their own certificate as a PDF with the code, the date and the score', async () => {
    const res = await download(learnerToken, enrolmentId);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="certificate-${code}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const image = await pdfToImage(res.rawPayload);
    writeFileSync(join(PNG_DIR, 'route-en.png'), image.png);
    expect(image.pages).toBe(1);
    expect(image.text).toContain('Priya Sharma');
    expect(image.text).toContain('Preventing harassment at work');
    expect(image.text).toContain(code);
    expect(image.text).toContain(`/verify/${code}`);
    expect(image.text).toContain('Score: 92%');
    // 20:00 UTC is the next day in Asia/Kolkata, the workspace's zone (cycle 2 is 400 days later).
    expect(image.text).toContain(
      certificateDate(new Date(Date.UTC(2026, 10, 24, 20) + 400 * 86_400_000), 'en', 'Asia/Kolkata', 'IN'),
    );
    // One English format, day first, whatever the country; the day is the workspace's (issue 21 item 5).
    expect(certificateDate(new Date('2026-11-28T20:00:00Z'), 'en', 'Asia/Kolkata', 'IN')).toBe('29 November 2026');
    expect(certificateDate(new Date('2026-11-28T20:00:00Z'), 'en', 'America/Toronto', 'CA')).toBe('28 November 2026');
    expect(image.inked).toBeGreaterThan(0.01);
  });

  it('gives an earlier cycle with ?cycle=, and 404 for a cycle without a certificate', async () => {
    const first = await download(learnerToken, `${enrolmentId}?cycle=1`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).not.toContain(code);
    expect((await download(learnerToken, `${enrolmentId}?cycle=3`)).statusCode).toBe(404);
    expect((await download(learnerToken, `${enrolmentId}?cycle=0`)).statusCode).toBe(400);
  });

  it('gives it to an administrator holding courses.manage for the whole workspace', async () => {
    expect((await download(adminToken, enrolmentId)).statusCode).toBe(200);
  });

  it('answers 404 to another learner, a business unit admin, another workspace and an unknown enrolment', async () => {
    for (const token of [peerToken, unitAdminToken]) {
      const res = await download(token, enrolmentId);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ params: { reason: 'CERTIFICATE_NOT_FOUND' } });
    }
    expect((await download(otherAdminToken, enrolmentId, other.host)).statusCode).toBe(404);
    expect((await download(learnerToken, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await download(learnerToken, 'not-a-uuid')).statusCode).toBe(400);
    expect(
      (await t.request(ws.host, { method: 'GET', url: `/lms/api/user-course-content/certificate/${enrolmentId}` }))
        .statusCode,
    ).toBe(401);
  });

  it('answers 404 for an enrolment not completed yet (no certificate)', async () => {
    const course = await aCourse(t, ws.host, adminToken);
    const [e] = await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`insert into enrolments (workspace_id, course_id, course_version_id, account_id)
            values (${ws.id}, ${course.id}, ${course.version.id}, ${learner.accountId}) returning id`,
      ),
    );
    expect((await download(learnerToken, e!.id)).statusCode).toBe(404);
  });

  it('draws the workspace logo when it has one', async () => {
    const logo = await sharp({ create: { width: 400, height: 120, channels: 3, background: { r: 200, g: 30, b: 60 } } })
      .png()
      .toBuffer();
    const up = await t.request(ws.host, {
      method: 'POST',
      url: '/api/workspace/logo',
      token: adminToken,
      ...multipart(logo, {}, 'logo.png'),
    });
    expect(up.statusCode, up.body).toBe(200);
    const res = await download(learnerToken, enrolmentId);
    expect(res.statusCode).toBe(200);
    const image = await pdfToImage(res.rawPayload);
    writeFileSync(join(PNG_DIR, 'route-logo.png'), image.png);
    expect(image.text).toContain('Certificate Co');
  });
});

describe('verifying a certificate (public)', () => {
  const verify = (c: string, host = 'anything.example') =>
    t.request(host, { method: 'GET', url: `/lms/api/certificate/verify/${c}` });

  it('shows the name, the course, the date in the workspace’s zone and the issuing organisation only, on any host, without signing in', async () => {
    for (const host of [ws.host, other.host]) {
      const res = await verify(code, host);
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual([
        'completedAt',
        'completedOn',
        'courseTitle',
        'issuedBy',
        'learnerName',
      ]);
      const completedAt = new Date(Date.UTC(2026, 10, 24, 20) + 400 * 86_400_000);
      expect(res.json<TCertificateVerification>()).toEqual({
        learnerName: 'Priya Sharma',
        courseTitle: 'Preventing harassment at work',
        completedAt: completedAt.toISOString(),
        // 20:00 UTC is already the next day in Asia/Kolkata, as the PDF prints it (issue 21 item 5).
        completedOn: '2027-12-30',
        issuedBy: 'Certificate Co',
      });
    }
    expect((await verify(code.toLowerCase(), ws.host)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    const unknown = await lms(t, ws.host, '', 'GET', '/certificate/verify/0000-0000-0000');
    expect(unknown.status).toBe(404);
    for (const bad of ['ABCD', 'ABCD-EFGH-JKM!', 'ABCD-EFGH-JKMNP', "x'--"]) {
      expect((await verify(encodeURIComponent(bad), ws.host)).statusCode).toBe(400);
    }
  });
});

describe('verifying is limited per IP', () => {
  it('answers 429 with Retry-After past 60 checks in 15 minutes from one address, found or not', async () => {
    const from = (remoteAddress: string, c: string) =>
      t.request(ws.host, { method: 'GET', url: `/lms/api/certificate/verify/${c}`, remoteAddress });
    for (let i = 0; i < VERIFY_PER_IP.max; i++)
      expect((await from('203.0.113.77', i % 2 ? code : '0000-0000-0000')).statusCode).not.toBe(429);
    const refused = await from('203.0.113.77', code);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).not.toContain('Priya');
    expect((await from('203.0.113.78', code)).statusCode).toBe(200);
  });
});

const SAMPLES: Record<Language, { name: string; title: string }> = {
  en: { name: 'Łukasz Nguyễn-O’Brien', title: 'Preventing sexual harassment at the workplace (POSH)' },
  hi: { name: 'प्रिया शर्मा', title: 'कार्यस्थल पर यौन उत्पीड़न की रोकथाम (POSH) — श्रीमती क्षमा का कोर्स' },
  mr: { name: 'श्रीकृष्ण पाटील', title: 'कामाच्या ठिकाणी लैंगिक छळ प्रतिबंध — पूर्ण अभ्यासक्रम' },
  kn: { name: 'ಶ್ರೀನಿವಾಸ ರಾವ್', title: 'ಕೆಲಸದ ಸ್ಥಳದಲ್ಲಿ ಲೈಂಗಿಕ ಕಿರುಕುಳ ತಡೆಗಟ್ಟುವಿಕೆ ಕೋರ್ಸ್' },
  te: { name: 'శ్రీనివాస్ రెడ్డి', title: 'పని ప్రదేశంలో లైంగిక వేధింపుల నివారణ — స్త్రీల భద్రత' },
  ta: { name: 'ஸ்ரீநிவாசன் கௌதம்', title: 'பணியிடத்தில் பாலியல் துன்புறுத்தல் தடுப்பு — பொது பாடநெறி' },
  fr: {
    name: 'Geneviève Bélanger-Côté',
    title:
      'Prévention du harcèlement et de la violence dans le lieu de travail — Code canadien du travail (« partie II »), œuvre ÇÀÈÙÂÊÎÔÛËÏÜŸ',
  },
};

describe('rendering in the seven languages', () => {
  it.each(Object.keys(SAMPLES) as Language[])(
    '%s: every glyph exists, the page is drawn and its text is there',
    async (language) => {
      const s = SAMPLES[language];
      const tx = CERTIFICATE_TEXTS[language];
      const date =
        language === 'fr'
          ? certificateDate(new Date('2026-11-24T06:00:00Z'), language, 'America/Toronto', 'CA')
          : certificateDate(new Date('2026-11-24T06:00:00Z'), language, 'Asia/Kolkata', 'IN');
      const drawn = [
        s.name,
        s.title,
        tx.title,
        tx.certifies,
        tx.completed,
        tx.on(date),
        tx.score(new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : `${language}-IN`).format(88)),
        tx.code,
        tx.checkAt,
      ];
      for (const text of drawn) {
        expect(missingGlyphs(text, 400), text).toEqual([]);
        expect(missingGlyphs(text, 700), text).toEqual([]);
      }
      const started = performance.now();
      const pdf = await renderCertificatePdf({
        language,
        learnerName: s.name,
        courseTitle: s.title,
        date,
        score: 88,
        code: 'ABCD-EFGH-JKMN',
        verifyUrl: 'https://acme.example.com/verify/ABCD-EFGH-JKMN',
        company: 'Acme Industries',
        color: '0F766E',
        logo: null,
      });
      // A sanity bound (one PDF takes ~0.1–0.4 s alone), loose enough for a loaded CI machine.
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(pdf.length).toBeLessThan(400_000);
      const image = await pdfToImage(pdf);
      writeFileSync(join(PNG_DIR, `${language}.png`), image.png);
      expect(image.pages).toBe(1);
      expect(image.inked).toBeGreaterThan(0.01);
      expect(image.text).toContain('ABCD-EFGH-JKMN');
      expect(image.text).toContain('Acme Industries');
      if (language === 'fr') {
        // The accented title and the French words came out as text, not as boxes.
        expect(date).toBe('24 novembre 2026');
        expect(image.text).toContain(tx.title);
        expect(image.text.replace(/\s+/g, '')).toContain(s.name.replace(/\s+/g, ''));
      }
      if (language === 'en') {
        // Runs in different fonts come out as separate text items.
        expect(image.text.replace(/\s+/g, '')).toContain(s.name.replace(/\s+/g, ''));
        expect(image.text).toContain(tx.title);
      }
    },
  );
});

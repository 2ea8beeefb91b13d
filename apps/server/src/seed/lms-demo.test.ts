import type { TCourseSummary, TLearnerCourse } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';
import { ACME_HOST, createTestApp, GLOBEX_HOST, signIn, TEST_PLATFORM_HOST, type TestApp } from '../testing/index.ts';
import { keyFieldsIn } from '../testing/key-leak.ts';
import { DEMO_PASSWORD, seedDemoData } from './demo.ts';
import { DEMO_COURSES } from './lms-content/index.ts';

/** The learning demo data (docs/learning-design.md §5): loads, twice without change, and reads as designed. */

let t: TestApp;

const counts = () =>
  withPlatform(t.database.db, { action: 'test.count', audit: false }, (tx) =>
    queryRows<Record<string, number>>(
      tx,
      sql`select (select count(*)::int from courses) as courses, (select count(*)::int from course_versions) as versions,
                 (select count(*)::int from quiz_questions) as questions, (select count(*)::int from lesson_blocks) as blocks,
                 (select count(*)::int from course_texts) as texts, (select count(*)::int from jurisdictions) as jurisdictions,
                 (select count(*)::int from credit_ledger) as ledger, (select count(*)::int from credit_requests) as requests`,
    ),
  );

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.database.db, TEST_PLATFORM_HOST);
});
afterAll(() => t.close());

describe('learning demo data', () => {
  it('is idempotent', async () => {
    const [before] = await counts();
    expect(before).toMatchObject({ courses: 3, versions: 3, jurisdictions: 4, ledger: 2, requests: 2 });
    expect(before!.questions).toBe(
      DEMO_COURSES.flatMap((c) => c.items.flatMap((i) => (i.kind === 'QUIZ' ? i.questions : []))).length,
    );
    await seedDemoData(t.database.db, TEST_PLATFORM_HOST);
    expect(await counts()).toEqual([before]);
  });

  it('makes India available to Acme (50 credits) and Canada to Globex (20), published; Acme has its own draft', async () => {
    const acme = await signIn(t, ACME_HOST, { email: 'admin@acme.test', password: DEMO_PASSWORD });
    const list = await t.request(ACME_HOST, {
      method: 'POST',
      url: '/lms/api/course/all',
      token: acme,
      payload: { pageNo: 0, pageSize: 20 },
    });
    expect(list.statusCode, list.body).toBe(200);
    const rows: TCourseSummary[] = list.json().content;
    expect(rows.map((r) => [r.title, r.owner, r.credits?.balance ?? null, r.publishedVersion]).sort()).toEqual(
      [
        ['Code of conduct acknowledgement', 'OWN', null, null],
        ['Prevention of Sexual Harassment at the Workplace (India)', 'CATALOGUE', 50, 1],
      ].sort(),
    );
    const globex = await signIn(t, GLOBEX_HOST, { email: 'admin@globex.test', password: DEMO_PASSWORD });
    const g = await t.request(GLOBEX_HOST, {
      method: 'POST',
      url: '/lms/api/course/all',
      token: globex,
      payload: { pageNo: 0, pageSize: 20 },
    });
    expect(g.json().content.map((r: TCourseSummary) => [r.title, r.credits?.balance])).toEqual([
      ['Harassment and Violence Prevention (Canada)', 20],
    ]);
  });

  it('previews the India course in Hindi with no fallback and no key, and an employee reads it without keys', async () => {
    const acme = await signIn(t, ACME_HOST, { email: 'admin@acme.test', password: DEMO_PASSWORD });
    const list = await t.request(ACME_HOST, {
      method: 'POST',
      url: '/lms/api/course/all',
      token: acme,
      payload: { pageNo: 0, pageSize: 20, owner: 'CATALOGUE' },
    });
    const india = list.json().content[0].id as string;
    const res = await t.request(ACME_HOST, {
      method: 'GET',
      url: `/lms/api/course/preview/${india}?language=hi`,
      token: acme,
    });
    expect(res.statusCode, res.body).toBe(200);
    const course: TLearnerCourse = res.json();
    expect(keyFieldsIn(course)).toEqual([]);
    expect(course.fallback).toBe(false);
    const all = [...course.items, ...course.items.flatMap((i) => [...i.blocks, ...i.questions])];
    expect(all.filter((x) => x.fallback)).toEqual([]);
    expect(course.items.map((i) => i.kind)).toEqual(['LESSON', 'LESSON', 'LESSON', 'LESSON', 'QUIZ']);
    const quiz = course.items[4]!;
    expect(new Set(quiz.questions.map((q) => q.type)).size).toBe(8);
    const notify = course.items[0]!.blocks.find((b) => b.type === 'NOTIFY' && b.settings.tone === 'LEGAL');
    expect(notify?.body.html).toContain('धारा');
    expect(notify?.body.html).not.toContain('यह कहाँ से आता है');
    const button = course.items[0]!.blocks.find((b) => b.type === 'BUTTON');
    expect(button).toMatchObject({ body: { url: 'https://www.indiacode.nic.in/' } });

    // A workspace author can neither read the catalogue's keys nor grade its quiz in preview (grading
    // would give the key away one question at a time: docs/decisions.md, issue 21 item 18).
    const keys = await t.request(ACME_HOST, {
      method: 'POST',
      url: '/lms/api/quiz-question/all',
      token: acme,
      payload: { quizId: quiz.id, language: 'en' },
    });
    expect(keys.statusCode).toBe(403);
    const graded = await t.request(ACME_HOST, {
      method: 'POST',
      url: `/lms/api/quiz/preview-grade/${quiz.id}`,
      token: acme,
      payload: { language: 'hi', answers: [] },
    });
    expect(graded.statusCode, graded.body).toBe(403);
    expect(graded.json()).toMatchObject({ code: 'CATALOGUE_QUIZ_NOT_GRADED' });

    const employee = await signIn(t, ACME_HOST, { email: 'employee@acme.test', password: DEMO_PASSWORD });
    const details = await t.request(ACME_HOST, {
      method: 'GET',
      url: `/lms/api/course/details/${india}?language=hi`,
      token: employee,
    });
    expect(details.statusCode, details.body).toBe(200);
    expect(keyFieldsIn(details.json())).toEqual([]);
    expect(details.json().title).toContain('(भारत)');
  });
});

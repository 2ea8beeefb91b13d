import type { TCourseDetails, TCoursePage } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import {
  type AMember,
  type AWorkspace,
  aBusinessUnit,
  aCourse,
  aMember,
  anItem,
  anOperator,
  aWorkspace,
  createTestApp,
  lms,
  makeAvailable,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';

let t: TestApp;
let ws: AWorkspace;
let other: AWorkspace;
let admin: AMember;
let adminToken: string;
let employeeToken: string;
let unitAdminToken: string;
let otherAdminToken: string;
let operatorToken: string;

beforeAll(async () => {
  t = await createTestApp();
  ws = await aWorkspace(t, { name: 'Learning Co' });
  other = await aWorkspace(t, { name: 'Other Co' });
  admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  adminToken = await admin.session();
  employeeToken = await (await aMember(ws, { role: 'EMPLOYEE' })).session();
  const unit = await aBusinessUnit(ws);
  unitAdminToken = await (await aMember(ws, { role: 'BRANCH_ADMIN', unit })).session();
  otherAdminToken = await (await aMember(other, { role: 'WORKSPACE_ADMIN' })).session();
  operatorToken = await (await anOperator(t)).signIn(t);
});
afterAll(() => t.close());

const as = (token: string, host = ws.host) => ({
  get: <T>(url: string) => lms<T>(t, host, token, 'GET', url),
  post: <T>(url: string, body: object = {}) => lms<T>(t, host, token, 'POST', url, body),
  del: <T>(url: string) => lms<T>(t, host, token, 'DELETE', url),
});

/** An own course with one lesson and a quiz (with a question), complete in `languages`, published. */
async function publishedOwnCourse(languages = ['en']): Promise<TCourseDetails> {
  const c = await aCourse(t, ws.host, adminToken, { languages });
  await anItem(t, c.version.id, { kind: 'LESSON', languages });
  await anItem(t, c.version.id, { kind: 'QUIZ', languages, withQuestion: true });
  for (const language of languages.filter((l) => l !== 'en'))
    expect((await as(adminToken).post(`/course/update/${c.id}`, { language, title: `Titre ${language}` })).status).toBe(
      200,
    );
  const res = await as(adminToken).post<TCourseDetails>(`/course/publish/${c.id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

describe('authoring a workspace course', () => {
  it('creates version 1 as a draft in its primary language, with the languages and what is missing', async () => {
    const c = await aCourse(t, ws.host, adminToken, { title: 'Safety basics', languages: ['hi'] });
    expect(c).toMatchObject({
      owner: 'OWN',
      status: 'ACTIVE',
      title: 'Safety basics',
      language: 'en',
      fallback: false,
      version: { number: 1, status: 'DRAFT' },
      publishedVersion: null,
      languages: [
        { language: 'en', languagePriority: 'PRIMARY' },
        { language: 'hi', languagePriority: 'SECONDARY' },
      ],
      items: [],
    });
    expect(c.draftVersionId).toBe(c.version.id);
    expect(c.translations).toEqual([
      { language: 'en', missing: 0, total: 1 },
      { language: 'hi', missing: 1, total: 1 },
    ]);
    expect(c.actions).toEqual(expect.arrayContaining(['view', 'edit', 'publish', 'delete', 'clone', 'preview']));
    // In Hindi the title falls back to English, marked as such, and the course text is listed missing.
    const hi = await as(adminToken).get<TCourseDetails>(`/course/details/${c.id}?language=hi`);
    expect(hi.body).toMatchObject({ title: 'Safety basics', language: 'en', fallback: true });
    expect(hi.body.missing).toEqual([{ kind: 'COURSE', id: c.version.id, itemId: null }]);
  });

  it('refuses bad input with a clear error and creates nothing', async () => {
    const before = await countCourses(ws.id);
    for (const body of [
      { title: '', primaryLanguage: 'en' },
      { title: 'x', primaryLanguage: 'de' },
      { title: 'x', primaryLanguage: 'en', languages: ['xx'] },
      { title: 'x'.repeat(201), primaryLanguage: 'en' },
    ]) {
      const res = await as(adminToken).post('/course/create', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const missingJurisdiction = await as(adminToken).post('/course/create', {
      title: 'x',
      primaryLanguage: 'en',
      jurisdictionIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(missingJurisdiction.status).toBe(404);
    expect(await countCourses(ws.id)).toBe(before);
  });

  it('publishing refuses an empty course, an incomplete primary language and a quiz without questions', async () => {
    const c = await aCourse(t, ws.host, adminToken);
    const empty = await as(adminToken).post<{ params: { reason: string } }>(`/course/publish/${c.id}`);
    expect(empty).toMatchObject({ status: 409, body: { params: { reason: 'COURSE_EMPTY' } } });
    await anItem(t, c.version.id, { kind: 'LESSON', languages: ['hi'] }); // no English title
    const incomplete = await as(adminToken).post<{ params: { reason: string; count: number } }>(
      `/course/publish/${c.id}`,
    );
    expect(incomplete).toMatchObject({ status: 409, body: { params: { reason: 'COURSE_INCOMPLETE', count: 1 } } });
    await anItem(t, c.version.id, { kind: 'QUIZ' });
    await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.execute(
        sql`update course_texts set language = 'en' where course_version_id = ${c.version.id} and language = 'hi'`,
      ),
    );
    const noQuestions = await as(adminToken).post<{ params: { reason: string } }>(`/course/publish/${c.id}`);
    expect(noQuestions).toMatchObject({ status: 409, body: { params: { reason: 'QUIZ_WITHOUT_QUESTIONS' } } });
    const still = await as(adminToken).get<TCourseDetails>(`/course/details/${c.id}`);
    expect(still.body.version.status).toBe('DRAFT');
  });

  it('publishes, freezes the version, and an edit makes version 2 with the same stable ids', async () => {
    const c = await publishedOwnCourse(['en', 'hi']);
    expect(c).toMatchObject({ version: { number: 1, status: 'PUBLISHED' }, draftVersionId: null });
    // The database refuses writes to the published version's rows.
    const frozen = await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      tx.execute(
        sql`update course_items set pass_mark = 50 where course_version_id = ${c.version.id} and kind = 'QUIZ'`,
      ),
    ).then(
      () => 'written',
      (e: { cause?: { message?: string } }) => e.cause?.message ?? String(e),
    );
    expect(frozen).toContain('VERSION_FROZEN');
    const edited = await as(adminToken).post<TCourseDetails>(`/course/update/${c.id}`, {
      language: 'en',
      title: 'Renamed in v2',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      title: 'Renamed in v2',
      version: { number: 2, status: 'DRAFT' },
      publishedVersion: { id: c.version.id, number: 1 },
    });
    expect(edited.body.items.map((i) => i.stableId)).toEqual(c.items.map((i) => i.stableId));
    expect(edited.body.items.map((i) => i.id)).not.toEqual(c.items.map((i) => i.id));
    // Hindi texts were copied too; learners still see version 1.
    expect(edited.body.translations).toEqual([
      { language: 'en', missing: 0, total: 4 },
      { language: 'hi', missing: 0, total: 4 },
    ]);
    const learner = await as(employeeToken).get<TCourseDetails>(`/course/details/${c.id}`);
    expect(learner.body).toMatchObject({ version: { number: 1 }, title: c.title, translations: [], missing: [] });
    // Publishing v2 supersedes v1.
    const v2 = await as(adminToken).post<TCourseDetails>(`/course/publish/${c.id}`);
    expect(v2.body.version).toMatchObject({ number: 2, status: 'PUBLISHED' });
    const statuses = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      queryRows<{ number: number; status: string }>(
        tx,
        sql`select number, status from course_versions where course_id = ${c.id} order by number`,
      ),
    );
    expect(statuses).toEqual([
      { number: 1, status: 'SUPERSEDED' },
      { number: 2, status: 'PUBLISHED' },
    ]);
  });

  it('the copy remaps option ids inside answer keys and question texts', async () => {
    const c = await publishedOwnCourse();
    await as(adminToken).post(`/course/update/${c.id}`, { language: 'en', title: 'v2' });
    const rows = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      queryRows<{ number: number; option: string; key: unknown; body: { options: Record<string, string> } }>(
        tx,
        sql`select v.number, o.id as option, k.key, tx.body
              from course_versions v
              join quiz_options o on o.course_version_id = v.id
              join quiz_answer_keys k on k.question_id = o.question_id
              join course_texts tx on tx.entity_id = o.question_id and tx.course_version_id = v.id
             where v.course_id = ${c.id} order by v.number`,
      ),
    );
    expect(rows).toHaveLength(2);
    const [v1, v2] = rows;
    expect(v1!.option).not.toBe(v2!.option);
    expect(Object.keys(v2!.body.options)).toEqual([v2!.option]);
    expect(v2!.key).toEqual({ mustBeChecked: true });
  });

  it('reorders the whole sequence, refusing a partial or foreign list', async () => {
    const c = await aCourse(t, ws.host, adminToken);
    const a = await anItem(t, c.version.id, { title: 'A' });
    const b = await anItem(t, c.version.id, { kind: 'QUIZ', title: 'B' });
    const d = await anItem(t, c.version.id, { title: 'D' });
    const res = await as(adminToken).post<{ items: { id: string; position: number }[] }>(
      `/course/${c.id}/content/reorder`,
      {
        itemIds: [d, a, b],
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.items.map((i) => [i.id, i.position])).toEqual([
      [d, 0],
      [a, 1],
      [b, 2],
    ]);
    for (const itemIds of [
      [a, b],
      [a, b, d, d],
      [a, b, '00000000-0000-4000-8000-000000000000'],
    ]) {
      const bad = await as(adminToken).post<{ params: { reason: string } }>(`/course/${c.id}/content/reorder`, {
        itemIds,
      });
      expect(bad).toMatchObject({ status: 400, body: { params: { reason: 'REORDER_MISMATCH' } } });
    }
    const after = await as(adminToken).get<TCourseDetails>(`/course/details/${c.id}`);
    expect(after.body.items.map((i) => i.id)).toEqual([d, a, b]);
  });

  it('languages: sets the draft’s languages (primary kept) and changes the primary only when complete', async () => {
    const c = await aCourse(t, ws.host, adminToken, { languages: ['hi'] });
    const set = await as(adminToken).post<TCourseDetails>('/course/language', {
      courseId: c.id,
      languages: ['ta', 'mr'],
    });
    expect(set.body.languages.map((l) => l.language)).toEqual(['en', 'ta', 'mr']);
    const incomplete = await as(adminToken).post<{ params: { reason: string } }>(`/course/${c.id}/language/ta/default`);
    expect(incomplete).toMatchObject({ status: 409, body: { params: { reason: 'COURSE_INCOMPLETE' } } });
    await as(adminToken).post(`/course/update/${c.id}`, { language: 'ta', title: 'தமிழ்' });
    const primary = await as(adminToken).post<TCourseDetails>(`/course/${c.id}/language/ta/default`);
    expect(primary.body.languages.find((l) => l.languagePriority === 'PRIMARY')?.language).toBe('ta');
    const notListed = await as(adminToken).post(`/course/update/${c.id}`, { language: 'kn', title: 'x' });
    expect(notListed.status).toBe(400);
    const langs = await as(employeeToken).get<{ language: string }[]>('/course/supported-languages');
    expect(langs.body.map((l) => l.language)).toEqual(['en', 'hi', 'kn', 'te', 'ta', 'mr']);
  });

  it('deletes a course without enrolments, archives one with enrolments, discards a draft only', async () => {
    const plain = await aCourse(t, ws.host, adminToken);
    expect((await as(adminToken).del(`/course/delete/${plain.id}`)).body).toEqual({ outcome: 'DELETED' });
    expect((await as(adminToken).get(`/course/details/${plain.id}`)).status).toBe(404);

    const used = await publishedOwnCourse();
    await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      tx.execute(sql`insert into enrolments (workspace_id, course_id, course_version_id, account_id)
          values (${ws.id}, ${used.id}, ${used.version.id}, ${admin.accountId})`),
    );
    expect((await as(adminToken).del(`/course/delete/${used.id}`)).body).toEqual({ outcome: 'ARCHIVED' });
    const archived = await as(adminToken).get<TCourseDetails>(`/course/details/${used.id}`);
    expect(archived.body.status).toBe('ARCHIVED');
    expect(archived.body.actions).not.toContain('edit');
    const edit = await as(adminToken).post<{ params: { reason: string } }>(`/course/update/${used.id}`, {
      language: 'en',
      title: 'x',
    });
    expect(edit).toMatchObject({ status: 409, body: { params: { reason: 'COURSE_ARCHIVED' } } });

    const withDraft = await publishedOwnCourse();
    await as(adminToken).post(`/course/update/${withDraft.id}`, { language: 'en', title: 'draft title' });
    expect((await as(adminToken).del(`/course/delete/${withDraft.id}?draftOnly=true`)).body).toEqual({
      outcome: 'DRAFT_DISCARDED',
    });
    const back = await as(adminToken).get<TCourseDetails>(`/course/details/${withDraft.id}`);
    expect(back.body).toMatchObject({
      version: { number: 1, status: 'PUBLISHED' },
      draftVersionId: null,
      title: withDraft.title,
    });
  });

  it('clones an own course into a new draft with new stable ids', async () => {
    const c = await publishedOwnCourse();
    const copy = await as(adminToken).post<TCourseDetails>('/course/clone', { courseId: c.id });
    expect(copy.status).toBe(200);
    expect(copy.body).toMatchObject({
      owner: 'OWN',
      title: `${c.title} (copy)`,
      version: { number: 1, status: 'DRAFT' },
    });
    expect(copy.body.items).toHaveLength(2);
    expect(copy.body.items[0]!.stableId).not.toBe(c.items[0]!.stableId);
  });
});

describe('who may author and see what', () => {
  it('an EMPLOYEE, a BRANCH_ADMIN and another workspace cannot author; the employee sees published courses only', async () => {
    const draft = await aCourse(t, ws.host, adminToken, { title: 'Draft only' });
    const published = await publishedOwnCourse();
    for (const token of [employeeToken, unitAdminToken]) {
      expect((await as(token).post('/course/create', { title: 'x', primaryLanguage: 'en' })).status).toBe(403);
      expect((await as(token).post(`/course/update/${published.id}`, { language: 'en', title: 'x' })).status).toBe(403);
      expect((await as(token).post(`/course/publish/${draft.id}`)).status).toBe(403);
      expect((await as(token).del(`/course/delete/${published.id}`)).status).toBe(403);
      expect(
        (await as(token).post(`/course/${published.id}/content/reorder`, { itemIds: published.items.map((i) => i.id) }))
          .status,
      ).toBe(403);
      expect((await as(token).post('/course/clone', { courseId: published.id })).status).toBe(403);
    }
    // An employee reads the published version, never a draft.
    expect((await as(employeeToken).get(`/course/details/${draft.id}`)).status).toBe(404);
    expect((await as(employeeToken).get(`/course/details/${published.id}?version=draft`)).status).toBe(404);
    const list = await as(employeeToken).post<TCoursePage>('/course/all', { pageSize: 100 });
    const ids = list.body.content.map((c) => c.id);
    expect(ids).toContain(published.id);
    expect(ids).not.toContain(draft.id);
    expect(list.body.content.find((c) => c.id === published.id)?.draftVersion).toBeNull();
    // Another workspace sees nothing of either, on its own host or this one.
    for (const id of [draft.id, published.id]) {
      expect((await as(otherAdminToken, other.host).get(`/course/details/${id}`)).status).toBe(404);
      expect(
        (await as(otherAdminToken, other.host).post(`/course/update/${id}`, { language: 'en', title: 'x' })).status,
      ).toBe(404);
      expect((await as(otherAdminToken, other.host).del(`/course/delete/${id}`)).status).toBe(404);
      expect((await as(otherAdminToken, other.host).post('/course/clone', { courseId: id })).status).toBe(404);
      expect((await as(otherAdminToken, ws.host).get(`/course/details/${id}`)).status).toBe(401);
    }
    const theirs = await as(otherAdminToken, other.host).post<TCoursePage>('/course/all', { pageSize: 100 });
    expect(theirs.body.content.map((c) => c.id)).not.toContain(published.id);
    // Workspace routes refuse the operator's catalogue variants.
    expect((await as(adminToken).post('/admin/course/create', { title: 'x', primaryLanguage: 'en' })).status).toBe(404);
  });
});

describe('the catalogue', () => {
  it('the operator authors it; a workspace sees a catalogue course only when published and made available, read-only', async () => {
    const op = as(operatorToken, TEST_PLATFORM_HOST);
    const c = await aCourse(t, TEST_PLATFORM_HOST, operatorToken, { catalogue: true, title: 'POSH basics' });
    expect(c.owner).toBe('CATALOGUE');
    await anItem(t, c.version.id, { kind: 'LESSON' });
    const catalogue = await op.post<TCoursePage>('/admin/course/all', { pageSize: 100 });
    expect(catalogue.body.content.map((x) => x.id)).toContain(c.id);
    // Made available while still a draft: invisible.
    await makeAvailable(t, ws.id, c.id, 5);
    expect((await as(adminToken).get(`/course/details/${c.id}`)).status).toBe(404);
    const published = await op.post<TCourseDetails>(`/course/publish/${c.id}`);
    expect(published.status).toBe(200);
    const seen = await as(adminToken).get<TCourseDetails>(`/course/details/${c.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ owner: 'CATALOGUE', title: 'POSH basics', draftVersionId: null });
    expect(seen.body.actions).toEqual(['view', 'preview', 'requestCredits']);
    const list = await as(adminToken).post<TCoursePage>('/course/all', { pageSize: 100, owner: 'CATALOGUE' });
    expect(list.body.content.find((x) => x.id === c.id)).toMatchObject({ credits: { balance: 5 }, owner: 'CATALOGUE' });
    // Not available to the other workspace.
    expect((await as(otherAdminToken, other.host).get(`/course/details/${c.id}`)).status).toBe(404);
    // A workspace cannot change it, through the API or the database.
    const write = await as(adminToken).post<{ params: { reason: string } }>(`/course/update/${c.id}`, {
      language: 'en',
      title: 'Hijacked',
    });
    expect(write.status).toBe(403);
    const rows = await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`update course_texts set body = '{"title":"Hijacked"}' where course_version_id = ${c.version.id} returning entity_id as id`,
      ),
    );
    expect(rows).toEqual([]);
    const insert = await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      tx.execute(sql`insert into courses (workspace_id) values (null)`),
    ).then(
      () => 'inserted',
      () => 'refused',
    );
    expect(insert).toBe('refused');
    // A workspace may not clone it (issue 21: a copy would escape credits and the catalogue's updates).
    const copy = await as(adminToken).post<{ code: string }>('/course/clone', {
      courseId: c.id,
      title: 'Our POSH course',
    });
    expect(copy.status).toBe(403);
    expect(copy.body.code).toBe('CATALOGUE_NOT_CLONABLE');
    // The operator's catalogue routes are the operator's alone.
    expect((await as(adminToken).post('/admin/course/all', {})).status).toBe(404);
    const langs = await op.get<{ language: string; courseCount: number }[]>('/admin/course/supported-languages');
    expect(langs.body.find((l) => l.language === 'en')!.courseCount).toBeGreaterThan(0);
  });
});

async function countCourses(workspaceId: string): Promise<number> {
  const [row] = await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
    queryRows<{ n: number }>(tx, sql`select count(*)::int as n from courses where workspace_id = ${workspaceId}`),
  );
  return row!.n;
}

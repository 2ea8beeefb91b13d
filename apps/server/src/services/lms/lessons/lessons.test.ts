import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPlatform } from '../../../core/db/tenant.ts';
import { courses, courseTexts, courseVersions, lessonBlocks } from '../../../db/schema.ts';
import {
  type AMember,
  type AWorkspace,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';
import { storageDrivers } from '../../../testing/storage-drivers.ts';
import { anMp4, aWebm } from '../../../testing/video-files.ts';

/** A course of `owner` (a workspace, or null: the catalogue) with a draft version 1 in English and Hindi. */
async function aCourse(t: TestApp, owner: string | null) {
  return withPlatform(t.database.db, { action: 'test.course', audit: false }, async (tx) => {
    const [course] = await tx.insert(courses).values({ workspaceId: owner }).returning({ id: courses.id });
    const [version] = await tx
      .insert(courseVersions)
      .values({
        courseId: course!.id,
        workspaceId: owner,
        number: 1,
        status: 'DRAFT',
        primaryLanguage: 'en',
        languages: ['en', 'hi'],
      })
      .returning({ id: courseVersions.id });
    await tx.update(courses).set({ draftVersionId: version!.id }).where(eq(courses.id, course!.id));
    return { id: course!.id, versionId: version!.id };
  });
}

/** Publishes a draft (as the publish route will: the version frozen, the course pointing at it). */
async function publish(t: TestApp, course: { id: string; versionId: string }) {
  await withPlatform(t.database.db, { action: 'test.publish', audit: false }, async (tx) => {
    await tx.update(courseVersions).set({ status: 'PUBLISHED' }).where(eq(courseVersions.id, course.versionId));
    await tx
      .update(courses)
      .set({ publishedVersionId: course.versionId, draftVersionId: null })
      .where(eq(courses.id, course.id));
  });
}

const png = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#a33' } })
    .png()
    .toBuffer();
/** An MP4 of about `size` bytes whose movie header says it lasts 30 s. */
const mp4 = (size: number) => anMp4(30, { mediaBytes: size - anMp4(30, { mediaBytes: 0 }).length });

describe('lessons and content blocks', () => {
  let t: TestApp;
  let ws: AWorkspace;
  let admin: AMember;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    ws = await aWorkspace(t);
    admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    token = await admin.session();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
    as = token,
    host = ws.host,
  ) =>
    t.request(host, {
      method,
      url: `/lms/api${url}`,
      token: as,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  async function aLesson(courseId: string, title = 'Welcome') {
    const res = await call('POST', '/lesson/create', { courseId, title, language: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; title: string; kind: string; position: number };
  }
  const list = async (lessonId: string, language = 'en', pageNo = 0, pageSize = 100) => {
    const res = await call('POST', '/lesson-content/all', { lessonId, language, pageNo, pageSize });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('creates, renames (per language) and deletes a lesson of a draft', async () => {
    const course = await aCourse(t, ws.id);
    const first = await aLesson(course.id, 'First');
    const second = await aLesson(course.id, 'Second');
    expect(first).toMatchObject({ kind: 'LESSON', title: 'First', position: 0, language: 'en', fallback: false });
    expect(second.position).toBe(1);

    const hi = await call('POST', `/lesson/update/${first.id}`, { title: 'पहला', language: 'hi' });
    expect(hi.json()).toMatchObject({ title: 'पहला', language: 'hi', fallback: false });
    const ta = await call('POST', `/lesson/update/${first.id}`, { title: 'x', language: 'ta' });
    expect(ta.statusCode).toBe(400);
    expect(ta.json().params.reason).toBe('LANGUAGE_NOT_IN_COURSE');

    expect((await call('DELETE', `/lesson/delete/${first.id}`)).statusCode).toBe(200);
    expect((await call('POST', '/lesson-content/all', { lessonId: first.id, language: 'en' })).statusCode).toBe(404);
    // The order closes up; the texts went with the lesson.
    const texts = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      tx.select().from(courseTexts).where(eq(courseTexts.entityId, first.id)),
    );
    expect(texts).toEqual([]);
    const again = await call('POST', `/lesson/update/${second.id}`, { title: 'Second', language: 'en' });
    expect(again.json().position).toBe(0);
  });

  it('an author sets a lesson’s minimum reading time; it follows the lesson into a new draft; bad values change nothing', async () => {
    const course = await aCourse(t, ws.id);
    const created = await call('POST', '/lesson/create', {
      courseId: course.id,
      title: 'Read me',
      language: 'en',
      minReadingSeconds: 90,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ minReadingSeconds: 90 });
    const lessonId = created.json().id as string;
    for (const bad of [-1, 3601, 1.5, '60']) {
      const res = await call('POST', `/lesson/update/${lessonId}`, {
        title: 'Read me',
        language: 'en',
        minReadingSeconds: bad,
      });
      expect(res.statusCode).toBe(400);
    }
    // Left out: unchanged; null: estimated from the words again.
    const kept = await call('POST', `/lesson/update/${lessonId}`, { title: 'Read me', language: 'en' });
    expect(kept.json()).toMatchObject({ minReadingSeconds: 90 });
    await publish(t, course);
    const draft = await call('POST', `/lesson/update/${lessonId}`, {
      title: 'Read me',
      language: 'en',
      minReadingSeconds: 120,
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json().id).not.toBe(lessonId);
    expect(draft.json()).toMatchObject({ minReadingSeconds: 120 });
    const details = await call('GET', `/course/details/${course.id}?version=published`);
    expect(details.json().items).toEqual([expect.objectContaining({ id: lessonId, minReadingSeconds: 90 })]);
    const cleared = await call('POST', `/lesson/update/${draft.json().id}`, {
      title: 'Read me',
      language: 'en',
      minReadingSeconds: null,
    });
    expect(cleared.json()).toMatchObject({ minReadingSeconds: null });
  });

  describe('every block type', () => {
    // One lesson gets a block of each type; the rules below translate, edit, move and delete them in order.
    type TBlock = { id: string; complete: boolean; settings: Record<string, unknown> } & Record<string, unknown>;
    let lesson: { id: string };
    let text: TBlock;
    let image: TBlock;
    let video: TBlock;
    let resource: TBlock;
    let area: TBlock;
    let button: TBlock;
    let notify: TBlock;
    const make = async (type: string, body: Record<string, unknown>, settings: Record<string, unknown> = {}) => {
      const res = await call('POST', '/lesson-content/create', {
        lessonId: lesson.id,
        type,
        language: 'en',
        body,
        settings,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as TBlock;
    };
    beforeAll(async () => {
      const course = await aCourse(t, ws.id);
      lesson = await aLesson(course.id);
    });

    it('creates a block of each type: text is sanitised, a file block is incomplete without its file, a setting of another type is dropped', async () => {
      text = await make('TEXT', { html: '<p>Hello <strong>all</strong><script>alert(1)</script></p>' });
      expect(text).toMatchObject({
        type: 'TEXT',
        position: 0,
        complete: true,
        body: { html: '<p>Hello <strong>all</strong></p>' },
      });
      image = await make('IMAGE', { alt: 'A poster', caption: 'The poster' }, { alignment: 'CENTER', tone: 'LEGAL' });
      // No file yet: not complete; a setting of another type is dropped.
      expect(image).toMatchObject({ complete: false, settings: { alignment: 'CENTER' }, body: { hasFile: false } });
      expect(image.settings.tone).toBeUndefined();
      video = await make('VIDEO', { title: 'Intro' });
      resource = await make('RESOURCE', { label: 'The policy' });
      area = await make('TEXT_AREA', { prompt: 'What would you do?' }, { required: true });
      expect(area).toMatchObject({ complete: true, settings: { required: true } });
      button = await make('BUTTON', { label: 'Read more', url: 'https://example.org/posh' });
      expect(button.complete).toBe(true);
      notify = await make('NOTIFY', { html: '<p>Where this comes from</p>' }, { tone: 'LEGAL' });
      expect(notify.settings).toEqual({ tone: 'LEGAL' });
    });

    it('a button goes to https only; a field of another type is refused', async () => {
      // A button goes to https only; a field of another type is refused by the contract or dropped.
      const http = await call('POST', '/lesson-content/create', {
        lessonId: lesson.id,
        type: 'BUTTON',
        language: 'en',
        body: { label: 'x', url: 'http://example.org' },
      });
      expect(http.statusCode).toBe(400);
      const stray = await call('POST', '/lesson-content/create', {
        lessonId: lesson.id,
        type: 'TEXT',
        language: 'en',
        body: { html: '<p>x</p>', fileKey: 'other-ws/lms/secret.pdf' },
      });
      expect(stray.statusCode).toBe(400);
    });

    it('lists the blocks in the order they were made', async () => {
      const page = await list(lesson.id);
      expect(page.content.map((b: { type: string }) => b.type)).toEqual([
        'TEXT',
        'IMAGE',
        'VIDEO',
        'RESOURCE',
        'TEXT_AREA',
        'BUTTON',
        'NOTIFY',
      ]);
      expect(page.content.map((b: { position: number }) => b.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    });

    it('a translation starts empty beside the English text; translating completes a block in that language only', async () => {
      // Hindi: nothing yet, the English text beside as reference.
      let hi = await list(lesson.id, 'hi');
      expect(hi.content[0]).toMatchObject({
        language: 'hi',
        complete: false,
        body: {},
        primary: { html: '<p>Hello <strong>all</strong></p>' },
      });
      const translated = await call('POST', `/lesson-content/update/${text.id}`, {
        language: 'hi',
        body: { html: '<p>नमस्ते</p>' },
      });
      expect(translated.json()).toMatchObject({ language: 'hi', complete: true, body: { html: '<p>नमस्ते</p>' } });
      await call('POST', `/lesson-content/update/${button.id}`, {
        language: 'hi',
        body: { label: 'और पढ़ें', url: 'https://example.org/hi' },
      });
      hi = await list(lesson.id, 'hi');
      expect(hi.content.filter((b: { complete: boolean }) => b.complete).map((b: { type: string }) => b.type)).toEqual([
        'TEXT',
        'BUTTON',
      ]);
      // English untouched.
      expect((await list(lesson.id)).content[0].body.html).toBe('<p>Hello <strong>all</strong></p>');
    });

    it('editing English: emptying a required field makes the block incomplete; its settings change', async () => {
      // Edit English; emptying a required field makes the text incomplete.
      const edited = await call('POST', `/lesson-content/update/${area.id}`, { language: 'en', body: { prompt: '' } });
      expect(edited.json()).toMatchObject({ complete: false });
      const tone = await call('POST', `/lesson-content/update/${notify.id}`, { settings: { tone: 'WARNING' } });
      expect(tone.json().settings).toEqual({ tone: 'WARNING' });
    });

    it('moves a block to the top and to the end, and inserts at a position', async () => {
      // Move NOTIFY (6) to the top, then IMAGE (now 2) to the end.
      expect((await call('POST', `/lesson-content/update/${notify.id}`, { position: 0 })).json().position).toBe(0);
      expect((await call('POST', `/lesson-content/update/${image.id}`, { position: 99 })).json().position).toBe(6);
      const page = await list(lesson.id);
      expect(page.content.map((b: { type: string }) => b.type)).toEqual([
        'NOTIFY',
        'TEXT',
        'VIDEO',
        'RESOURCE',
        'TEXT_AREA',
        'BUTTON',
        'IMAGE',
      ]);
      // Insert at a position.
      const inserted = await call('POST', '/lesson-content/create', {
        lessonId: lesson.id,
        type: 'TEXT',
        position: 1,
        language: 'en',
        body: { html: '<p>Second</p>' },
      });
      expect(inserted.json().position).toBe(1);
    });

    it('deleting closes the gap; a deleted block is gone', async () => {
      for (const b of [video, resource])
        expect((await call('DELETE', `/lesson-content/delete/${b.id}`)).statusCode).toBe(200);
      const page = await list(lesson.id);
      expect(page.content.map((b: { position: number }) => b.position)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(page.totalElements).toBe(6);
      expect((await call('DELETE', `/lesson-content/delete/${video.id}`)).statusCode).toBe(404);
    });
  });

  it('pages blocks a hundred at a time', async () => {
    const course = await aCourse(t, ws.id);
    const lesson = await aLesson(course.id);
    await withPlatform(t.database.db, { action: 'test.blocks', audit: false }, async (tx) => {
      const item = lesson.id;
      await tx.insert(lessonBlocks).values(
        Array.from({ length: 101 }, (_, i) => {
          const id = crypto.randomUUID();
          return {
            id,
            stableId: id,
            itemId: item,
            courseVersionId: course.versionId,
            workspaceId: ws.id,
            type: 'TEXT',
            position: i,
          };
        }),
      );
    });
    const first = await list(lesson.id);
    expect(first).toMatchObject({ totalElements: 101, numberOfElements: 100, first: true, last: false, totalPages: 2 });
    const second = await list(lesson.id, 'en', 1);
    expect(second).toMatchObject({ numberOfElements: 1, last: true });
    expect(second.content[0].position).toBe(100);
    expect(
      (await call('POST', '/lesson-content/all', { lessonId: lesson.id, language: 'en', pageSize: 101 })).statusCode,
    ).toBe(400);
  });

  it('follows writes to a published lesson into a new draft, leaving the published version as it was', async () => {
    const course = await aCourse(t, ws.id);
    const lesson = await aLesson(course.id);
    const block = (
      await call('POST', '/lesson-content/create', {
        lessonId: lesson.id,
        type: 'TEXT',
        language: 'en',
        body: { html: '<p>v1</p>' },
      })
    ).json();
    await publish(t, course);
    const changed = await call('POST', `/lesson-content/update/${block.id}`, {
      language: 'en',
      body: { html: '<p>v2</p>' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // The draft's copy: a new id, the same stable id.
    expect(changed.json()).toMatchObject({ stableId: block.stableId, body: { html: '<p>v2</p>' } });
    expect(changed.json().id).not.toBe(block.id);
    expect((await list(lesson.id)).content[0].body.html).toBe('<p>v1</p>');
    const [row] = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      tx.select().from(courses).where(eq(courses.id, course.id)),
    );
    expect(row!.draftVersionId).not.toBeNull();
    expect(row!.draftVersionId).not.toBe(course.versionId);
    // Later writes addressed to the published ids land in the same draft.
    const added = await aLesson(course.id, 'Added in v2');
    expect(added.position).toBe(1);
    const copied = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      tx
        .select()
        .from(lessonBlocks)
        .where(and(eq(lessonBlocks.courseVersionId, row!.draftVersionId!), eq(lessonBlocks.stableId, block.stableId))),
    );
    expect(copied).toHaveLength(1);
  });

  it('refuses to attach a file once the version it was uploaded for is published', async () => {
    const course = await aCourse(t, ws.id);
    const lesson = await aLesson(course.id);
    const block = (
      await call('POST', '/lesson-content/create', {
        lessonId: lesson.id,
        type: 'IMAGE',
        language: 'en',
        body: { alt: 'x' },
      })
    ).json();
    const data = await png();
    const ticket = (
      await call('POST', '/lesson-content/generate-upload-url', {
        blockId: block.id,
        language: 'en',
        kind: 'IMAGE',
        fileName: 'a.png',
        contentType: 'image/png',
        size: data.length,
      })
    ).json();
    await t.request(ws.host, {
      method: 'PUT',
      url: `/lms/api/lesson-content/upload/${ticket.uploadId}`,
      token,
      headers: { 'content-type': 'application/octet-stream' },
      payload: data,
    });
    await publish(t, course);
    const res = await call('POST', `/lesson-content/confirm-upload/${ticket.uploadId}?language=en`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().params.reason).toBe('VERSION_FROZEN');
  });

  it('is refused to an employee, a business unit admin and another workspace; the operator authors the catalogue', async () => {
    const course = await aCourse(t, ws.id);
    const lesson = await aLesson(course.id);
    const employee = await (await aMember(ws, { role: 'EMPLOYEE' })).session();
    const unitAdmin = await (await aMember(ws, { role: 'BRANCH_ADMIN' })).session();
    const other = await aWorkspace(t);
    const otherAdmin = await (await aMember(other, { role: 'WORKSPACE_ADMIN' })).session();
    const requests = [
      ['POST', '/lesson/create', { courseId: course.id, title: 'x', language: 'en' }],
      ['POST', '/lesson-content/all', { lessonId: lesson.id, language: 'en' }],
      ['POST', '/lesson-content/create', { lessonId: lesson.id, type: 'TEXT', language: 'en', body: {} }],
      ['POST', `/lesson/update/${lesson.id}`, { title: 'x', language: 'en' }],
    ] as const;
    for (const [method, url, body] of requests) {
      expect((await call(method, url, body, employee)).statusCode, url).toBe(403);
      expect((await call(method, url, body, unitAdmin)).statusCode, url).toBe(403);
      // Another workspace does not see the course at all.
      expect((await call(method, url, body, otherAdmin, other.host)).statusCode, url).toBe(404);
    }
    // A workspace cannot write into a catalogue course, even one it could see.
    const catalogue = await aCourse(t, null);
    expect(
      (await call('POST', '/lesson/create', { courseId: catalogue.id, title: 'x', language: 'en' })).statusCode,
    ).toBe(404);

    const operator = await anOperator(t);
    const opToken = await operator.signIn(t);
    const res = await call(
      'POST',
      '/lesson/create',
      { courseId: catalogue.id, title: 'Catalogue lesson', language: 'en' },
      opToken,
      TEST_PLATFORM_HOST,
    );
    expect(res.statusCode, res.body).toBe(200);
    const block = await call(
      'POST',
      '/lesson-content/create',
      { lessonId: res.json().id, type: 'TEXT', language: 'en', body: { html: '<p>c</p>' } },
      opToken,
      TEST_PLATFORM_HOST,
    );
    expect(block.json()).toMatchObject({ complete: true });
    // The operator does not reach a workspace's course through the catalogue.
    expect(
      (await call('POST', '/lesson-content/all', { lessonId: lesson.id, language: 'en' }, opToken, TEST_PLATFORM_HOST))
        .statusCode,
    ).toBe(404);
  });

  describe('media', () => {
    async function blockOf(type: string) {
      const course = await aCourse(t, ws.id);
      const lesson = await aLesson(course.id);
      const res = await call('POST', '/lesson-content/create', { lessonId: lesson.id, type, language: 'en', body: {} });
      return { course, lesson, block: res.json() };
    }
    async function upload(
      blockId: string,
      kind: string,
      data: Buffer,
      contentType: string,
      fileName: string,
      declared = data.length,
      language = 'en',
    ) {
      const ticket = await call('POST', '/lesson-content/generate-upload-url', {
        blockId,
        language,
        kind,
        fileName,
        contentType,
        size: declared,
      });
      expect(ticket.statusCode, ticket.body).toBe(200);
      const { uploadId, uploadUrl } = ticket.json();
      expect(uploadUrl).toBeNull(); // local disk: through the API
      const put = await t.request(ws.host, {
        method: 'PUT',
        url: `/lms/api/lesson-content/upload/${uploadId}`,
        token,
        headers: { 'content-type': 'application/octet-stream' },
        payload: data,
      });
      return {
        uploadId,
        put,
        confirm: () => call('POST', `/lesson-content/confirm-upload/${uploadId}?language=${language}`, {}),
      };
    }

    it('attaches a checked image per language and serves it through a signed URL', async () => {
      const { block } = await blockOf('IMAGE');
      await call('POST', `/lesson-content/update/${block.id}`, { language: 'en', body: { alt: 'Poster' } });
      const up = await upload(block.id, 'IMAGE', await png(), 'image/png', 'poster.png');
      expect(up.put.statusCode, up.put.body).toBe(200);
      const confirmed = await up.confirm();
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json()).toMatchObject({
        complete: true,
        body: { hasFile: true, fileName: 'poster.png', contentType: 'image/png' },
      });
      expect(confirmed.json().fileUrl).toBe(`/lms/api/lesson-content/file/${block.id}?language=en`);
      // The same upload cannot be confirmed twice.
      expect((await up.confirm()).statusCode).toBe(404);
      const file = await call('GET', `/lesson-content/file/${block.id}?language=en`);
      expect(file.statusCode).toBe(302);
      const got = await t.request(ws.host, { method: 'GET', url: file.headers.location as string });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/png');
      const json = await call('GET', `/lesson-content/file/${block.id}?language=en&format=json`);
      expect(json.json().url).toMatch(/^\/files\//);
      // Nothing in Hindi yet.
      expect((await call('GET', `/lesson-content/file/${block.id}?language=hi`)).statusCode).toBe(404);
      // An employee reads no draft's file.
      const employee = await (await aMember(ws, { role: 'EMPLOYEE' })).session();
      expect((await call('GET', `/lesson-content/file/${block.id}?language=en`, undefined, employee)).statusCode).toBe(
        404,
      );
    });

    it('reads a video’s length from the file at upload (kept for the learners’ progress); a file that does not say is refused', async () => {
      const { block } = await blockOf('VIDEO');
      const lengthOf = async () => {
        const rows = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
          tx.select().from(courseTexts).where(eq(courseTexts.entityId, block.id)),
        );
        return (rows[0]?.body as { durationSeconds?: number } | undefined)?.durationSeconds;
      };
      // An MP4 with only its type box, then a WebM recorded live (no duration): refused, nothing attached.
      const bare = Buffer.concat([
        Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'),
        Buffer.alloc(4000, 7),
      ]);
      for (const [data, type, name] of [
        [bare, 'video/mp4', 'bare.mp4'],
        [aWebm(30, { duration: null }), 'video/webm', 'live.webm'],
      ] as const) {
        const up = await upload(block.id, 'VIDEO', data, type, name);
        const refused = await up.confirm();
        expect([refused.statusCode, refused.json().code]).toEqual([400, 'VIDEO_LENGTH_UNKNOWN']);
      }
      expect(await lengthOf()).toBeUndefined();
      const webm = await upload(block.id, 'VIDEO', aWebm(95.5), 'video/webm', 'talk.webm');
      expect((await webm.confirm()).statusCode).toBe(200);
      expect(await lengthOf()).toBe(96);
      // A new file replaces the length with its own.
      const mp4File = await upload(block.id, 'VIDEO', anMp4(42, { moovAtEnd: true }), 'video/mp4', 'talk.mp4');
      const confirmed = await mp4File.confirm();
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await lengthOf()).toBe(42);
    });

    it('serves a video in byte ranges, with its captions', async () => {
      const { block } = await blockOf('VIDEO');
      const video = mp4(300_000);
      const up = await upload(block.id, 'VIDEO', video, 'video/mp4', 'intro.mp4');
      expect((await up.confirm()).statusCode).toBe(200);
      const captions = await upload(
        block.id,
        'CAPTIONS',
        Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n'),
        'text/vtt',
        'intro.vtt',
      );
      const done = await captions.confirm();
      expect(done.json().captionsUrl).toBe(`/lms/api/lesson-content/file/${block.id}?language=en&captions=true`);
      const redirect = await call('GET', `/lesson-content/file/${block.id}?language=en`);
      const url = redirect.headers.location as string;
      const part = await t.request(ws.host, { method: 'GET', url, headers: { range: 'bytes=100-199' } });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 100-199/300000');
      expect(part.rawPayload.equals(video.subarray(100, 200))).toBe(true);
      expect((await t.request(ws.host, { method: 'GET', url, headers: { range: 'bytes=300000-' } })).statusCode).toBe(
        416,
      );
      const whole = await t.request(ws.host, { method: 'GET', url });
      expect([whole.statusCode, whole.rawPayload.length]).toEqual([200, 300_000]);
      expect(whole.headers['content-disposition']).toMatch(/^inline/);
      const vtt = await call('GET', `/lesson-content/file/${block.id}?language=en&captions=true`);
      expect((await t.request(ws.host, { method: 'GET', url: vtt.headers.location as string })).body).toContain(
        'WEBVTT',
      );
    });

    it('refuses a renamed file of the wrong type, an oversize one, and a kind the block does not take', async () => {
      const { block } = await blockOf('IMAGE');
      const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
      const renamed = await upload(block.id, 'IMAGE', pdf, 'image/png', 'photo.png');
      expect(renamed.put.statusCode).toBe(200);
      const refused = await renamed.confirm();
      expect(refused.statusCode).toBe(415);
      expect(refused.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
      // Declared too large, or a type the kind does not take: refused before any byte is sent.
      const big = await call('POST', '/lesson-content/generate-upload-url', {
        blockId: block.id,
        language: 'en',
        kind: 'IMAGE',
        fileName: 'huge.png',
        contentType: 'image/png',
        size: 10 * 1024 * 1024 + 1,
      });
      expect([big.statusCode, big.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
      const svg = await call('POST', '/lesson-content/generate-upload-url', {
        blockId: block.id,
        language: 'en',
        kind: 'IMAGE',
        fileName: 'x.svg',
        contentType: 'image/svg+xml',
        size: 100,
      });
      expect([svg.statusCode, svg.json().code]).toEqual([415, 'FILE_TYPE_NOT_ALLOWED']);
      const wrongKind = await call('POST', '/lesson-content/generate-upload-url', {
        blockId: block.id,
        language: 'en',
        kind: 'VIDEO',
        fileName: 'x.mp4',
        contentType: 'video/mp4',
        size: 100,
      });
      expect(wrongKind.statusCode).toBe(415);
      // More bytes than declared: measured on what arrives (captions: 1 MB).
      const video = await blockOf('VIDEO');
      const lying = await upload(
        video.block.id,
        'CAPTIONS',
        Buffer.from(`WEBVTT\n\n${'x'.repeat(1024 * 1024)}`),
        'text/vtt',
        'c.vtt',
        1000,
      );
      expect([lying.put.statusCode, lying.put.json().code]).toEqual([413, 'FILE_TOO_LARGE']);
      // A type that matches its content, but not the one declared, is refused too.
      const mismatch = await upload(
        video.block.id,
        'VIDEO',
        await (async () => {
          const webm = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex');
          return Buffer.concat([webm, Buffer.alloc(1000)]);
        })(),
        'video/mp4',
        'clip.mp4',
      );
      expect((await mismatch.confirm()).statusCode).toBe(415);
    });

    it('sets a course cover from a checked image', async () => {
      const course = await aCourse(t, ws.id);
      const data = await png();
      const ticket = await call('POST', `/course/generate-upload-url-for-update/${course.id}`, {
        fileName: 'cover.png',
        contentType: 'image/png',
        size: data.length,
      });
      expect(ticket.statusCode, ticket.body).toBe(200);
      const { uploadId } = ticket.json();
      await t.request(ws.host, {
        method: 'PUT',
        url: `/lms/api/lesson-content/upload/${uploadId}`,
        token,
        headers: { 'content-type': 'image/png' },
        payload: data,
      });
      // A cover upload is not a block's.
      expect((await call('POST', `/lesson-content/confirm-upload/${uploadId}?language=en`, {})).statusCode).toBe(404);
      const res = await call('POST', `/course/confirm-cover-upload/${uploadId}`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().coverUrl).toMatch(/^\/files\//);
      const [row] = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
        tx.select().from(courses).where(eq(courses.id, course.id)),
      );
      expect(row!.coverKey).toMatch(new RegExp(`^${ws.id}/lms/\\d{14}-[0-9a-f]{8}-cover.png$`));
      const employee = await (await aMember(ws, { role: 'EMPLOYEE' })).session();
      expect(
        (
          await call(
            'POST',
            `/course/generate-upload-url-for-update/${course.id}`,
            { fileName: 'c.png', contentType: 'image/png', size: 10 },
            employee,
          )
        ).statusCode,
      ).toBe(403);
    });
  });
});

describe('lesson media on S3', () => {
  const [, s3] = storageDrivers('cp-lessons');
  let t: TestApp;
  let ws: AWorkspace;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { storage: s3!.storage() } });
    ws = await aWorkspace(t);
    token = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).session();
  });
  afterAll(async () => {
    await t.close();
  });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.request(ws.host, {
      method,
      url: `/lms/api${url}`,
      token,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('uploads to the presigned URL, checks the stored bytes and refuses the API upload', async () => {
    const course = await aCourse(t, ws.id);
    const lesson = (await call('POST', '/lesson/create', { courseId: course.id, title: 'S3', language: 'en' })).json();
    const block = (
      await call('POST', '/lesson-content/create', {
        lessonId: lesson.id,
        type: 'VIDEO',
        language: 'en',
        body: { title: 'Clip' },
      })
    ).json();
    const video = mp4(50_000);
    const ticket = (
      await call('POST', '/lesson-content/generate-upload-url', {
        blockId: block.id,
        language: 'en',
        kind: 'VIDEO',
        fileName: 'clip.mp4',
        contentType: 'video/mp4',
        size: video.length,
      })
    ).json();
    expect(ticket.uploadUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cp-lessons\//);
    const viaApi = await t.request(ws.host, {
      method: 'PUT',
      url: `/lms/api/lesson-content/upload/${ticket.uploadId}`,
      token,
      headers: { 'content-type': 'video/mp4' },
      payload: video,
    });
    expect(viaApi.statusCode).toBe(400);
    const put = await fetch(ticket.uploadUrl, { method: 'PUT', body: video, headers: { 'content-type': 'video/mp4' } });
    expect(put.status).toBe(200);
    const confirmed = await call('POST', `/lesson-content/confirm-upload/${ticket.uploadId}?language=en`, {});
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ complete: true, body: { size: 50_000, contentType: 'video/mp4' } });
    const url = (await call('GET', `/lesson-content/file/${block.id}?language=en&format=json`)).json().url;
    const part = await fetch(url, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(video.subarray(0, 100))).toBe(true);
  });
});

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { withPlatform } from '../../../core/db/tenant.ts';
import { courses, courseVersions } from '../../../db/schema.ts';
import { aMember, aWorkspace, createTestApp } from '../../../testing/index.ts';

/** The local-disk upload over a real socket (inject hands the route a different stream). */
describe('the local-disk upload route', () => {
  it('streams a PUT body received over HTTP to storage', async () => {
    const t = await createTestApp();
    const ws = await aWorkspace(t);
    const token = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).session();
    const course = await withPlatform(t.database.db, { action: 'test.course', audit: false }, async (tx) => {
      const [c] = await tx.insert(courses).values({ workspaceId: ws.id }).returning({ id: courses.id });
      const [v] = await tx
        .insert(courseVersions)
        .values({
          courseId: c!.id,
          workspaceId: ws.id,
          number: 1,
          status: 'DRAFT',
          primaryLanguage: 'en',
          languages: ['en'],
        })
        .returning({ id: courseVersions.id });
      await tx.update(courses).set({ draftVersionId: v!.id }).where(eq(courses.id, c!.id));
      return c!.id;
    });
    const addr = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const h = { origin: `http://${ws.host}`, authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (path: string, body: unknown) =>
      (await fetch(`${addr}/lms/api${path}`, { method: 'POST', headers: h, body: JSON.stringify(body) })).json();
    const lesson = await post('/lesson/create', { courseId: course, title: 'x', language: 'en' });
    const block = await post('/lesson-content/create', {
      lessonId: lesson.id,
      type: 'VIDEO',
      language: 'en',
      body: {},
    });
    const ticket = await post('/lesson-content/generate-upload-url', {
      blockId: block.id,
      language: 'en',
      kind: 'VIDEO',
      fileName: 'a.mp4',
      contentType: 'video/mp4',
      size: 100,
    });
    const res = await fetch(`${addr}/lms/api/lesson-content/upload/${ticket.uploadId}`, {
      method: 'PUT',
      headers: { ...h, 'content-type': 'video/mp4' },
      body: Buffer.alloc(100, 1),
      signal: AbortSignal.timeout(5000),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ received: true });
    const confirm = await fetch(`${addr}/lms/api/lesson-content/confirm-upload/${ticket.uploadId}?language=en`, {
      method: 'POST',
      headers: h,
      body: '{}',
    });
    // 100 bytes of 0x01 are no MP4: the bytes arrived, and were checked.
    expect(confirm.status).toBe(415);
    await t.close();
  });
});

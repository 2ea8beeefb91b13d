import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { anMp4 } from '../apps/server/src/testing/video-files.ts';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  newPage,
  port,
  settled,
  signInByApi,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();

async function token(login: string) {
  const res = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.json.accessToken;
}

/** A small MP4 whose movie header gives its length (the server reads it at upload). */
const mp4 = () => anMp4(30);

/** A course in English and Hindi with one lesson holding a text and a video (with captions), made through the API. */
async function aLessonWithVideo(admin: string) {
  const course = await api<{ id: string }>(acmeHost(), 'POST', '/lms/api/course/create', {
    token: admin,
    body: { title: 'Lessons journey', primaryLanguage: 'en', languages: ['en', 'hi'] },
  });
  expect(course.status).toBe(200);
  const lesson = await api<{ id: string }>(acmeHost(), 'POST', '/lms/api/lesson/create', {
    token: admin,
    body: { courseId: course.json.id, title: 'Welcome', language: 'en' },
  });
  expect(lesson.status).toBe(200);
  const text = await api(acmeHost(), 'POST', '/lms/api/lesson-content/create', {
    token: admin,
    body: { lessonId: lesson.json.id, type: 'TEXT', language: 'en', body: { html: '<p>Respect at work</p>' } },
  });
  expect(text.status).toBe(200);
  const video = await api<{ id: string }>(acmeHost(), 'POST', '/lms/api/lesson-content/create', {
    token: admin,
    body: { lessonId: lesson.json.id, type: 'VIDEO', language: 'en', body: { title: 'Introduction' } },
  });
  for (const [kind, data, contentType] of [
    ['VIDEO', mp4(), 'video/mp4'],
    ['CAPTIONS', Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n'), 'text/vtt'],
  ] as const) {
    const ticket = await api<{ uploadId: string }>(acmeHost(), 'POST', '/lms/api/lesson-content/generate-upload-url', {
      token: admin,
      body: {
        blockId: video.json.id,
        language: 'en',
        kind,
        fileName: `intro.${kind === 'VIDEO' ? 'mp4' : 'vtt'}`,
        contentType,
        size: data.length,
      },
    });
    expect(ticket.status).toBe(200);
    const put = await fetch(`http://127.0.0.1:${port()}/lms/api/lesson-content/upload/${ticket.json.uploadId}`, {
      method: 'PUT',
      headers: { origin: `http://${acmeHost()}`, authorization: `Bearer ${admin}`, 'content-type': contentType },
      body: data,
      signal: AbortSignal.timeout(10_000),
    });
    expect(put.status).toBe(200);
    const confirm = await api(
      acmeHost(),
      'POST',
      `/lms/api/lesson-content/confirm-upload/${ticket.json.uploadId}?language=en`,
      {
        token: admin,
        body: {},
      },
    );
    expect(confirm.status).toBe(200);
  }
  return { courseId: course.json.id, lessonId: lesson.json.id };
}

async function signIn(page: Page, login: string) {
  await signInByApi(page, acmeHost(), login);
  await page.goto(acmeUrl('/dashboard'));
  await page.waitForURL(/\/dashboard$/);
}

describe('the lesson editor', () => {
  it('an admin translates a text block into Hindi beside the English, and previews the video with captions', async () => {
    const admin = await token('admin@acme.test');
    const { courseId, lessonId } = await aLessonWithVideo(admin);
    const { context, page } = await newPage(browser());
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page, 'admin@acme.test');
      await page.goto(acmeUrl(`/courses/${courseId}/edit/lessons/${lessonId}?language=hi`));
      await page.getByRole('heading', { level: 1, name: 'Edit lesson' }).waitFor();
      const text = page.getByRole('region', { name: 'Block 1: Text' });
      await text.getByText('Respect at work').waitFor(); // the English beside, for reference
      await text.getByText('Missing in this language').waitFor();
      await text.getByRole('textbox', { name: 'Text' }).fill('काम पर सम्मान');
      await text.getByRole('button', { name: 'Save' }).click();
      await text.getByText('Complete', { exact: true }).waitFor();
      await settled(page);
      await expectAccessible(page);

      // As learners see it, in English: the video with its captions track.
      await page.goto(acmeUrl(`/courses/${courseId}/edit/lessons/${lessonId}?language=en`));
      await page.getByRole('region', { name: 'Block 2: Video' }).waitFor();
      await page.getByLabel('Show as learners see it').check();
      const video = page.locator('video');
      await video.waitFor();
      expect(await video.getAttribute('src')).toMatch(/^\/files\/.+\.mp4\?exp=/);
      expect(await page.locator('video track[kind="captions"]').getAttribute('srclang')).toBe('en');
      // The file answers byte ranges, as a seeking player asks.
      const range = await page.evaluate(
        async (src) => {
          const res = await fetch(src!, { headers: { range: 'bytes=0-9' } });
          return { status: res.status, range: res.headers.get('content-range') };
        },
        await video.getAttribute('src'),
      );
      expect(range).toEqual({ status: 206, range: `bytes 0-9/${mp4().length}` });
      await settled(page);
      await expectAccessible(page);
    } catch (err) {
      await page.screenshot({ path: '/tmp/media-lessons-failure.png', fullPage: true });
      throw err;
    } finally {
      await context.close();
    }
  });

  it('an author’s typing saves itself (Saved without pressing Save, there after a reload); leaving with a change pending asks first', async () => {
    const admin = await token('admin@acme.test');
    const { courseId, lessonId } = await aLessonWithVideo(admin);
    const { context, page } = await newPage(browser());
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page, 'admin@acme.test');
      const url = acmeUrl(`/courses/${courseId}/edit/lessons/${lessonId}?language=en`);
      await page.goto(url);
      const text = page.getByRole('region', { name: 'Block 1: Text' });
      const box = text.getByRole('textbox', { name: 'Text' });
      await box.fill('Respect at work, every day');
      await text.getByText('Saved', { exact: true }).waitFor();
      await page.reload();
      await page.getByRole('region', { name: 'Block 1: Text' }).getByText('Respect at work, every day').waitFor();

      // A save that has not reached the server yet: leaving by the page's own link asks first.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/lesson-content/update/**', async (route) => {
        await held;
        await route.continue();
      });
      await box.fill('Respect at work, every single day');
      await text.getByText('Saving…', { exact: true }).waitFor();
      await page.getByRole('link', { name: 'Back to the course' }).click();
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await ask.waitFor();
      await expectAccessible(page);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(url);
      release();
      await text.getByText('Saved', { exact: true }).waitFor();
      await page.unroute('**/lesson-content/update/**');

      // A failed save says so, and is not lost silently: leaving still asks.
      await page.route('**/lesson-content/update/**', (route) => route.abort());
      await box.fill('Respect at work, always');
      await text.getByText('The server could not be reached.').waitFor();
      await page.getByRole('link', { name: 'Back to the course' }).click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Leave without saving' }).click();
      await page.waitForURL(acmeUrl(`/courses/${courseId}/edit`));
    } catch (err) {
      await page.screenshot({ path: '/tmp/autosave-lessons-failure.png', fullPage: true });
      throw err;
    } finally {
      await context.close();
    }
  });
});

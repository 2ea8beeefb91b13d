import type {
  TEnrolmentMetadata,
  TEnrolmentProgress,
  TLearnerStats,
  TMyCoursePage,
  TMyLesson,
  TMyQuiz,
  TQuizSubmitResult,
  TVideoState,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import {
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';
import { aLearningCourse, anEnrolment, aScormCourse, type LearningCourse } from '../../../testing/learning.ts';
import { anMp4 } from '../../../testing/video-files.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.clock.reset());

type Learner = { token: string; accountId: string; host: string; workspaceId: string };

async function call<T>(
  who: Learner,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await t.request(who.host, {
    method,
    url: `/lms/api${url}`,
    token: who.token,
    headers,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() as T };
}

const platform = <T>(q: ReturnType<typeof sql>) =>
  withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) => queryRows<T>(tx, q));

/** A workspace, its course, and an enrolled employee. */
async function setup(
  opts: {
    attemptLimit?: number | null;
    dueAt?: Date | null;
    lastLessonMinReading?: number;
    video?: Record<string, unknown>;
  } = {},
) {
  const ws = await aWorkspace(t);
  const course = await aLearningCourse(t.database.db, ws.id, {
    attemptLimit: opts.attemptLimit,
    lastLessonMinReading: opts.lastLessonMinReading,
    video: opts.video,
  });
  const member = await aMember(ws, { firstName: 'Asha', lastName: 'Rao' });
  const enrolmentId = await anEnrolment(t.database.db, {
    workspaceId: ws.id,
    courseId: course.courseId,
    versionId: course.versionId,
    accountId: member.accountId,
    dueAt: opts.dueAt ?? null,
  });
  const me: Learner = { token: await member.session(), accountId: member.accountId, host: ws.host, workspaceId: ws.id };
  return { ws, course, member, me, enrolmentId };
}

const beat = (
  me: Learner,
  enrolmentId: string,
  c: LearningCourse,
  b: { from: number; to: number; position?: number },
) =>
  call<TVideoState>(me, 'POST', '/user-course-content/video-progress', {
    enrolmentId,
    blockId: c.videoBlockId,
    duration: 100,
    position: b.position ?? b.to,
    from: b.from,
    to: b.to,
  });

/** Plays the video from `from` to `to` in 5-second heartbeats, moving the clock as playback would. */
async function play(me: Learner, enrolmentId: string, c: LearningCourse, from: number, to: number) {
  await beat(me, enrolmentId, c, { from, to: from });
  let last: TVideoState | undefined;
  for (let s = from; s < to; s += 5) {
    t.clock.advance(5_000);
    last = (await beat(me, enrolmentId, c, { from: s, to: Math.min(s + 5, to) })).body;
  }
  return last!;
}

const submit = (me: Learner, enrolmentId: string, c: LearningCourse, key: string, right: boolean) =>
  call<TQuizSubmitResult>(
    me,
    'POST',
    `/user-course-content/quiz/${c.quizId}/submit`,
    { enrolmentId, answers: [{ questionId: c.questionId, selected: [right ? c.right : c.wrong] }] },
    { 'idempotency-key': key },
  );

describe('videos: the length is the server’s, and parallel heartbeats share one allowance (issue 21 item 19)', () => {
  it('a player declaring a 1-second video does not make it watched: the length read from the file counts', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const { course, me, enrolmentId } = await setup();
    const declare = (from: number, to: number) =>
      call<TVideoState>(me, 'POST', '/user-course-content/video-progress', {
        enrolmentId,
        blockId: course.videoBlockId,
        duration: 1,
        position: to,
        from,
        to,
      });
    expect((await declare(0, 0)).body).toMatchObject({ durationSeconds: 100, watchedSeconds: 0 });
    t.clock.advance(1_000);
    const after = await declare(0, 1);
    expect(after.body).toMatchObject({ durationSeconds: 100, watchedSeconds: 1, watched: false });
  });

  it('twenty heartbeats at once, 10 s after the last, are credited at most what 10 s allow (22 s), not each', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const { course, me, enrolmentId } = await setup();
    expect((await beat(me, enrolmentId, course, { from: 0, to: 0 })).status).toBe(200);
    t.clock.advance(10_000);
    // Each claims a different 20-second segment (0–20, 4–24, …): one allowance (10 s × 2.2) credits one of
    // them; any two credited together would exceed 22 s.
    const beats = await Promise.all(
      Array.from({ length: 20 }, (_, i) => beat(me, enrolmentId, course, { from: i * 4, to: i * 4 + 20 })),
    );
    expect(beats.map((b) => b.status)).toEqual(beats.map(() => 200));
    const [row] = await platform<{ watched: number }>(
      sql`select watched_seconds as watched from video_progress where enrolment_id = ${enrolmentId}`,
    );
    expect(row!.watched).toBeGreaterThan(0);
    expect(row!.watched).toBeLessThanOrEqual(22);
  });

  it('a video uploaded before lengths were stored: the length is read from the stored file; no readable file → 409, nothing counted', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const key = `lms/test/legacy-${crypto.randomUUID()}.mp4`;
    await t.app.deps.storage.put(key, anMp4(40, { moovAtEnd: true }), { contentType: 'video/mp4' });
    const { course, me, enrolmentId } = await setup({ video: { fileKey: key, durationSeconds: undefined } });
    const first = await beat(me, enrolmentId, course, { from: 0, to: 0 });
    expect(first.body).toMatchObject({ durationSeconds: 40, watchedSeconds: 0 });
    const other = await setup({ video: { fileKey: `lms/test/missing-${key}`, durationSeconds: undefined } });
    const missing = await call<{ code: string; params: { reason: string } }>(
      other.me,
      'POST',
      '/user-course-content/video-progress',
      { enrolmentId: other.enrolmentId, blockId: other.course.videoBlockId, duration: 1, position: 1, from: 0, to: 1 },
    );
    expect([missing.status, missing.body.params.reason]).toEqual([409, 'VIDEO_LENGTH_UNKNOWN']);
    const [row] = await platform<{ n: number }>(
      sql`select count(*)::int as n from video_progress where enrolment_id = ${other.enrolmentId}`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('videos: seconds actually played, the 90% rule, resuming', () => {
  it('skipping ahead counts nothing; the clock bounds every heartbeat; the position is kept', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const { course, me, enrolmentId } = await setup();
    // The first heartbeat starts the count and counts nothing.
    const first = await beat(me, enrolmentId, course, { from: 0, to: 0 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ watchedSeconds: 0, durationSeconds: 100, watched: false });
    // 5 s later, 5 s played.
    t.clock.advance(5_000);
    expect((await beat(me, enrolmentId, course, { from: 0, to: 5 })).body.watchedSeconds).toBe(5);
    // A jump to the end with no time passing counts nothing; the position is saved.
    const jump = await beat(me, enrolmentId, course, { from: 5, to: 100, position: 95 });
    expect(jump.body).toMatchObject({ watchedSeconds: 5, positionSeconds: 95, watched: false });
    // A claim of 95 s after 5 s counts at most what 2× playback allows (11 s).
    t.clock.advance(5_000);
    const claim = await beat(me, enrolmentId, course, { from: 5, to: 100 });
    expect(claim.body.watchedSeconds).toBe(16);
    // Seconds played twice count once.
    t.clock.advance(5_000);
    expect((await beat(me, enrolmentId, course, { from: 0, to: 5 })).body.watchedSeconds).toBe(16);
    // Starting the enrolment.
    const [e] = await platform<{ startedAt: Date | null }>(
      sql`select started_at as "startedAt" from enrolments where id = ${enrolmentId}`,
    );
    expect(e!.startedAt).not.toBeNull();
  });

  it('a video is watched at 90% played; the lesson cannot be completed before; resume position is served', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const { course, me, enrolmentId } = await setup();
    await play(me, enrolmentId, course, 0, 85);
    const early = await call<{ params: { reason: string } }>(me, 'POST', '/user-course-content/complete', {
      enrolmentId,
      itemId: course.lessonId,
    });
    expect(early.status).toBe(409);
    expect(early.body.params.reason).toBe('VIDEO_NOT_WATCHED');
    const lesson = await call<TMyLesson>(
      me,
      'GET',
      `/user-course-content/lesson/${course.lessonId}?enrolmentId=${enrolmentId}`,
    );
    expect(lesson.status).toBe(200);
    expect(lesson.body.videos).toEqual([
      expect.objectContaining({
        blockId: course.videoBlockId,
        positionSeconds: 85,
        watchedSeconds: 85,
        watched: false,
      }),
    ]);
    const done = await play(me, enrolmentId, course, 85, 90);
    expect(done).toMatchObject({ watchedSeconds: 90, watched: true });
    const ok = await call<TEnrolmentProgress>(me, 'POST', '/user-course-content/complete', {
      enrolmentId,
      itemId: course.lessonId,
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ itemState: 'COMPLETED', progressPercent: 33, courseCompleted: false });
  });
});

describe('items unlock in order', () => {
  it('the quiz and the last lesson are locked until the items before are completed', async () => {
    const { course, me, enrolmentId } = await setup();
    const outline = await call<TEnrolmentMetadata>(me, 'GET', `/workspace-course/metadata/${enrolmentId}?language=hi`);
    expect(outline.status).toBe(200);
    expect(outline.body.title).toBe('कार्यस्थल पर उत्पीड़न की रोकथाम');
    expect(outline.body.items.map((i) => i.state)).toEqual(['OPEN', 'LOCKED', 'LOCKED']);
    expect(outline.body.items[0]).toMatchObject({ fallback: true, language: 'en' });
    expect(outline.body.resumeItemId).toBe(course.lessonId);
    const quiz = await call<{ params: { reason: string } }>(
      me,
      'GET',
      `/user-course-content/quiz/${course.quizId}?enrolmentId=${enrolmentId}`,
    );
    expect(quiz.status).toBe(409);
    expect(quiz.body.params.reason).toBe('ITEM_LOCKED');
    expect((await submit(me, enrolmentId, course, 'locked-key-1', true)).status).toBe(409);
    const last = await call(me, 'POST', '/user-course-content/complete', { enrolmentId, itemId: course.lastLessonId });
    expect(last.status).toBe(409);
  });
});

const openLesson = (me: Learner, enrolmentId: string, itemId: string) =>
  call<TMyLesson>(me, 'GET', `/user-course-content/lesson/${itemId}?enrolmentId=${enrolmentId}`);

/** Completes the first lesson (opening it, then watching its video). */
async function passLesson(me: Learner, enrolmentId: string, course: LearningCourse) {
  expect((await openLesson(me, enrolmentId, course.lessonId)).status).toBe(200);
  await play(me, enrolmentId, course, 0, 100);
  const res = await call(me, 'POST', '/user-course-content/complete', { enrolmentId, itemId: course.lessonId });
  expect(res.status).toBe(200);
}

describe('quizzes: attempts written once, right answers only after a pass', () => {
  it('a retry with the same key counts once; a failed attempt says right or wrong, never the right answer', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const { course, me, enrolmentId } = await setup({ attemptLimit: 3 });
    await passLesson(me, enrolmentId, course);
    const before = await call<TMyQuiz>(
      me,
      'GET',
      `/user-course-content/quiz/${course.quizId}?enrolmentId=${enrolmentId}`,
    );
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ attemptsUsed: 0, attemptsAllowed: 3, attemptsLeft: 3, review: null });
    expect(JSON.stringify(before.body)).not.toContain('"correct"');
    // Without a key (or with a short one), nothing is submitted.
    const noKey = await call<{ params: { reason: string } }>(
      me,
      'POST',
      `/user-course-content/quiz/${course.quizId}/submit`,
      {
        enrolmentId,
        answers: [],
      },
    );
    expect([noKey.status, noKey.body.params.reason]).toEqual([400, 'IDEMPOTENCY_KEY_REQUIRED']);
    expect((await submit(me, enrolmentId, course, 'short', true)).status).toBe(400);
    const a = await submit(me, enrolmentId, course, 'key-aaaaaaaa', false);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ attemptNo: 1, score: 0, passed: false, attemptsLeft: 2 });
    expect(a.body.review).toEqual([
      { questionId: course.questionId, answeredCorrectly: false, points: 1, explanation: '', rightAnswer: null },
    ]);
    const again = await submit(me, enrolmentId, course, 'key-aaaaaaaa', true);
    expect(again.body).toEqual(a.body);
    const rows = await platform<{ n: number }>(
      sql`select count(*)::int as n from quiz_attempts where enrolment_id = ${enrolmentId}`,
    );
    expect(rows[0]!.n).toBe(1);
    const after = await call<TMyQuiz>(
      me,
      'GET',
      `/user-course-content/quiz/${course.quizId}?enrolmentId=${enrolmentId}`,
    );
    expect(after.body).toMatchObject({
      attemptsUsed: 1,
      attemptsLeft: 2,
      review: [{ questionId: course.questionId, answeredCorrectly: false, explanation: '', rightAnswer: null }],
      // The learner's own answers stay with the review.
      answers: [{ questionId: course.questionId, selected: [course.wrong] }],
      attempts: [{ attemptNo: 1, score: 0 }],
    });
    // A pass shows the review.
    const pass = await submit(me, enrolmentId, course, 'key-bbbbbbbb', true);
    expect(pass.body).toMatchObject({ attemptNo: 2, passed: true, score: 100 });
    expect(pass.body.review).toEqual([
      expect.objectContaining({
        questionId: course.questionId,
        answeredCorrectly: true,
        explanation: 'Any employee can.',
        rightAnswer: { correct: [course.right] },
      }),
    ]);
    // No more attempts after a pass.
    const more = await submit(me, enrolmentId, course, 'key-cccccccc', true);
    expect(more.status).toBe(409);
  });

  it('the final failed attempt does not give the right answers away: an attempt granted later is no free pass', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const { ws, course, me, member, enrolmentId } = await setup({ attemptLimit: 1 });
    await passLesson(me, enrolmentId, course);
    const last = await submit(me, enrolmentId, course, 'final-key-1', false);
    expect(last.body).toMatchObject({ attemptNo: 1, passed: false, attemptsLeft: 0 });
    // Right or wrong, but neither the right option nor the explanation (which names it).
    expect(last.body.review).toEqual([
      { questionId: course.questionId, answeredCorrectly: false, points: 1, explanation: '', rightAnswer: null },
    ]);
    const quiz = await call<TMyQuiz>(
      me,
      'GET',
      `/user-course-content/quiz/${course.quizId}?enrolmentId=${enrolmentId}`,
    );
    expect(quiz.body).toMatchObject({ attemptsLeft: 0, passed: false });
    expect(quiz.body.review).toEqual([expect.objectContaining({ answeredCorrectly: false, rightAnswer: null })]);
    for (const body of [JSON.stringify(last.body), JSON.stringify(quiz.body)]) {
      expect(body).not.toContain('Any employee can.');
      expect(body).not.toContain('"correct"');
    }
    // The same key again answers the same (no key either).
    const replayed = await submit(me, enrolmentId, course, 'final-key-1', true);
    expect(replayed.body.review).toEqual(last.body.review);
    const none = await submit(me, enrolmentId, course, 'final-key-2', true);
    expect(none.status).toBe(409);
    expect((none.body as unknown as { params: { reason: string } }).params.reason).toBe('NO_ATTEMPTS_LEFT');
    // An administrator grants one more attempt: the learner still has to know the answer.
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const granted = await t.request(ws.host, {
      method: 'POST',
      url: '/lms/api/course/increase/user-attempts',
      token: await admin.session(),
      payload: { courseId: course.courseId, userId: member.accountId, itemId: course.quizId, count: 1 },
    });
    expect(granted.statusCode).toBe(200);
    const again = await call<TMyQuiz>(
      me,
      'GET',
      `/user-course-content/quiz/${course.quizId}?enrolmentId=${enrolmentId}`,
    );
    expect(again.body).toMatchObject({ attemptsLeft: 1 });
    expect(JSON.stringify(again.body)).not.toContain('"correct"');
    // Passing it shows the right answers and the explanation.
    const pass = await submit(me, enrolmentId, course, 'final-key-3', true);
    expect(pass.body.review).toEqual([
      expect.objectContaining({
        answeredCorrectly: true,
        explanation: 'Any employee can.',
        rightAnswer: { correct: [course.right] },
      }),
    ]);
  });

  it('two tabs submitting at once: attempts n and n+1, or a clear 409 when none is left', async () => {
    const { course, me, enrolmentId } = await setup({ attemptLimit: 2 });
    await passLesson(me, enrolmentId, course);
    const [x, y, z] = await Promise.all([
      submit(me, enrolmentId, course, 'tab-one-key', false),
      submit(me, enrolmentId, course, 'tab-two-key', false),
      submit(me, enrolmentId, course, 'tab-three-key', false),
    ]);
    const ok = [x, y, z].filter((r) => r.status === 200).map((r) => r.body.attemptNo);
    expect(ok.sort()).toEqual([1, 2]);
    const refused = [x, y, z].filter((r) => r.status !== 200);
    expect(refused.map((r) => r.status)).toEqual([409]);
    const rows = await platform<{ n: number }>(
      sql`select count(*)::int as n from quiz_attempts where enrolment_id = ${enrolmentId}`,
    );
    expect(rows[0]!.n).toBe(2);
  });
});

describe('completion', () => {
  it('the last item completes the course: score, expiry from the recurrence, the certificate, the audit', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const { ws, course, me, enrolmentId } = await setup({ attemptLimit: 3, dueAt: new Date('2026-03-20T18:29:59Z') });
    await withPlatform(t.database.db, { action: 'test.settings', audit: false }, (tx) =>
      tx.execute(sql`insert into course_assignment_settings (workspace_id, course_id, recurrence_months)
          values (${ws.id}, ${course.courseId}, 12)`),
    );
    await passLesson(me, enrolmentId, course);
    await submit(me, enrolmentId, course, 'complete-key-1', false);
    const pass = await submit(me, enrolmentId, course, 'complete-key-2', true);
    expect(pass.body.progress).toMatchObject({ progressPercent: 66, courseCompleted: false });
    // The last lesson, read for its minimum time (estimated from its 4 words: 2 s).
    expect((await openLesson(me, enrolmentId, course.lastLessonId)).body.minReadingSeconds).toBe(2);
    t.clock.advance(2_000);
    const done = await call<TEnrolmentProgress>(me, 'POST', '/user-course-content/complete', {
      enrolmentId,
      itemId: course.lastLessonId,
      language: 'hi',
    });
    expect(done.status).toBe(200);
    // The quiz's best score (100) is the course's score.
    expect(done.body).toMatchObject({
      progressPercent: 100,
      courseCompleted: true,
      score: 100,
      certificateAvailable: true,
    });
    const [e] = await platform<{ completedAt: Date; expiresAt: Date; score: number }>(
      sql`select completed_at as "completedAt", expires_at as "expiresAt", score from enrolments where id = ${enrolmentId}`,
    );
    // The completion is told to the modules that care (the compliance register), in its transaction.
    const told = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job
           where name = 'compliance.on.training.completed' and data->>'enrolmentId' = ${enrolmentId}`,
    );
    expect(told[0]!.n).toBe(1);
    expect(new Date(e!.expiresAt).toISOString()).toBe(
      new Date(new Date(e!.completedAt).getTime()).toISOString().replace('2026-03', '2027-03'),
    );
    const [cert] = await platform<{ learnerName: string; courseTitle: string; language: string; score: number }>(
      sql`select learner_name as "learnerName", course_title as "courseTitle", language, score from certificates where enrolment_id = ${enrolmentId}`,
    );
    expect(cert).toEqual({
      learnerName: 'Asha Rao',
      courseTitle: 'कार्यस्थल पर उत्पीड़न की रोकथाम',
      language: 'hi',
      score: 100,
    });
    const audit = await platform<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'enrolment.completed' and target_id = ${enrolmentId}`,
    );
    expect(audit[0]!.n).toBe(1);
    const list = await call<TMyCoursePage>(me, 'POST', '/workspace-course/courses', { pageNo: 0 });
    expect(list.body.content[0]).toMatchObject({
      status: 'COMPLETED',
      progressPercent: 100,
      score: 100,
      certificateAvailable: true,
    });
  });
});

describe('a minimum reading time before a lesson can be completed', () => {
  it('counted on the server from the first opening (the author’s, else from the length); recorded with the completion', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const { course, me, enrolmentId } = await setup({ lastLessonMinReading: 60 });
    await passLesson(me, enrolmentId, course);
    expect((await submit(me, enrolmentId, course, 'reading-key-1', true)).body.passed).toBe(true);
    const complete = () =>
      call<{ params: { reason: string; seconds: number } }>(me, 'POST', '/user-course-content/complete', {
        enrolmentId,
        itemId: course.lastLessonId,
      });
    // Never opened: not read.
    const unread = await complete();
    expect([unread.status, unread.body.params.reason, unread.body.params.seconds]).toEqual([
      409,
      'READING_TIME_NOT_REACHED',
      60,
    ]);
    const opened = await openLesson(me, enrolmentId, course.lastLessonId);
    expect(opened.body).toMatchObject({ minReadingSeconds: 60, readingSecondsLeft: 60, state: 'IN_PROGRESS' });
    t.clock.advance(59_000);
    // Opening it again keeps the first opening.
    expect((await openLesson(me, enrolmentId, course.lastLessonId)).body.readingSecondsLeft).toBe(1);
    const early = await complete();
    expect([early.status, early.body.params.reason, early.body.params.seconds]).toEqual([
      409,
      'READING_TIME_NOT_REACHED',
      1,
    ]);
    const [before] = await platform<{ n: number }>(
      sql`select count(*)::int as n from enrolment_item_progress where enrolment_id = ${enrolmentId} and status = 'COMPLETED'`,
    );
    expect(before!.n).toBe(2);
    t.clock.advance(1_000);
    const done = await complete();
    expect(done.status).toBe(200);
    expect((done.body as unknown as TEnrolmentProgress).courseCompleted).toBe(true);
    const [row] = await platform<{ readingSeconds: number; minReadingSeconds: number }>(
      sql`select reading_seconds as "readingSeconds", min_reading_seconds as "minReadingSeconds"
            from enrolment_item_progress where enrolment_id = ${enrolmentId} and item_id = ${course.lastLessonId}`,
    );
    expect(row).toEqual({ readingSeconds: 60, minReadingSeconds: 60 });
    const after = await openLesson(me, enrolmentId, course.lastLessonId);
    expect(after.body).toMatchObject({ state: 'COMPLETED', readingSecondsLeft: 0 });
  });

  it('without the author’s minimum, the lesson’s words at 200 a minute', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const { course, me, enrolmentId } = await setup();
    const opened = await openLesson(me, enrolmentId, course.lessonId);
    // "Harassment is unwelcome conduct." and the video's title "A short film": 7 words, 2.1 s.
    expect(opened.body).toMatchObject({ minReadingSeconds: 3, readingSecondsLeft: 3 });
  });
});

describe('the home page counts and the list, by moving the clock', () => {
  it('not started → due soon → overdue; in progress; completed', async () => {
    t.clock.set(Date.parse('2026-03-01T06:00:00Z'));
    const ws = await aWorkspace(t);
    const member = await aMember(ws);
    const me: Learner = {
      token: await member.session(),
      accountId: member.accountId,
      host: ws.host,
      workspaceId: ws.id,
    };
    const due = new Date('2026-03-20T18:29:59Z');
    for (const title of ['A', 'B']) {
      const c = await aLearningCourse(t.database.db, ws.id, { title });
      await anEnrolment(t.database.db, {
        workspaceId: ws.id,
        courseId: c.courseId,
        versionId: c.versionId,
        accountId: member.accountId,
        dueAt: title === 'A' ? due : null,
      });
    }
    // A fresh session at each moment (a session idles out when the clock jumps days).
    const stats = async () => {
      me.token = await member.session();
      return (await call<TLearnerStats>(me, 'GET', '/workspace-course/stats')).body;
    };
    expect(await stats()).toMatchObject({
      total: 2,
      counts: { NOT_STARTED: 2, DUE_SOON: 0, OVERDUE: 0 },
      timeZone: 'Asia/Kolkata',
    });
    t.clock.set(Date.parse('2026-03-14T06:00:00Z'));
    expect((await stats()).counts).toMatchObject({ NOT_STARTED: 1, DUE_SOON: 1 });
    t.clock.set(Date.parse('2026-03-21T06:00:00Z'));
    expect((await stats()).counts).toMatchObject({ NOT_STARTED: 1, OVERDUE: 1 });
    me.token = await member.session();
    const overdue = await call<TMyCoursePage>(me, 'POST', '/workspace-course/courses', {
      status: 'OVERDUE',
      pageNo: 0,
    });
    expect(overdue.body.content.map((c) => c.title)).toEqual(['A']);
    expect(overdue.body.content[0]!.dueAt).toBe(due.toISOString());
    expect(overdue.body.timeZone).toBe('Asia/Kolkata');
  });
});

describe('a learner reads and writes only their own enrolments', () => {
  it('another learner’s enrolment is 404 on every route; another workspace’s too; removed enrolments are gone', async () => {
    t.clock.set(Date.parse('2026-03-02T09:00:00Z'));
    const { ws, course, me, enrolmentId } = await setup();
    await passLesson(me, enrolmentId, course);
    await submit(me, enrolmentId, course, 'owner-key-1', false);
    const other = await aMember(ws);
    const them: Learner = {
      token: await other.session(),
      accountId: other.accountId,
      host: ws.host,
      workspaceId: ws.id,
    };
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const adminCaller: Learner = {
      token: await admin.session(),
      accountId: admin.accountId,
      host: ws.host,
      workspaceId: ws.id,
    };
    const ws2 = await aWorkspace(t);
    const stranger = await aMember(ws2);
    const strangerCaller: Learner = {
      token: await stranger.session(),
      accountId: stranger.accountId,
      host: ws2.host,
      workspaceId: ws2.id,
    };
    for (const who of [them, adminCaller, strangerCaller]) {
      const q = `?enrolmentId=${enrolmentId}`;
      expect((await call(who, 'GET', `/workspace-course/metadata/${enrolmentId}`)).status).toBe(404);
      expect((await call(who, 'GET', `/user-course-content/lesson/${course.lessonId}${q}`)).status).toBe(404);
      expect((await call(who, 'GET', `/user-course-content/quiz/${course.quizId}${q}`)).status).toBe(404);
      expect((await beat(who, enrolmentId, course, { from: 0, to: 5 })).status).toBe(404);
      expect(
        (await call(who, 'POST', '/user-course-content/complete', { enrolmentId, itemId: course.lessonId })).status,
      ).toBe(404);
      // The owner's idempotency key answers nothing to someone else.
      expect((await submit(who, enrolmentId, course, 'owner-key-1', true)).status).toBe(404);
      expect(
        (
          await call(who, 'POST', `/user-course-content/scorm/${course.quizId}/commit`, {
            enrolmentId,
            standard: 'SCORM_12',
            cmi: { core: { lesson_status: 'passed' } },
          })
        ).status,
      ).toBe(404);
      const list = await call<TMyCoursePage>(who, 'POST', '/workspace-course/courses', { pageNo: 0 });
      expect(list.body.content).toEqual([]);
    }
    // Without a session: 401; the operator on the platform host has no enrolments: 403.
    const anonymous = await t.request(me.host, { method: 'GET', url: '/lms/api/workspace-course/stats' });
    expect(anonymous.statusCode).toBe(401);
    const operator = await anOperator(t);
    const opToken = await operator.signIn(t);
    const op = await t.request(TEST_PLATFORM_HOST, {
      method: 'GET',
      url: `/lms/api/workspace-course/metadata/${enrolmentId}`,
      token: opToken,
    });
    expect(op.statusCode).toBe(403);
    // Nothing of theirs was written.
    const [n] = await platform<{ attempts: number; videos: number }>(
      sql`select (select count(*)::int from quiz_attempts where enrolment_id = ${enrolmentId}) as attempts,
                 (select count(*)::int from video_progress where enrolment_id = ${enrolmentId}) as videos`,
    );
    expect(n).toEqual({ attempts: 1, videos: 1 });
    // A removed enrolment is gone for its learner too.
    await withPlatform(t.database.db, { action: 'test.remove', audit: false }, (tx) =>
      tx.execute(sql`update enrolments set status = 'REMOVED' where id = ${enrolmentId}`),
    );
    expect((await call(me, 'GET', `/workspace-course/metadata/${enrolmentId}`)).status).toBe(404);
  });
});

describe('SCORM commits', () => {
  it('stores the state; too large is refused; completed|passed needs the item to be open', async () => {
    const { course, me, enrolmentId } = await setup();
    const big = { core: { lesson_status: 'incomplete' }, suspend_data: 'x'.repeat(63_000), extra: 'y'.repeat(3_000) };
    const res = await call<{ params: { reason: string } }>(
      me,
      'POST',
      `/user-course-content/scorm/${course.quizId}/commit`,
      {
        enrolmentId,
        standard: 'SCORM_12',
        cmi: big,
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.params.reason).toBe('SCORM_STATE_TOO_LARGE');
    // A quiz is not a SCORM item.
    const wrongKind = await call(me, 'POST', `/user-course-content/scorm/${course.quizId}/commit`, {
      enrolmentId,
      standard: 'SCORM_12',
      cmi: { core: { lesson_status: 'passed' } },
    });
    expect(wrongKind.status).toBe(404);
  });

  it('an incomplete commit keeps the state; passed completes the item and the course (no quiz: no score)', async () => {
    const ws = await aWorkspace(t);
    const course = await aScormCourse(t.database.db, ws.id);
    const member = await aMember(ws);
    const enrolmentId = await anEnrolment(t.database.db, {
      workspaceId: ws.id,
      courseId: course.courseId,
      versionId: course.versionId,
      accountId: member.accountId,
    });
    const me: Learner = {
      token: await member.session(),
      accountId: member.accountId,
      host: ws.host,
      workspaceId: ws.id,
    };
    const url = `/user-course-content/scorm/${course.itemId}/commit`;
    const partial = await call<TEnrolmentProgress>(me, 'POST', url, {
      enrolmentId,
      standard: 'SCORM_12',
      cmi: { core: { lesson_status: 'incomplete', score: { raw: '40' } }, suspend_data: 'page=3' },
    });
    expect(partial.status).toBe(200);
    expect(partial.body).toMatchObject({ itemState: 'IN_PROGRESS', courseCompleted: false });
    const [state] = await platform<{ scormState: { suspend_data: string } }>(
      sql`select scorm_state as "scormState" from enrolment_item_progress where enrolment_id = ${enrolmentId}`,
    );
    expect(state!.scormState.suspend_data).toBe('page=3');
    const bad = await call(me, 'POST', url, { enrolmentId, standard: 'SCORM_2004', cmi: { nothing: true } });
    expect(bad.status).toBe(400);
    const done = await call<TEnrolmentProgress>(me, 'POST', url, {
      enrolmentId,
      standard: 'SCORM_12',
      cmi: { core: { lesson_status: 'passed', score: { raw: 85 } }, suspend_data: 'page=9' },
    });
    expect(done.body).toMatchObject({
      itemState: 'COMPLETED',
      courseCompleted: true,
      score: null,
      certificateAvailable: true,
    });
    const [item] = await platform<{ bestScore: number; status: string }>(
      sql`select best_score as "bestScore", status from enrolment_item_progress where enrolment_id = ${enrolmentId}`,
    );
    expect(item).toEqual({ bestScore: 85, status: 'COMPLETED' });
  });
});

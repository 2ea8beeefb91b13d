import {
  MAX_MIN_READING_SECONDS,
  READING_WORDS_PER_MINUTE,
  type TCompleteItemRequest,
  type TEnrolmentProgress,
  type TLanguage,
  type TLearnerBlock,
  type TMyLesson,
  type TVideoProgressRequest,
  type TVideoState,
  VIDEO_WATCHED_SHARE,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { errors } from '../../../core/errors.ts';
import { toLearnerBlocks } from '../lessons/learner-view.ts';
import * as lessonsRepo from '../lessons/lessons.repo.ts';
import { storedBytes, videoSecondsOf } from '../lessons/media-checks.ts';
import { afterItem, asLearner, itemNotFound, lockedConflict, mine, openItem, shownLanguage } from './learner.ts';
import * as repo from './learning.repo.ts';

/** Lessons, videos and completing a lesson: the learner's progress through a course (see learner.ts). */

// Lessons and videos

function videoState(v: repo.VideoRow): TVideoState {
  return {
    blockId: v.blockId,
    durationSeconds: v.durationSeconds,
    positionSeconds: v.positionSeconds,
    watchedSeconds: v.watchedSeconds,
    watchedShare: v.durationSeconds > 0 ? Math.min(1, v.watchedSeconds / v.durationSeconds) : 0,
    watched: v.completed,
  };
}

export function lesson(
  ctx: Ctx,
  itemId: string,
  enrolmentId: string,
  asked: TLanguage | undefined,
): Promise<TMyLesson> {
  return asLearner(ctx, async (tx, me) => {
    const e = await mine(tx, me, enrolmentId);
    const item = await openItem(tx, e, itemId, 'LESSON');
    // Reading is learning: the enrolment has started (an unassignment no longer refunds its credit).
    await repo.markStarted(tx, e.id);
    const blocks = await learnerBlocksOf(tx, e, item.id, shownLanguage(e, asked));
    const videos = await repo.videosOf(
      tx,
      e,
      blocks.filter((b) => b.type === 'VIDEO').map((b) => b.id),
    );
    // Opening the lesson starts its reading clock (kept from the first opening).
    const read = item.status === 'COMPLETED' ? null : await repo.openLesson(tx, e, item.id);
    const minimum = item.minReadingSeconds ?? readingEstimate(blocks);
    return {
      itemId: item.id,
      state: item.status === 'COMPLETED' ? 'COMPLETED' : 'IN_PROGRESS',
      blocks,
      videos: videos.map(videoState),
      minReadingSeconds: minimum,
      readingSecondsLeft: read === null ? 0 : Math.max(0, minimum - read),
    };
  });
}

/** Lengths read from files uploaded before lengths were stored (a file's key never changes its bytes). */
const probedLengths = new Map<string, number | null>();
const PROBED_LENGTHS_MAX = 2000;

/**
 * The length of a video uploaded before the server read lengths at upload: read from the stored
 * file once per server process (then remembered), never taken from the player.
 */
async function legacyVideoSeconds(ctx: Ctx, fileKey: string): Promise<number | null> {
  if (probedLengths.has(fileKey)) return probedLengths.get(fileKey) ?? null;
  const bytes = await storedBytes(ctx.storage, fileKey);
  const seconds = bytes ? await videoSecondsOf(bytes) : null;
  if (probedLengths.size >= PROBED_LENGTHS_MAX) probedLengths.delete(probedLengths.keys().next().value as string);
  probedLengths.set(fileKey, seconds);
  return seconds;
}

/**
 * A video heartbeat. The video's length is the server's (read from the file at upload, or from the
 * stored file for older uploads); the player's `duration` is ignored. Then ONE statement
 * (repo.heartbeat): the segment counts only up to what the clock allows since the previous
 * heartbeat, so skipping ahead counts nothing, and parallel heartbeats queue on the progress row.
 */
export function videoProgress(ctx: Ctx, body: TVideoProgressRequest): Promise<TVideoState> {
  return asLearner(ctx, async (tx, me) => {
    const e = await mine(tx, me, body.enrolmentId);
    const video = await repo.videoFileOf(tx, e, body.blockId, shownLanguage(e, body.language), e.primaryLanguage);
    if (!video) throw errors.notFound('LESSON_BLOCK');
    const duration = video.durationSeconds ?? (await legacyVideoSeconds(ctx, video.fileKey));
    if (!duration)
      throw errors.conflict(
        'VIDEO_LENGTH_UNKNOWN',
        'The length of this video cannot be read from its file: ask the course’s author to upload it again.',
      );
    const row = await repo.heartbeat(tx, {
      enrolmentId: body.enrolmentId,
      accountId: me.accountId,
      blockId: body.blockId,
      duration,
      position: Math.floor(body.position),
      from: Math.floor(body.from),
      to: Math.max(Math.floor(body.from), Math.floor(body.to)),
      share: VIDEO_WATCHED_SHARE,
    });
    if (!row) throw errors.notFound('LESSON_BLOCK');
    return videoState(row);
  });
}

/** The words a block shows a learner (its text, titles and captions), for the reading estimate. */
function wordsOf(b: TLearnerBlock): number {
  const text = [b.body.html?.replace(/<[^>]*>/g, ' '), b.body.title, b.body.caption, b.body.label, b.body.prompt]
    .filter(Boolean)
    .join(' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/**
 * A lesson's default minimum reading time: its words at READING_WORDS_PER_MINUTE, in whole seconds
 * (at most MAX_MIN_READING_SECONDS). Authors set their own on the lesson (`minReadingSeconds`).
 */
export function readingEstimate(blocks: TLearnerBlock[]): number {
  const words = blocks.reduce((n, b) => n + wordsOf(b), 0);
  return Math.min(MAX_MIN_READING_SECONDS, Math.ceil((words * 60) / READING_WORDS_PER_MINUTE));
}

/** The lesson's blocks in `language`, as its learner reads them. */
async function learnerBlocksOf(tx: Tx, e: repo.MyEnrolment, itemId: string, language: TLanguage) {
  const rows = await lessonsRepo.pageBlocks(tx, itemId, { offset: 0, limit: 1000 });
  const texts = await lessonsRepo.textsOf(
    tx,
    e.versionId,
    rows.map((r) => r.id),
  );
  return toLearnerBlocks(rows, texts, language, e.primaryLanguage as TLanguage);
}

/**
 * A lesson is completed by the learner: refused while a video of it is under 90% played, and before
 * its minimum reading time has passed since the learner first opened it (the author's, else from
 * its length); the time read and the minimum are recorded with the completion.
 */
export function completeLesson(ctx: Ctx, body: TCompleteItemRequest): Promise<TEnrolmentProgress> {
  return asLearner(ctx, async (tx, me) => {
    // The enrolment locked: one completion of the course at a time.
    const e = await mine(tx, me, body.enrolmentId, true);
    const item = await repo.findItemOf(tx, { id: e.id, versionId: e.versionId, cycle: e.cycle }, body.itemId);
    if (!item) throw itemNotFound();
    if (item.kind !== 'LESSON')
      throw errors.conflict('NOT_A_LESSON', 'A quiz is completed by passing it, a SCORM lesson by finishing it.');
    if (!item.open) throw lockedConflict();
    const unwatched = await repo.unwatchedVideos(tx, e, item.id);
    if (unwatched > 0)
      throw errors.conflict(
        'VIDEO_NOT_WATCHED',
        `Watch at least ${Math.round(VIDEO_WATCHED_SHARE * 100)}% of every video of this lesson first (${unwatched} left).`,
        { count: unwatched, share: Math.round(VIDEO_WATCHED_SHARE * 100) },
      );
    const language = shownLanguage(e, body.language);
    const minimum = item.minReadingSeconds ?? readingEstimate(await learnerBlocksOf(tx, e, item.id, language));
    const read = item.status === 'COMPLETED' ? minimum : ((await repo.readingSecondsOf(tx, e, item.id)) ?? 0);
    if (read < minimum)
      throw errors.conflict(
        'READING_TIME_NOT_REACHED',
        `Take the time to read this lesson: it can be completed ${minimum - read} s from now.`,
        { seconds: minimum - read, minimum },
      );
    await repo.completeItem(tx, e, item.id, { reading: { seconds: read, minimum } });
    return afterItem(ctx, tx, e, item.id, language);
  });
}

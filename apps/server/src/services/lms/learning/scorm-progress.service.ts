import {
  SCORM_CMI_MAX_BYTES,
  type TEnrolmentProgress,
  type TScormCommitRequest,
  ZScormCommitMessage,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { errors } from '../../../core/errors.ts';
import { afterItem, asLearner, mine, openItem, shownLanguage } from './learner.ts';
import * as repo from './learning.repo.ts';
import { scormOutcome } from './scorm-rules.ts';

// SCORM

/**
 * A SCORM commit: the runtime state is stored, and SCORM's rules (`scormOutcome`: 1.2 lesson_status,
 * 2004 completion and success, the manifest's mastery score) decide whether it completes the item.
 * The result is recorded as self-reported: the package reports it from the learner's browser.
 */
export function scormCommit(ctx: Ctx, itemId: string, body: TScormCommitRequest): Promise<TEnrolmentProgress> {
  if (Buffer.byteLength(JSON.stringify(body.cmi)) > SCORM_CMI_MAX_BYTES)
    throw errors.badRequest('SCORM_STATE_TOO_LARGE', 'The SCORM lesson’s saved state is larger than 64 KB.', [
      { path: 'cmi', message: 'At most 64 KB', code: 'TOO_BIG' },
    ]);
  const parsed = ZScormCommitMessage.safeParse({ type: 'scorm.commit', standard: body.standard, cmi: body.cmi });
  const invalid = () =>
    errors.badRequest('SCORM_STATE_INVALID', 'The SCORM lesson’s state is not valid.', [
      { path: 'cmi', message: 'Not a SCORM runtime state', code: 'INVALID' },
    ]);
  if (!parsed.success) throw invalid();
  return asLearner(ctx, async (tx, me) => {
    const e = await mine(tx, me, body.enrolmentId, true);
    const item = await openItem(tx, e, itemId, 'SCORM');
    const rules = await repo.scormRulesOf(tx, item.id);
    if (rules.standard && rules.standard !== parsed.data.standard) throw invalid();
    const { done, passed, score } = scormOutcome(parsed.data, rules.masteryScore ?? undefined);
    if (!done || item.status === 'COMPLETED') {
      await repo.saveScormState(tx, e, item.id, body.cmi, score);
      await repo.markStarted(tx, e.id);
      if (!done)
        return {
          enrolmentId: e.id,
          itemId: item.id,
          itemState: 'IN_PROGRESS' as const,
          progressPercent: e.progressPercent,
          courseCompleted: e.completedAt !== null,
          score: e.score,
          certificateAvailable: e.certificate,
        };
    }
    await repo.completeItem(tx, e, item.id, { bestScore: score, passed, scormState: body.cmi });
    return afterItem(ctx, tx, e, item.id, shownLanguage(e, body.language));
  });
}

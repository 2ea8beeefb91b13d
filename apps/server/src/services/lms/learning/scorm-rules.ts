import type { TScormCommitMessage } from '@app/contract';

/**
 * SCORM's rules for a commit (issue 21, item 22), decided on the server and not taken from the
 * package's word alone:
 *
 * - SCORM 1.2 (RTE 3.4.4, `cmi.core.lesson_status`): `passed` and `completed` complete the SCO;
 *   `failed`, `incomplete`, `browsed` and `not attempted` do not. When the manifest gives
 *   `adlcp:masteryscore` and the SCO reports `cmi.core.score.raw`, the score decides: at or above
 *   the mastery score is passed (complete), below it failed (not complete), whatever the status says.
 * - SCORM 2004 (RTE 4.2.4 and 4.2.22): the activity counts when `cmi.completion_status` is
 *   `completed` AND `cmi.success_status` is not `failed`. When the manifest gives
 *   `imsss:minNormalizedMeasure` and the SCO reports `cmi.score.scaled`, the scaled score decides
 *   success (at or above: passed; below: failed).
 *
 * `score` is 0–100 (2004: `score.scaled` × 100 when given, else `score.raw`; 1.2: `score.raw`).
 * `passed` is null when neither a status nor a mastery score says anything about success.
 */
export type ScormOutcome = { done: boolean; passed: boolean | null; score: number | null };

const percent = (v: string | undefined, scale = 1): number | null => {
  if (v === undefined || v === '') return null;
  const n = Number(v) * scale;
  return Number.isFinite(n) ? Math.max(0, Math.min(100, Math.round(n))) : null;
};

export function scormOutcome(message: TScormCommitMessage, masteryScore: number | undefined): ScormOutcome {
  if (message.standard === 'SCORM_12') {
    const status = message.cmi.core.lesson_status;
    const score = percent(message.cmi.core.score?.raw);
    if (masteryScore !== undefined && score !== null) {
      // The LMS sets passed/failed from the mastery score once the SCO has a score (and is not still going).
      if (status === 'incomplete' || status === 'not attempted' || status === 'browsed')
        return { done: false, passed: null, score };
      const passed = score >= masteryScore;
      return { done: passed, passed, score };
    }
    const passed = status === 'passed' ? true : status === 'failed' ? false : null;
    return { done: status === 'passed' || status === 'completed', passed, score };
  }
  const cmi = message.cmi;
  const scaled = percent(cmi.score?.scaled, 100);
  const score = scaled ?? percent(cmi.score?.raw);
  let success = cmi.success_status;
  if (masteryScore !== undefined && scaled !== null) success = scaled >= masteryScore ? 'passed' : 'failed';
  const passed = success === 'passed' ? true : success === 'failed' ? false : null;
  return { done: cmi.completion_status === 'completed' && success !== 'failed', passed, score };
}

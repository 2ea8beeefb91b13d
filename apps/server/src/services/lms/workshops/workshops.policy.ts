import type { TMyWorkshopAction, TWorkshopAction } from '@app/contract';
import { type Actor, definePolicy, holds, isSelf, refuse } from '../../../core/policy.ts';

/**
 * The facts a workshop rule needs. `reach`: whether the caller manages it — it holds
 * `courses.assign` (the assignment's scope, `assigner` in services/lms/assignments) and its scope
 * reaches the workshop's business unit (a unit admin: its own unit's workshops only). `phase`: the
 * session window by the one clock (BEFORE the code opens, OPEN while it is accepted, ENDED after).
 */
export type WorkshopFacts = {
  trainerId: string;
  status: 'SCHEDULED' | 'CANCELLED';
  reach: 'MANAGES' | 'OUTSIDE' | 'NONE';
  phase: 'BEFORE' | 'OPEN' | 'ENDED';
};

const manages = (w: WorkshopFacts) => w.reach === 'MANAGES';
const trains = (a: Actor, w: WorkshopFacts) => isSelf(a, w.trainerId);
const cancelled = () =>
  refuse.conflict('WORKSHOP_CANCELLED', 'This workshop was cancelled: it can no longer be changed.', 'cancelled');
const ended = () => refuse.conflict('WORKSHOP_ENDED', 'This workshop has ended: it can no longer be changed.', 'ended');
const notYet = () =>
  refuse.conflict('WORKSHOP_NOT_STARTED', 'Attendance can be marked once the session has started.', 'not started');

/** Managing: the managers in scope only; the workshop still to come (or under way), not cancelled. */
function change(w: WorkshopFacts) {
  if (!manages(w)) return w.reach === 'OUTSIDE' ? refuse.notFound('WORKSHOP') : false;
  if (w.status === 'CANCELLED') return cancelled();
  return w.phase !== 'ENDED' || ended();
}

/** The trainer's or a manager's: seeing it is the first condition, so a stranger reads it as missing. */
function runs(a: Actor, w: WorkshopFacts) {
  return manages(w) || trains(a, w);
}

export const workshopPolicy = definePolicy<WorkshopFacts, TWorkshopAction>('workshop', {
  view: (a, w) => runs(a, w) || refuse.notFound('WORKSHOP'),
  edit: (_a, w) => change(w),
  cancel: (_a, w) => change(w),
  markAttendance: (a, w) => {
    if (!runs(a, w)) return refuse.notFound('WORKSHOP');
    if (w.status === 'CANCELLED') return cancelled();
    return w.phase !== 'BEFORE' || notYet();
  },
  showCode: (a, w) => {
    if (!runs(a, w)) return refuse.notFound('WORKSHOP');
    if (w.status === 'CANCELLED') return cancelled();
    return w.phase !== 'ENDED' || ended();
  },
});

/** The facts of the member's own invitation. */
export type MyWorkshopFacts = {
  status: 'SCHEDULED' | 'CANCELLED';
  phase: 'BEFORE' | 'OPEN' | 'ENDED';
  attended: boolean;
};

/** What an invitee may do (the invitation is theirs: the service found it by their account). */
export const myWorkshopPolicy = definePolicy<MyWorkshopFacts, TMyWorkshopAction>('workshop', {
  downloadCalendar: (_a, w) => w.status === 'SCHEDULED' || cancelled(),
  checkIn: (_a, w) => {
    if (w.status === 'CANCELLED') return cancelled();
    if (w.attended) return refuse.conflict('ALREADY_CHECKED_IN', 'Your attendance is recorded already.', 'attended');
    if (w.phase !== 'OPEN')
      return refuse.conflict(
        'CHECK_IN_CLOSED',
        'The session code is accepted only during the session (from 15 minutes before it starts).',
        'closed',
      );
    return true;
  },
});

/**
 * Workshops as a whole: scheduling and managing them takes `courses.assign` (over the assignment's
 * scope, `assignmentPolicy`); taking part (one's own invitations) takes `learning.view`.
 */
export const workshopListPolicy = definePolicy<null, 'manage' | 'attend'>('workshops', {
  manage: (a) => holds(a, 'courses.assign') || refuse.forbidden('MANAGE_WORKSHOPS'),
  attend: (a) => holds(a, 'learning.view'),
});

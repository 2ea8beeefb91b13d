import { definePolicy, holds } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';

/** What a rule about a SCORM package knows of it: its owner, its version's state, and the caller's enrolment. */
export type ScormRecord = {
  workspaceId: string | null;
  versionStatus: string | null;
  /** The caller has an active enrolment on the version that holds the package. */
  enrolled: boolean;
};

const published = (r: ScormRecord) => r.versionStatus === 'PUBLISHED' || r.versionStatus === 'SUPERSEDED';

/**
 * Playing a SCORM package, for a workspace member. A learner (`learning.view`) plays only a package of
 * a version they are enrolled on: a catalogue package is paid for by the credit the enrolment spent.
 * An author (courses.manage, whole workspace) previews the workspace's own packages, drafts included,
 * and the published catalogue packages the workspace may preview (as `coursePolicy.preview` lets them
 * preview the rest of a catalogue course); the operator previews the catalogue on the platform host.
 * Authoring itself is `withAuthoring`'s rule.
 */
export const scormPolicy = definePolicy<ScormRecord, 'play'>('SCORM package', {
  play: (actor, record) =>
    (isAuthor(actor) && (record.workspaceId === actor.workspaceId || published(record))) ||
    (holds(actor, 'learning.view') && record.enrolled && published(record)),
});

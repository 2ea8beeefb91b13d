import { definePolicy, holds } from '../../../core/policy.ts';
import { isAuthor } from '../authoring-scope.ts';

/** What a rule about a SCORM package knows of it: its owner and its version's state. */
export type ScormRecord = { workspaceId: string | null; versionStatus: string | null };

/**
 * Playing a SCORM package, for a workspace member: authors (courses.manage, whole workspace) play
 * their own drafts (preview); `learning.view` plays published versions (own, or catalogue ones made
 * available, as row-level security shows them). Authoring itself is `withAuthoring`'s rule.
 */
export const scormPolicy = definePolicy<ScormRecord, 'play'>('SCORM package', {
  play: (actor, record) =>
    (isAuthor(actor) && record.workspaceId === actor.workspaceId) ||
    (holds(actor, 'learning.view') && (record.versionStatus === 'PUBLISHED' || record.versionStatus === 'SUPERSEDED')),
});
